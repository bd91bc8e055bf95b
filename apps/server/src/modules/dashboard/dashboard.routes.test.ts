import { randomUUID } from 'node:crypto';
import { bulkColumns } from '@dak/domain/bulk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aParcel,
  aPickupLocation,
  aShop,
  aStaff,
  type Parcel,
  type Shop,
  type Staff,
  walk,
} from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';

/**
 * The dashboard route (issue 14): a shop with parcels booked over two Dhaka days in several
 * stages, one deleted, one delivered the day after its booking; read the next day.
 */

const t = useTestApp();
const call = caller(t);
const day = 86_400_000;
let admin: Staff;
let shop: Shop;
let uttara: string;
let failed: Parcel;
let failedAt: Date;

beforeAll(async () => {
  // The test clock starts at 2026-11-22 12:00 in Dhaka.
  admin = await aStaff(t, { role: 'admin' });
  shop = await aShop(t);
  uttara = await aPickupLocation(t, shop, { name: 'Uttara store' });
  await aParcel(t, { shop, by: admin }); // pickup_pending
  const movedNextDay = await aParcel(t, { shop, status: 'at_sorting', by: admin });
  await aParcel(t, { shop, status: 'out_for_delivery', by: admin }).then((p) =>
    walk(t, admin.token, p.trackingId, [{ status: 'delivered', amountCollected: 1250 }]),
  );
  failedAt = t.clock.now();
  failed = await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  const deleted = await aParcel(t, { shop, by: admin });
  const gone = await call('DELETE', `/shops/${shop.shop.id}/parcels/${deleted.id}`, shop.token);
  expect(gone.statusCode, gone.body).toBe(200);
  await aParcel(t, { shop: { ...shop, pickupId: uttara }, by: admin }); // pickup_pending at Uttara

  t.clock.advance(day); // 2026-11-23
  admin = await aStaff(t, { role: 'admin' });
  await aParcel(t, { shop, by: admin }); // pickup_pending
  const back = await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  await walk(t, admin.token, back.trackingId, ['return_at_delivery_hub']);
  await walk(t, admin.token, movedNextDay.trackingId, [
    'in_transit',
    'at_delivery_hub',
    'out_for_delivery',
    { status: 'delivered', amountCollected: 1250 },
  ]);
  t.clock.advance(day); // 2026-11-24: the default range ends yesterday, the 23rd
});

const url = (query = '') => `/shops/${shop.shop.id}/dashboard${query}`;
const zeros = {
  pickup_pending: 0,
  pickup_hold: 0,
  at_sorting: 0,
  in_transit: 0,
  at_delivery_hub: 0,
  out_for_delivery: 0,
  delivery_attempted: 0,
  delivered: 0,
  return_at_delivery_hub: 0,
  return_in_transit: 0,
  at_return_hub: 0,
  out_for_return: 0,
  returned: 0,
};

describe('the shop dashboard', () => {
  it('counts the last 15 whole days’ parcels by their stage now, with rates and the day series', async () => {
    const res = await call('GET', url(), shop.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      since: '2026-11-09',
      until: '2026-11-23',
      counts: { ...zeros, pickup_pending: 3, delivered: 2, delivery_attempted: 1, return_at_delivery_hub: 1 },
      // 2 delivered of the 3 delivered or started back.
      successRate: 66.7,
      returnRate: 33.3,
    });
    expect(body.series).toHaveLength(15);
    expect(body.series[0]).toEqual({ date: '2026-11-09', booked: 0, delivered: 0 });
    // The 22nd booked six and deleted one; each day delivered one (the 23rd's was booked the 22nd).
    expect(body.series.slice(-2)).toEqual([
      { date: '2026-11-22', booked: 5, delivered: 1 },
      { date: '2026-11-23', booked: 2, delivered: 1 },
    ]);
    // Last day's sorting is the 23rd's: `back` came in and went on, `movedNextDay` went on.
    expect(body.lastDaySorting).toEqual({ date: '2026-11-23', received: 1, sentOn: 2 });
    expect(body.needsAction).toMatchObject({
      failedAttemptCount: 1,
      pickupsOnHold: 0,
      bouncedPayment: false,
      failedAttempts: [
        {
          parcelId: failed.id,
          trackingId: failed.trackingId,
          autoReturnAt: new Date(failedAt.getTime() + day).toISOString(),
        },
      ],
    });
  });

  it('takes a range and a pickup location', async () => {
    const oneDay = await call('GET', url('?since=2026-11-23&until=2026-11-23'), shop.token);
    expect(oneDay.statusCode, oneDay.body).toBe(200);
    // Parcels booked on the 23rd; the delivery that day was of a parcel booked the 22nd.
    expect(oneDay.json()).toMatchObject({
      counts: { ...zeros, pickup_pending: 1, return_at_delivery_hub: 1 },
      successRate: 0,
      returnRate: 100,
      series: [{ date: '2026-11-23', booked: 2, delivered: 1 }],
    });
    const atUttara = await call('GET', url(`?pickupLocationId=${uttara}`), shop.token);
    expect(atUttara.json()).toMatchObject({
      counts: { ...zeros, pickup_pending: 1 },
      successRate: null,
      returnRate: null,
      lastDaySorting: { date: '2026-11-23', received: 0, sentOn: 0 },
    });
    // Sorting ignores the range, as needsAction does: it is always yesterday's.
    expect(oneDay.json().lastDaySorting).toEqual({ date: '2026-11-23', received: 1, sentOn: 2 });
    const empty = await call('GET', url('?since=2026-10-01&until=2026-10-31'), shop.token);
    expect(empty.json().counts).toEqual(zeros);
  });

  it('refuses a reversed or too long range', async () => {
    const reversed = await call('GET', url('?since=2026-11-23&until=2026-11-22'), shop.token);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The start date must not be after the end date',
    });
    const long = await call('GET', url('?since=2025-01-01&until=2026-11-22'), shop.token);
    expect(long.statusCode).toBe(400);
    const malformed = await call('GET', url('?since=22-11-2026'), shop.token);
    expect(malformed.statusCode).toBe(400);
  });

  it('is the shop’s members’ only; a viewer sees it without the payment flag', async () => {
    const viewer = await addMember(t, shop.shop.id, 'viewer');
    const asViewer = await call('GET', url(), viewer.token);
    expect(asViewer.statusCode, asViewer.body).toBe(200);
    expect(asViewer.json().counts.pickup_pending).toBe(3);
    expect(asViewer.json().needsAction.bouncedPayment).toBeNull();

    const other = await aShop(t);
    const foreign = await call('GET', url(), other.token);
    expect([403, 404]).toContain(foreign.statusCode);
    expect(foreign.body).not.toContain('pickup_pending');
    // Their own dashboard shows none of this shop's parcels.
    const own = await call('GET', `/shops/${other.shop.id}/dashboard`, other.token);
    expect(own.json().counts).toEqual(zeros);
    expect((await call('GET', url(), undefined)).statusCode).toBe(401);
  });

  it('answers the same after the fold job has added the deltas into the counters', async () => {
    const before = (await call('GET', url(), shop.token)).json();
    await t.app.jobs.send('fold-shop-counts', {});
    await t.app.jobs.idle();
    const left = await t.database.db
      .selectFrom('shop_count_deltas')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect((await call('GET', url(), shop.token)).json()).toEqual(before);
  });

  it('counts a bulk booking once, however it is retried', async () => {
    const bulk = await aShop(t);
    const row = (i: number) => ({
      ...Object.fromEntries(bulkColumns.map((c) => [c.field, ''])),
      customerName: `Customer ${i}`,
      customerPhone: `018${String(10_000_000 + i).slice(-8)}`,
      customerAddress: `House ${i}, Road 3, Gulshan 1, Dhaka`,
      deliveryAreaId: 'dhaka-city--gulshan',
      weightGrams: 500,
      sellingPrice: 1200,
      cashCollectionAmount: 1250,
    });
    const sheet = {
      pickupLocationId: bulk.pickupId,
      sellingPriceAcknowledged: true,
      rows: [...Array(40).keys()].map(row),
    };
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/shops/${bulk.shop.id}/parcels/bulk/confirm`,
        headers: { authorization: `Bearer ${bulk.token}`, 'idempotency-key': key },
        payload: sheet,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    }
    const today = new Date(t.clock.now().getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    const res = await call(
      'GET',
      `/shops/${bulk.shop.id}/dashboard?since=${today}&until=${today}`,
      bulk.token,
    );
    expect(res.json()).toMatchObject({
      counts: { ...zeros, pickup_pending: 40 },
      series: [{ date: today, booked: 40, delivered: 0 }],
    });
  });
});
