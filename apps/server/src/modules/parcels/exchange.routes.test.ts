import { beforeAll, describe, expect, it } from 'vitest';
import { aBooking, areas, aShop, parcelCount, type Shop } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let shopA: Shop;
let shopB: Shop;

const info = (shop: Shop, overrides: Record<string, unknown> = {}) => aBooking(shop.pickupId, overrides);

function exchange(shop: Shop, body: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${shop.shop.id}/parcels/exchange`,
    headers: { authorization: `Bearer ${shop.token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function bookReverse(shop: Shop, overrides: Record<string, unknown> = {}) {
  const res = await call(
    'POST',
    `/shops/${shop.shop.id}/parcels`,
    shop.token,
    info(shop, { parcelType: 'reverse', cashCollectionAmount: 0, ...overrides }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; trackingId: string; charge: { totalCharge: number } }>();
}

const detail = async (shop: Shop, id: string) =>
  (await call('GET', `/shops/${shop.shop.id}/parcels/${id}`, shop.token)).json();

const countParcels = (shopId: string) => parcelCount(t, shopId);

beforeAll(async () => {
  shopA = await aShop(t);
  shopB = await aShop(t);
});

describe('booking an exchange', () => {
  it('books the forward parcel and its reverse leg together, linked both ways, with the surcharge', async () => {
    const plain = await call('POST', `/shops/${shopA.shop.id}/parcels`, shopA.token, info(shopA));
    const res = await exchange(shopA, { forwardParcelInfo: info(shopA), sourcePanel: 'merchant' });
    expect(res.statusCode, res.body).toBe(201);
    const { forward, reverse, message } = res.json();
    expect(message).toBe('Exchange parcel created successfully');
    expect(forward).toMatchObject({
      parcelType: 'forward',
      flowType: 'exchange_return',
      status: 'pickup_pending',
    });
    expect(reverse).toMatchObject({
      parcelType: 'reverse',
      flowType: 'exchange_return',
      customerPhone: '8801712345678',
      cashCollectionAmount: 0,
      charge: { totalCharge: 0 },
    });
    // Surcharge: 50% of the weight charge on top of the plain parcel's delivery charge.
    expect(forward.charge.deliveryCharge).toBe(plain.json().charge.deliveryCharge * 1.5);

    const f = await detail(shopA, forward.id);
    expect(f.exchange).toEqual({
      role: 'reverse',
      id: reverse.id,
      trackingId: reverse.trackingId,
      status: 'pickup_pending',
    });
    const r = await detail(shopA, reverse.id);
    expect(r.exchange).toMatchObject({ role: 'forward', id: forward.id, trackingId: forward.trackingId });
    expect((await detail(shopA, plain.json().id)).exchange).toBeNull();
  });

  it('links an existing reverse parcel of the shop, which then has no charge of its own', async () => {
    const leg = await bookReverse(shopA, { customerPhone: '01712000001' });
    expect(leg.charge.totalCharge).toBeGreaterThan(0);
    const before = await countParcels(shopA.shop.id);
    const res = await exchange(shopA, {
      forwardParcelInfo: info(shopA, { customerPhone: '+8801712000001' }),
      reverseParcelId: leg.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reverse).toMatchObject({
      id: leg.id,
      flowType: 'exchange_return',
      charge: { totalCharge: 0 },
    });
    expect(await countParcels(shopA.shop.id)).toBe(before + 1);
    expect((await detail(shopA, leg.id)).exchange).toMatchObject({
      role: 'forward',
      id: res.json().forward.id,
    });
  });

  it('lets only one of two racing exchanges take a reverse parcel', async () => {
    const leg = await bookReverse(shopA, { customerPhone: '01712000005' });
    const body = (invoiceId: string) => ({
      forwardParcelInfo: info(shopA, { customerPhone: '01712000005', invoiceId }),
      reverseParcelId: leg.id,
    });
    const results = await Promise.all([exchange(shopA, body('race-1')), exchange(shopA, body('race-2'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const forwards = await t.database.db
      .selectFrom('parcels')
      .select('id')
      .where('reverse_parcel_id', '=', leg.id)
      .execute();
    expect(forwards).toHaveLength(1);
  });

  it('refuses another shop’s parcel as 404, and books nothing', async () => {
    const foreign = await bookReverse(shopB);
    const before = await countParcels(shopA.shop.id);
    const res = await exchange(shopA, { forwardParcelInfo: info(shopA), reverseParcelId: foreign.id });
    expect(res.statusCode, res.body).toBe(404);
    expect(await countParcels(shopA.shop.id)).toBe(before);
    expect((await detail(shopB, foreign.id)).exchange).toBeNull();
  });

  it('refuses a reverse parcel already linked (409), a forward parcel, a deleted one, another phone', async () => {
    const leg = await bookReverse(shopA, { customerPhone: '01712000002' });
    const first = await exchange(shopA, {
      forwardParcelInfo: info(shopA, { customerPhone: '01712000002' }),
      reverseParcelId: leg.id,
    });
    expect(first.statusCode, first.body).toBe(201);
    const before = await countParcels(shopA.shop.id);

    const again = await exchange(shopA, {
      forwardParcelInfo: info(shopA, { customerPhone: '01712000002', invoiceId: 'second' }),
      reverseParcelId: leg.id,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This reverse parcel is already linked to an exchange',
    });

    const forwardParcel = (
      await call('POST', `/shops/${shopA.shop.id}/parcels`, shopA.token, info(shopA))
    ).json();
    const asLeg = await exchange(shopA, {
      forwardParcelInfo: info(shopA),
      reverseParcelId: forwardParcel.id,
    });
    expect(asLeg.statusCode).toBe(400);
    expect(asLeg.json().error.details.fields).toEqual([
      { path: 'body.reverseParcelId', message: 'Only a reverse parcel can be the return leg of an exchange' },
    ]);

    const deleted = await bookReverse(shopA);
    expect(
      (await call('DELETE', `/shops/${shopA.shop.id}/parcels/${deleted.id}`, shopA.token)).statusCode,
    ).toBe(200);
    const del = await exchange(shopA, { forwardParcelInfo: info(shopA), reverseParcelId: deleted.id });
    expect(del.statusCode).toBe(400);
    expect(del.json().error.message).toBe('This reverse parcel was deleted or cancelled');

    const otherPhone = await bookReverse(shopA, { customerPhone: '01712000003' });
    const other = await exchange(shopA, { forwardParcelInfo: info(shopA), reverseParcelId: otherPhone.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('The reverse parcel is for another customer phone');

    // None of the refusals booked anything (the forward parcel and two reverse legs above did).
    expect(await countParcels(shopA.shop.id)).toBe(before + 3);
  });

  it('refuses a reverse forward leg, and checks the forward leg like a booking', async () => {
    const before = await countParcels(shopA.shop.id);
    const reverseFirst = await exchange(shopA, { forwardParcelInfo: info(shopA, { parcelType: 'reverse' }) });
    expect(reverseFirst.statusCode).toBe(400);
    expect(reverseFirst.body).toContain('The exchange parcel must be a forward parcel');
    const badPhone = await exchange(shopA, { forwardParcelInfo: info(shopA, { customerPhone: '123' }) });
    expect(badPhone.statusCode).toBe(400);
    const both = await exchange(shopA, {
      forwardParcelInfo: info(shopA),
      isReverseOnly: true,
      reverseParcelId: '6f1c1d9e-9a9b-4a53-9b61-5d4f5a0c1b2a',
    });
    expect(both.statusCode).toBe(400);
    expect(await countParcels(shopA.shop.id)).toBe(before);
  });

  it('books only a reverse parcel with isReverseOnly, charged as a reverse parcel', async () => {
    const res = await exchange(shopA, {
      forwardParcelInfo: info(shopA, { cashCollectionAmount: 0 }),
      isReverseOnly: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().forward).toBeNull();
    expect(res.json().reverse).toMatchObject({ parcelType: 'reverse', flowType: 'regular' });
    expect(res.json().reverse.charge.totalCharge).toBeGreaterThan(0);
  });

  it('answers a retried exchange with the same pair and books it once', async () => {
    const body = { forwardParcelInfo: info(shopA, { invoiceId: 'EX-RETRY' }) };
    const before = await countParcels(shopA.shop.id);
    const [a, b] = await Promise.all([exchange(shopA, body, 'ex-key-1'), exchange(shopA, body, 'ex-key-1')]);
    const c = await exchange(shopA, body, 'ex-key-1');
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(201);
    expect(new Set([a, b, c].map((r) => r.json().forward.id)).size).toBe(1);
    expect(new Set([a, b, c].map((r) => r.json().reverse.id)).size).toBe(1);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(await countParcels(shopA.shop.id)).toBe(before + 2);
    const changed = await exchange(
      shopA,
      { forwardParcelInfo: info(shopA, { invoiceId: 'EX-OTHER' }) },
      'ex-key-1',
    );
    expect(changed.statusCode).toBe(409);
  });

  it('deletes a waiting return leg with its forward leg; an edit keeps the return leg free', async () => {
    const res = await exchange(shopA, { forwardParcelInfo: info(shopA, { customerPhone: '01712000009' }) });
    const { forward, reverse } = res.json();
    const edit = await call('PUT', `/shops/${shopA.shop.id}/parcels/${reverse.id}`, shopA.token, {
      deliveryAreaId: areas.mirpur,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ deliveryArea: { id: areas.mirpur }, charge: { totalCharge: 0 } });
    const del = await call('DELETE', `/shops/${shopA.shop.id}/parcels/${forward.id}`, shopA.token);
    expect(del.statusCode, del.body).toBe(200);
    expect((await detail(shopA, reverse.id)).status).toBe('deleted');

    // Deleting only the return leg leaves the forward parcel as booked.
    const other = (await exchange(shopA, { forwardParcelInfo: info(shopA) })).json();
    await call('DELETE', `/shops/${shopA.shop.id}/parcels/${other.reverse.id}`, shopA.token);
    expect((await detail(shopA, other.forward.id)).status).toBe('pickup_pending');
  });

  it('lets a viewer book no exchange', async () => {
    const viewer = await addMember(t, shopA.shop.id, 'viewer');
    const res = await exchange({ ...shopA, token: viewer.token }, { forwardParcelInfo: info(shopA) });
    expect(res.statusCode).toBe(403);
  });
});
