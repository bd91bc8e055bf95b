import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/fixtures';
import { lastOtp, registerMerchant, rowCount, uniquePhone, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Awaited<ReturnType<typeof registerMerchant>>;
let editor: string;
let viewer: string;
beforeAll(async () => {
  owner = await registerMerchant(t.app);
  editor = await addMember(owner.shop.id, 'editor');
  viewer = await addMember(owner.shop.id, 'viewer');
});

/** Adds an employee through the API and signs them in with a code; returns their token. */
async function addMember(shopId: string, role: 'editor' | 'viewer') {
  const phone = uniquePhone();
  await call('POST', `/shops/${shopId}/members/otp`, owner.token, { phone });
  const added = await call('POST', `/shops/${shopId}/members`, owner.token, {
    phone,
    role,
    code: await lastOtp(t.app, phone),
  });
  expect(added.statusCode, added.body).toBe(201);
  await call('POST', '/auth/otp/request', undefined, { phone });
  const session = await call('POST', '/auth/otp/verify', undefined, {
    phone,
    code: await lastOtp(t.app, phone),
  });
  return session.json().token as string;
}

const pickupForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mirpur warehouse',
  address: 'House 12, Road 5, Mirpur 10',
  areaId: 'dhaka-city--mirpur-10',
  phone: uniquePhone(),
  ...overrides,
});

const url = (shopId = owner.shop.id) => `/shops/${shopId}/pickup-locations`;

describe('adding a pickup location', () => {
  it('creates it active, answers with the spec message, and lets the shop book', async () => {
    const me = await registerMerchant(t.app);
    expect((await call('GET', `/shops/${me.shop.id}`, me.token)).json().canBook).toBe(false);
    const alternate = uniquePhone();
    const res = await call(
      'POST',
      url(me.shop.id),
      me.token,
      pickupForm({ alternatePhone: alternate, name: ' Main store ' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(String),
      name: 'Main store',
      address: 'House 12, Road 5, Mirpur 10',
      area: { id: 'dhaka-city--mirpur-10', nameEn: 'Mirpur 10', districtNameEn: 'Dhaka' },
      alternatePhone: `880${alternate.slice(1)}`,
      status: 'active',
      message: 'Pickup created successfully',
    });
    expect((await call('GET', `/shops/${me.shop.id}`, me.token)).json().canBook).toBe(true);
  });

  it.each([
    [{ name: '' }, 'Pickup name is required'],
    [{ address: '' }, 'Pickup address is required'],
    [{ address: 'মিরপুর ১০, ঢাকা' }, 'Please write the address in English'],
    [{ address: 'Rd 1' }, 'Pickup address must have at least 5 letters or digits'],
    [{ areaId: '' }, 'Please select the area'],
    [{ areaId: 'dhaka-city--atlantis' }, 'Please select an area from the list'],
    [{ phone: '0171234' }, 'Invalid phone number'],
    [
      { phone: '01712345678', alternatePhone: '+8801712345678' },
      'The alternate phone must be different from the phone',
    ],
  ])('refuses %j and writes nothing', async (overrides, message) => {
    const before = await rowCount(t, 'pickup_locations');
    const res = await call('POST', url(), owner.token, pickupForm(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await rowCount(t, 'pickup_locations')).toBe(before);
  });

  it('refuses an area we do not cover', async () => {
    await t.database.db
      .updateTable('areas')
      .set({ is_covered: false })
      .where('id', '=', 'kushtia--mirpur')
      .execute();
    const res = await call('POST', url(), owner.token, pickupForm({ areaId: 'kushtia--mirpur' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'We do not pick up from this area yet. Please choose another area.',
    );
    await t.database.db
      .updateTable('areas')
      .set({ is_covered: true })
      .where('id', '=', 'kushtia--mirpur')
      .execute();
  });

  it('lets an editor add one, not a viewer', async () => {
    expect((await call('POST', url(), editor, pickupForm({ name: 'Editor store' }))).statusCode).toBe(201);
    const before = await rowCount(t, 'pickup_locations');
    const res = await call('POST', url(), viewer, pickupForm());
    expect(res.statusCode).toBe(403);
    expect(await rowCount(t, 'pickup_locations')).toBe(before);
  });
});

describe('the pickup list', () => {
  it('lists newest first, filters by status and name (any case), and pages with a total count', async () => {
    const me = await registerMerchant(t.app);
    const names = ['Dhanmondi Shop', 'Uttara Godown', 'Mirpur DOHS Store', 'Banani Store'];
    const ids: string[] = [];
    for (const name of names) {
      t.clock.advance(1000);
      ids.push((await call('POST', url(me.shop.id), me.token, pickupForm({ name }))).json().id);
    }
    await call('PUT', `${url(me.shop.id)}/${ids[1]}`, me.token, { status: 'inactive' });

    const all = (await call('GET', url(me.shop.id), me.token)).json();
    expect(all.count).toBe(4);
    expect(all.items.map((p: { name: string }) => p.name)).toEqual([...names].reverse());

    const active = (await call('GET', `${url(me.shop.id)}?status=active`, me.token)).json();
    expect(active.items.map((p: { name: string }) => p.name)).toEqual([
      'Banani Store',
      'Mirpur DOHS Store',
      'Dhanmondi Shop',
    ]);
    const inactive = (await call('GET', `${url(me.shop.id)}?status=inactive`, me.token)).json();
    expect(inactive).toMatchObject({ count: 1, items: [{ name: 'Uttara Godown', status: 'inactive' }] });

    const search = (await call('GET', `${url(me.shop.id)}?q=STORE`, me.token)).json();
    expect(search.items.map((p: { name: string }) => p.name)).toEqual(['Banani Store', 'Mirpur DOHS Store']);
    // LIKE wildcards are text, not patterns.
    expect((await call('GET', `${url(me.shop.id)}?q=%25`, me.token)).json().count).toBe(0);

    const page = (await call('GET', `${url(me.shop.id)}?limit=2&offset=2`, me.token)).json();
    expect(page.count).toBe(4);
    expect(page.items.map((p: { name: string }) => p.name)).toEqual(['Uttara Godown', 'Dhanmondi Shop']);

    expect((await call('GET', `${url(me.shop.id)}?status=deleted`, me.token)).statusCode).toBe(400);
    expect((await call('GET', `${url(me.shop.id)}?limit=0`, me.token)).statusCode).toBe(400);
  });

  it('is readable by a viewer', async () => {
    const res = await call('GET', url(), viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(0);
  });
});

describe('editing a pickup location', () => {
  it('changes the given fields, reports success, and switches booking off with the last active one', async () => {
    const me = await registerMerchant(t.app);
    const created = (
      await call('POST', url(me.shop.id), me.token, pickupForm({ alternatePhone: uniquePhone() }))
    ).json();
    const res = await call('PUT', `${url(me.shop.id)}/${created.id}`, me.token, {
      name: 'Gulshan office',
      areaId: 'dhaka-city--gulshan-1',
      alternatePhone: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: 'Gulshan office',
      address: created.address,
      phone: created.phone,
      area: { id: 'dhaka-city--gulshan-1' },
      alternatePhone: null,
      message: 'Pickup updated successfully',
    });

    const off = await call('PUT', `${url(me.shop.id)}/${created.id}`, me.token, { status: 'inactive' });
    expect(off.json().status).toBe('inactive');
    expect((await call('GET', `/shops/${me.shop.id}`, me.token)).json().canBook).toBe(false);
    await call('PUT', `${url(me.shop.id)}/${created.id}`, me.token, { status: 'active' });
    expect((await call('GET', `/shops/${me.shop.id}`, me.token)).json().canBook).toBe(true);
  });

  it('refuses bad edits and keeps the location as it was', async () => {
    const created = (await call('POST', url(), owner.token, pickupForm())).json();
    const { message: _, ...before } = created;
    for (const [body, message] of [
      [{}, 'Nothing to update'],
      [{ address: 'বাড়ি ৫' }, 'Please write the address in English'],
      [{ areaId: 'nowhere' }, 'Please select an area from the list'],
      [{ alternatePhone: created.phone }, 'The alternate phone must be different from the phone'],
      [{ status: 'deleted' }, undefined],
    ] as const) {
      const res = await call('PUT', `${url()}/${created.id}`, owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect((await call('GET', `${url()}/${created.id}`, owner.token)).json()).toEqual(before);
  });

  it("answers 404 for another shop's pickup location, even to that shop's owner through my shop", async () => {
    const other = await registerMerchant(t.app);
    const theirs = (await call('POST', url(other.shop.id), other.token, pickupForm())).json();
    // Through my shop's path, their location does not exist.
    const viaMine = await call('PUT', `${url()}/${theirs.id}`, owner.token, { name: 'Hijacked' });
    expect(viaMine.statusCode).toBe(404);
    expect(viaMine.json().error.message).toBe('Pickup location not found');
    expect((await call('GET', `${url()}/${theirs.id}`, owner.token)).statusCode).toBe(404);
    // Through their shop's path, I am not a member.
    const viaTheirs = await call('PUT', `${url(other.shop.id)}/${theirs.id}`, owner.token, {
      name: 'Hijacked',
    });
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.json().error.message).toBe('Shop not found');
    expect((await call('GET', `${url(other.shop.id)}/${theirs.id}`, other.token)).json().name).toBe(
      'Mirpur warehouse',
    );
  });

  it('lets a viewer read one but not change it', async () => {
    const created = (await call('POST', url(), owner.token, pickupForm())).json();
    expect((await call('GET', `${url()}/${created.id}`, viewer)).statusCode).toBe(200);
    expect((await call('PUT', `${url()}/${created.id}`, viewer, { status: 'inactive' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `${url()}/${created.id}`, editor, { status: 'inactive' })).statusCode).toBe(
      200,
    );
  });
});
