import { permissions, rolePermissions } from '@dak/domain/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/fixtures';
import { lastOtp, lastSms, registerMerchant, rowCount, uniquePhone, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Awaited<ReturnType<typeof registerMerchant>>;
beforeAll(async () => {
  owner = await registerMerchant(t.app);
});

const stored = (local: string) => `880${local.slice(1)}`;

const shopForm = () => ({
  name: '  Nodi Boutique ',
  email: 'hello@nodi.com.bd',
  address: ' House 12, Road 5,\n Mirpur 10 ',
  areaId: 'dhaka-city--mirpur-10',
  phone: uniquePhone(),
  reason: 'online_business',
  productType: 'fashion',
  productSubType: 'saree_three_piece',
});

async function createShop(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/shops', token, { ...shopForm(), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('opening a shop', () => {
  it('makes the caller its owner, trims the text and stores the phone as 880…', async () => {
    const form = shopForm();
    const res = await call('POST', '/shops', owner.token, form);
    expect(res.statusCode).toBe(201);
    const shop = res.json();
    expect(shop).toMatchObject({
      id: expect.any(String),
      name: 'Nodi Boutique',
      role: 'owner',
      merchantType: 'b2c',
      email: 'hello@nodi.com.bd',
      address: 'House 12, Road 5, Mirpur 10',
      phone: stored(form.phone),
      returnPhone: null,
      reason: 'online_business',
      productType: 'fashion',
      productSubType: 'saree_three_piece',
      area: { id: 'dhaka-city--mirpur-10', nameEn: 'Mirpur 10', districtId: 'dhaka' },
      canBook: false,
    });
    expect(shop.permissions).toEqual([...permissions]);
    const detail = await call('GET', `/shops/${shop.id}`, owner.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(shop);
  });

  it('with a pickup address, also makes the first pickup location, so the shop can book', async () => {
    const shop = await createShop(owner.token, {
      pickupAddress: 'Plot 3, Section 6, Mirpur',
      returnPhone: '',
    });
    expect(shop.canBook).toBe(true);
    const pickups = (await call('GET', `/shops/${shop.id}/pickup-locations`, owner.token)).json();
    expect(pickups.count).toBe(1);
    expect(pickups.items[0]).toMatchObject({
      name: 'Nodi Boutique',
      address: 'Plot 3, Section 6, Mirpur',
      area: { id: 'dhaka-city--mirpur-10' },
      phone: shop.phone,
      status: 'active',
    });
  });

  it('keeps the optional payload fields and the merchant type', async () => {
    const returnPhone = uniquePhone();
    const shop = await createShop(owner.token, {
      merchantType: 'offline_agent',
      preferredDeliveryZone: 'dhaka_city',
      referrerCode: 'KARIM-22',
      returnPhone,
      isCurrentTncAccepted: true,
    });
    expect(shop).toMatchObject({
      merchantType: 'offline_agent',
      preferredDeliveryZone: 'dhaka_city',
      returnPhone: stored(returnPhone),
    });
    const row = await t.database.db
      .selectFrom('shops')
      .select(['referrer_code', 'terms_accepted_at', 'owner_user_id'])
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row.referrer_code).toBe('KARIM-22');
    expect(row.terms_accepted_at).toBeInstanceOf(Date);
    expect(row.owner_user_id).toBe(owner.user.id);
  });

  it.each([
    [{ areaId: 'dhaka-city--nowhere' }, 'Please select an area from the list', 'body.areaId'],
    [
      { preferredDeliveryZone: 'mars' },
      'Please select a delivery zone from the list',
      'body.preferredDeliveryZone',
    ],
    [{ address: 'বাড়ি ১২, মিরপুর ১০' }, 'Please write the address in English', 'body.address'],
    [{ address: 'Rd 1' }, 'Shop address must have at least 5 letters or digits', 'body.address'],
    [{ address: 'House <b>12</b>, Mirpur' }, undefined, 'body.address'],
    [
      { productSubType: 'gadgets' },
      'Please select a product subtype of the chosen product type',
      'body.productSubType',
    ],
    [{ email: 'nodi@' }, 'Invalid email', 'body.email'],
    [{ phone: '01212345678' }, 'Invalid phone number', 'body.phone'],
    [{ reason: 'fun' }, 'Please select the reason for opening the shop', 'body.reason'],
    [{ isCurrentTncAccepted: false }, 'Please accept the terms and conditions', 'body.isCurrentTncAccepted'],
    [{ pickupAddress: 'পিকআপ ঠিকানা' }, 'Please write the address in English', 'body.pickupAddress'],
  ])('refuses %j with a clear message and writes nothing', async (overrides, message, path) => {
    const before = [
      await rowCount(t, 'shops'),
      await rowCount(t, 'shop_members'),
      await rowCount(t, 'pickup_locations'),
    ];
    const res = await call('POST', '/shops', owner.token, { ...shopForm(), ...overrides });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) expect(error.message).toBe(message);
    expect(error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    expect([
      await rowCount(t, 'shops'),
      await rowCount(t, 'shop_members'),
      await rowCount(t, 'pickup_locations'),
    ]).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const res = await call('POST', '/shops', undefined, shopForm());
    expect(res.statusCode).toBe(401);
  });
});

describe('my shops', () => {
  it('lists my shops, the selected one first; selecting moves a shop to the top', async () => {
    const me = await registerMerchant(t.app);
    t.clock.advance(1000);
    const second = await createShop(me.token, { name: 'Second Shop' });
    let list = (await call('GET', '/shops', me.token)).json();
    expect(list.count).toBe(2);
    // A new shop is selected as it is made; the registration shop was never selected.
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([second.id, me.shop.id]);
    expect(list.items[1]).toEqual({
      id: me.shop.id,
      name: 'Karim Fashion',
      role: 'owner',
      merchantType: 'b2c',
      lastSelectedAt: null,
    });

    t.clock.advance(1000);
    const selected = await call('POST', `/shops/${me.shop.id}/select`, me.token);
    expect(selected.statusCode, selected.body).toBe(200);
    expect(selected.json()).toEqual({ role: 'owner', permissions: [...rolePermissions.owner] });
    list = (await call('GET', '/shops', me.token)).json();
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([me.shop.id, second.id]);
  });

  it('answers 404 for a shop I do not work in, whether it exists or not', async () => {
    const stranger = await registerMerchant(t.app);
    for (const id of [owner.shop.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const url of [`/shops/${id}`, `/shops/${id}/permissions`]) {
        const res = await call('GET', url, stranger.token);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toEqual({
          code: 'NOT_FOUND',
          message: 'Shop not found',
          key: 'errors.shopNotFound',
          params: {},
        });
      }
      expect((await call('POST', `/shops/${id}/select`, stranger.token)).statusCode).toBe(404);
    }
  });

  it('gives my role and permissions in one shop, and in all of them', async () => {
    const me = await registerMerchant(t.app);
    const res = await call('GET', `/shops/${me.shop.id}/permissions`, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'owner', permissions: [...permissions] });
    const other = await createShop(me.token);
    const all = await call('GET', '/shops/permissions', me.token);
    expect(all.statusCode).toBe(200);
    // The order between two shops joined within a moment is not part of the answer: compare as sets.
    const byShop = (a: { shopId: string }, b: { shopId: string }) => a.shopId.localeCompare(b.shopId);
    expect([...all.json().items].sort(byShop)).toEqual(
      [
        { shopId: me.shop.id, role: 'owner', permissions: [...permissions] },
        { shopId: other.id, role: 'owner', permissions: [...permissions] },
      ].sort(byShop),
    );
  });

  it('shows a shop made at registration with its settings still empty', async () => {
    const me = await registerMerchant(t.app);
    const shop = (await call('GET', `/shops/${me.shop.id}`, me.token)).json();
    expect(shop).toMatchObject({
      name: 'Karim Fashion',
      email: null,
      address: null,
      area: null,
      phone: null,
      productType: null,
      canBook: false,
    });
  });
});

describe('shop settings', () => {
  it('changes the given fields only', async () => {
    const shop = await createShop(owner.token);
    const res = await call('PATCH', `/shops/${shop.id}`, owner.token, {
      name: 'Nodi Boutique & Co.',
      address: 'Shop 14, Level 5, Bashundhara City',
      areaId: 'dhaka-city--dhanmondi',
      productType: 'beauty_health',
      productSubType: 'skin_care',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...shop,
      name: 'Nodi Boutique & Co.',
      address: 'Shop 14, Level 5, Bashundhara City',
      area: { id: 'dhaka-city--dhanmondi' },
      productType: 'beauty_health',
      productSubType: 'skin_care',
    });
  });

  it.each([
    [{ productType: 'electronics' }, 'Send the product type and subtype together'],
    [
      { productType: 'electronics', productSubType: 'shoes' },
      'Please select a product subtype of the chosen product type',
    ],
    [{ areaId: 'nowhere' }, 'Please select an area from the list'],
    [{ email: 'not-an-email' }, 'Invalid email'],
    [{ name: '' }, 'Shop name is required'],
    [{ address: 'মিরপুর' }, 'Please write the address in English'],
  ])('refuses %j and changes nothing', async (body, message) => {
    const shop = await createShop(owner.token);
    const res = await call('PATCH', `/shops/${shop.id}`, owner.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await call('GET', `/shops/${shop.id}`, owner.token)).json()).toEqual(shop);
  });
});

describe("the shop's phone and return phone", () => {
  it.each([
    ['phone', 'phone'],
    ['return-phone', 'returnPhone'],
  ] as const)('changes /%s only with the code sent to the new number', async (path, field) => {
    const shop = await createShop(owner.token);
    const newPhone = uniquePhone();

    const sent = await call('POST', `/shops/${shop.id}/${path}/otp`, owner.token, { phone: newPhone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const code = await lastOtp(t.app, newPhone);

    // Without the code, a wrong code, or a code for another number: nothing changes.
    const missing = await call('PUT', `/shops/${shop.id}/${path}`, owner.token, { phone: newPhone });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('OTP is required');
    const wrong = await call('PUT', `/shops/${shop.id}/${path}`, owner.token, {
      phone: newPhone,
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'OTP_INVALID', message: 'OTP is invalid' });
    const otherNumber = await call('PUT', `/shops/${shop.id}/${path}`, owner.token, {
      phone: uniquePhone(),
      code,
    });
    expect(otherNumber.statusCode).toBe(400);
    expect((await call('GET', `/shops/${shop.id}`, owner.token)).json()[field]).toBe(shop[field]);

    const done = await call('PUT', `/shops/${shop.id}/${path}`, owner.token, { phone: newPhone, code });
    expect(done.statusCode).toBe(200);
    expect(done.json()[field]).toBe(stored(newPhone));

    // A code works once.
    const again = await call('PUT', `/shops/${shop.id}/${path}`, owner.token, { phone: newPhone, code });
    expect(again.statusCode).toBe(400);
  });

  it('does not take a code sent for the other number', async () => {
    const shop = await createShop(owner.token);
    const newPhone = uniquePhone();
    await call('POST', `/shops/${shop.id}/phone/otp`, owner.token, { phone: newPhone });
    const code = await lastOtp(t.app, newPhone);
    const res = await call('PUT', `/shops/${shop.id}/return-phone`, owner.token, { phone: newPhone, code });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `/shops/${shop.id}`, owner.token)).json().returnPhone).toBeNull();
  });

  it('sends nothing when the number is already the shop phone', async () => {
    const shop = await createShop(owner.token);
    const before = await rowCount(t, 'otp_codes');
    const res = await call('POST', `/shops/${shop.id}/phone/otp`, owner.token, { phone: shop.phone });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This is already the number on the shop');
    expect(await rowCount(t, 'otp_codes')).toBe(before);
  });

  it('tells the new number what the code is for', async () => {
    const shop = await createShop(owner.token);
    const newPhone = uniquePhone();
    await call('POST', `/shops/${shop.id}/return-phone/otp`, owner.token, { phone: newPhone });
    expect(await lastSms(t.app, newPhone)).toMatch(/return phone/);
  });
});

describe("a shop's public card", () => {
  it('shows anyone the name and area only', async () => {
    const shop = await createShop(owner.token, { returnPhone: uniquePhone() });
    const res = await call('GET', `/public/shops/${shop.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: shop.id,
      name: 'Nodi Boutique',
      area: {
        nameEn: 'Mirpur 10',
        nameBn: expect.any(String),
        districtId: 'dhaka',
        districtNameEn: 'Dhaka',
        districtNameBn: expect.any(String),
      },
    });
    expect(res.body).not.toContain(shop.phone);
    expect(res.body).not.toContain('hello@nodi.com.bd');
  });

  it('answers 404 for an unknown shop and 400 for a malformed id', async () => {
    expect((await call('GET', '/public/shops/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/public/shops/abc')).statusCode).toBe(400);
  });
});

describe('the API document', () => {
  it('describes the shop, pickup and team routes with their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/v1/shops',
      '/api/v1/shops/permissions',
      '/api/v1/shops/{shopId}',
      '/api/v1/shops/{shopId}/select',
      '/api/v1/shops/{shopId}/permissions',
      '/api/v1/shops/{shopId}/phone/otp',
      '/api/v1/shops/{shopId}/return-phone',
      '/api/v1/shops/{shopId}/pickup-locations',
      '/api/v1/shops/{shopId}/pickup-locations/{pickupLocationId}',
      '/api/v1/shops/{shopId}/members',
      '/api/v1/shops/{shopId}/members/{userId}',
      '/api/v1/public/shops/{shopId}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const create = doc.paths['/api/v1/shops'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(
      expect.arrayContaining([
        'name',
        'email',
        'address',
        'areaId',
        'phone',
        'reason',
        'productType',
        'productSubType',
      ]),
    );
  });
});
