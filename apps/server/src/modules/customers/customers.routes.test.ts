import type { ParcelStatus } from '@dak/domain/parcel-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, areas, aShop, type Shop } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let shopA: Shop;
let shopB: Shop;

async function book(shop: Shop, overrides: Record<string, unknown> = {}) {
  return (await aParcel(t, { shop }, overrides)).id;
}

async function finish(parcelId: string, status: ParcelStatus) {
  await t.database.db.updateTable('parcels').set({ status }).where('id', '=', parcelId).execute();
}

const url = (shop: Shop, path: string) => `/shops/${shop.shop.id}/customers${path}`;

beforeAll(async () => {
  shopA = await aShop(t);
  shopB = await aShop(t);
});

describe('customer success rate', () => {
  it('counts delivered and returned parcels to a phone across shops, counts only', async () => {
    const phone = '01911000001';
    const a1 = await book(shopA, { customerPhone: phone, customerName: 'Secret Name A' });
    const a2 = await book(shopA, { customerPhone: phone });
    const b1 = await book(shopB, { customerPhone: `+88${phone}`, customerName: 'Secret Name B' });
    const b2 = await book(shopB, { customerPhone: phone });
    await book(shopB, { customerPhone: phone }); // still pending: not counted
    await finish(a1, 'delivered');
    await finish(a2, 'returned');
    await finish(b1, 'returned');
    await finish(b2, 'returned');

    const res = await call(
      'GET',
      url(shopA, `/success-rate?phone=${encodeURIComponent('+88 01911-000001')}`),
      shopA.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      phone: '8801911000001',
      delivered: 1,
      returned: 3,
      finished: 4,
      successRate: 25,
      returnChance: 75,
      warn: true,
      flaggedByThisShop: false,
      flagReason: null,
      flaggedByShops: 0,
    });
    expect(res.body).not.toContain('Secret Name');
  });

  it('does not warn below 3 finished parcels or at 70% and above', async () => {
    const few = '01911000002';
    await finish(await book(shopA, { customerPhone: few }), 'returned');
    const r1 = (await call('GET', url(shopA, `/success-rate?phone=${few}`), shopA.token)).json();
    expect(r1).toMatchObject({ finished: 1, successRate: 0, returnChance: 100, warn: false });

    const good = '01911000003';
    for (const status of [
      'delivered',
      'delivered',
      'delivered',
      'delivered',
      'delivered',
      'delivered',
      'delivered',
      'returned',
      'returned',
      'returned',
    ] as const) {
      await finish(await book(shopB, { customerPhone: good }), status);
    }
    const r2 = (await call('GET', url(shopA, `/success-rate?phone=${good}`), shopA.token)).json();
    expect(r2).toMatchObject({ delivered: 7, returned: 3, successRate: 70, returnChance: 30, warn: false });

    const none = (await call('GET', url(shopA, '/success-rate?phone=01911000099'), shopA.token)).json();
    expect(none).toMatchObject({ finished: 0, successRate: null, returnChance: null, warn: false });
    expect((await call('GET', url(shopA, '/success-rate?phone=123'), shopA.token)).statusCode).toBe(400);
  });

  it('lets a shop flag a phone; others see only how many shops did', async () => {
    const phone = '01911000004';
    const flag = await call('PUT', url(shopA, '/flag'), shopA.token, { phone, reason: 'Refused twice' });
    expect(flag.statusCode, flag.body).toBe(200);
    expect(flag.json()).toMatchObject({
      flaggedByThisShop: true,
      flagReason: 'Refused twice',
      flaggedByShops: 1,
    });
    // Again: the reason is replaced, still one flag.
    await call('PUT', url(shopA, '/flag'), shopA.token, { phone: `+88${phone}`, reason: 'Fake orders' });
    const own = (await call('GET', url(shopA, `/success-rate?phone=${phone}`), shopA.token)).json();
    expect(own).toMatchObject({ flaggedByThisShop: true, flagReason: 'Fake orders', flaggedByShops: 1 });

    const other = await call('GET', url(shopB, `/success-rate?phone=${phone}`), shopB.token);
    expect(other.json()).toMatchObject({ flaggedByThisShop: false, flagReason: null, flaggedByShops: 1 });
    expect(other.body).not.toContain('Fake orders');

    expect((await call('PUT', url(shopA, '/flag'), shopA.token, { phone, reason: ' ' })).statusCode).toBe(
      400,
    );
    const viewer = await addMember(t, shopA.shop.id, 'viewer');
    expect((await call('PUT', url(shopA, '/flag'), viewer.token, { phone, reason: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', url(shopA, `/success-rate?phone=${phone}`), viewer.token)).statusCode).toBe(
      403,
    );
  });
});

describe('customer address book', () => {
  it('saves the customer on booking, refreshes on the next booking, finds by any phone spelling', async () => {
    const shop = await aShop(t);
    await book(shop, { customerPhone: '01555000111', customerName: 'Jamal Uddin' });
    t.clock.advance(1000);
    await book(shop, {
      customerPhone: '+8801555000111',
      customerName: 'Jamal Uddin Ahmed',
      customerAddress: 'Flat 3B, Road 11, Mirpur 10',
      deliveryAreaId: areas.mirpur,
      alternatePhone: '01855000222',
    });
    t.clock.advance(1000);
    await book(shop, { customerPhone: '01655000333', customerName: 'Nasrin Akter' });

    for (const spelling of ['01555000111', '+880 1555-000111', '8801555000111']) {
      const res = await call('GET', url(shop, `/by-phone?phone=${encodeURIComponent(spelling)}`), shop.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().customer).toMatchObject({
        phone: '8801555000111',
        name: 'Jamal Uddin Ahmed',
        address: 'Flat 3B, Road 11, Mirpur 10',
        deliveryArea: { id: areas.mirpur, nameEn: 'Mirpur 10' },
        alternatePhone: '8801855000222',
        parcelCount: 2,
      });
    }
    const unknown = await call('GET', url(shop, '/by-phone?phone=01999000000'), shop.token);
    expect(unknown.json()).toEqual({ customer: null });
    // Another shop's book is its own.
    const other = await call('GET', url(shopB, '/by-phone?phone=01555000111'), shopB.token);
    expect(other.json()).toEqual({ customer: null });

    const all = (await call('GET', url(shop, ''), shop.token)).json();
    expect(all.count).toBe(2);
    expect(all.items[0].name).toBe('Nasrin Akter');
    const byName = (await call('GET', url(shop, '?q=jamal'), shop.token)).json();
    expect(byName.items.map((c: { phone: string }) => c.phone)).toEqual(['8801555000111']);
    const byDigits = (await call('GET', url(shop, '?q=55000333'), shop.token)).json();
    expect(byDigits.items.map((c: { name: string }) => c.name)).toEqual(['Nasrin Akter']);
    const byAlternate = (await call('GET', url(shop, '?q=01855000222'), shop.token)).json();
    expect(byAlternate.count).toBe(1);
    const page = (await call('GET', url(shop, '?limit=1&offset=1'), shop.token)).json();
    expect(page).toMatchObject({ count: 2, items: [{ name: 'Jamal Uddin Ahmed' }] });
  });

  it('edits a saved customer', async () => {
    const shop = await aShop(t);
    await book(shop, { customerPhone: '01555000444', alternatePhone: '01855000555' });
    const { customer } = (await call('GET', url(shop, '/by-phone?phone=01555000444'), shop.token)).json();
    const res = await call('PUT', url(shop, `/${customer.id}`), shop.token, {
      name: 'Rahima Khatun',
      address: 'House 7, Zindabazar, Sylhet',
      deliveryAreaId: areas.sylhet,
      alternatePhone: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Rahima Khatun',
      address: 'House 7, Zindabazar, Sylhet',
      deliveryArea: { id: areas.sylhet },
      alternatePhone: null,
    });
    expect((await call('PUT', url(shop, `/${customer.id}`), shop.token, {})).statusCode).toBe(400);
    const badArea = await call('PUT', url(shop, `/${customer.id}`), shop.token, {
      deliveryAreaId: 'nowhere',
    });
    expect(badArea.statusCode).toBe(400);
    expect((await call('PUT', url(shopB, `/${customer.id}`), shopB.token, { name: 'X Y' })).statusCode).toBe(
      404,
    );
    const viewer = await addMember(t, shop.shop.id, 'viewer');
    expect((await call('PUT', url(shop, `/${customer.id}`), viewer.token, { name: 'X Y' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', url(shop, ''), viewer.token)).statusCode).toBe(200);
  });
});
