import { type ParcelStatus, parcelTransitions } from '@dak/domain/parcel-status';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { aBooking, aPickupLocation, aShop, aStaff, type Shop, type Staff } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { returnOtp, useTestApp } from '../../../test/helpers';

/**
 * Issue 14's property: random bookings, moves (through the real transition service, refusals
 * included), deletes, days passing and folds; after every step the dashboard's counters equal a
 * full count over parcels, per shop, booking day, pickup location and status, and the deliveries
 * per delivery day equal the delivered events.
 */

const t = useTestApp();
const call = caller(t);
let admin: Staff;
let shops: (Shop & { pickupIds: string[] })[];
const parcels: { id: string; trackingId: string; shop: number }[] = [];

beforeAll(async () => {
  admin = await aStaff(t, { role: 'admin' });
  const first = await aShop(t);
  const second = await aShop(t);
  shops = [
    { ...first, pickupIds: [first.pickupId, await aPickupLocation(t, first, { name: 'Uttara store' })] },
    { ...second, pickupIds: [second.pickupId] },
  ];
});

type Key = string;
const keyOf = (r: {
  shop_id: string;
  measure: string;
  day: string;
  pickup_location_id: string;
  status: string;
}) => `${r.shop_id} ${r.measure} ${r.day} ${r.pickup_location_id} ${r.status}`;

/** Every nonzero counter (folded and appended summed), by shop, measure, day, location, status. */
async function counters(): Promise<Map<Key, number>> {
  const { rows } = await sql<{
    shop_id: string;
    measure: string;
    day: string;
    pickup_location_id: string;
    status: string;
    n: number;
  }>`select shop_id, measure, to_char(day, 'YYYY-MM-DD') as day, pickup_location_id, status, sum(n)::int as n
    from (select shop_id, measure, day, pickup_location_id, status, n from shop_counts
          union all
          select shop_id, measure, day, pickup_location_id, status, n from shop_count_deltas) c
    group by 1, 2, 3, 4, 5
    having sum(n) <> 0`.execute(t.database.db);
  return new Map(rows.map((r) => [keyOf(r), r.n]));
}

/** The same, counted over every parcel and its delivered and sorting events. */
async function fullCount(): Promise<Map<Key, number>> {
  const { rows } = await sql<{
    shop_id: string;
    measure: string;
    day: string;
    pickup_location_id: string;
    status: string;
    n: number;
  }>`select shop_id, 'booked' as measure,
        to_char((created_at at time zone 'Asia/Dhaka')::date, 'YYYY-MM-DD') as day,
        pickup_location_id, status, count(*)::int as n
      from parcels group by 1, 2, 3, 4, 5
    union all
    select p.shop_id, 'delivered', to_char((e.at at time zone 'Asia/Dhaka')::date, 'YYYY-MM-DD'),
        p.pickup_location_id, 'delivered', count(*)::int
      from parcels p join parcel_events e on e.parcel_id = p.id and e.to_status = 'delivered'
        and e.from_status <> 'delivered'
      group by 1, 2, 3, 4, 5
    union all
    select p.shop_id, 'sorted_in', to_char((e.at at time zone 'Asia/Dhaka')::date, 'YYYY-MM-DD'),
        p.pickup_location_id, 'at_sorting', count(*)::int
      from parcels p join parcel_events e on e.parcel_id = p.id and e.to_status = 'at_sorting'
        and e.from_status is distinct from 'at_sorting'
      group by 1, 2, 3, 4, 5
    union all
    select p.shop_id, 'sorted_out', to_char((e.at at time zone 'Asia/Dhaka')::date, 'YYYY-MM-DD'),
        p.pickup_location_id, e.to_status, count(*)::int
      from parcels p join parcel_events e on e.parcel_id = p.id and e.from_status = 'at_sorting'
        and e.to_status <> 'at_sorting'
      group by 1, 2, 3, 4, 5`.execute(t.database.db);
  return new Map(rows.map((r) => [keyOf(r), r.n]));
}

async function statusOf(id: string): Promise<ParcelStatus> {
  const row = await t.database.db
    .selectFrom('parcels')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

const closing: readonly ParcelStatus[] = ['lost', 'damaged', 'cancelled', 'deleted', 'pickup_hold'];

type Step =
  | { kind: 'book'; shop: number; location: number }
  | { kind: 'move'; parcel: number; next: number; amount: number; close: boolean }
  | { kind: 'delete'; parcel: number }
  | { kind: 'time'; hours: number }
  | { kind: 'fold' };

async function run(step: Step) {
  switch (step.kind) {
    case 'book': {
      const shop = shops[step.shop % shops.length] as (typeof shops)[number];
      const pickupId = shop.pickupIds[step.location % shop.pickupIds.length] as string;
      const res = await call('POST', `/shops/${shop.shop.id}/parcels`, shop.token, aBooking(pickupId));
      expect(res.statusCode, res.body).toBe(201);
      const { id, trackingId } = res.json<{ id: string; trackingId: string }>();
      parcels.push({ id, trackingId, shop: step.shop % shops.length });
      return;
    }
    case 'move': {
      const parcel = parcels[step.parcel % Math.max(parcels.length, 1)];
      if (!parcel) return;
      const from = await statusOf(parcel.id);
      // Mostly along the life cycle; now and then written off, so parcels reach its far ends.
      const options = parcelTransitions[from].filter((s) => step.close || !closing.includes(s));
      const to = options[step.next % Math.max(options.length, 1)];
      if (!to) return;
      let otp: string | undefined;
      if (to === 'returned') {
        const shop = shops[parcel.shop] as Shop;
        otp = (await returnOtp(t.app, shop.user.phone)) || undefined;
      }
      // Refusals (a reattempt not approved, a missing code, a move staff may not make) are part of
      // the walk: a refused move must leave the counters as they were.
      await call('POST', `/ops/parcels/${parcel.trackingId}/status`, admin.token, {
        status: to,
        reason: 'customer_unreachable',
        ...(to === 'delivered' ? { amountCollected: step.amount } : {}),
        ...(otp ? { otp } : {}),
      });
      return;
    }
    case 'delete': {
      const parcel = parcels[step.parcel % Math.max(parcels.length, 1)];
      if (!parcel) return;
      const shop = shops[parcel.shop] as Shop;
      await call('DELETE', `/shops/${shop.shop.id}/parcels/${parcel.id}`, shop.token);
      return;
    }
    case 'time':
      t.clock.advance(step.hours * 3_600_000);
      // Staff sessions last 12 hours: sign in again as the day moves on.
      admin = await aStaff(t, { role: 'admin' });
      return;
    case 'fold':
      await t.app.jobs.send('fold-shop-counts', {});
      await t.app.jobs.idle();
      return;
  }
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('book' as const), shop: fc.nat(1), location: fc.nat(1) }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      parcel: fc.nat(200),
      next: fc.nat(5),
      amount: fc.constantFrom(0, 600, 1250),
      close: fc.nat(9).map((n) => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), parcel: fc.nat(200) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 20 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fold' as const) }) },
);

describe('the dashboard’s counters', () => {
  it('equal a full count over parcels after every random booking, move, delete and fold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 20, maxLength: 60 }), async (steps) => {
        for (const step of steps) {
          await run(step);
          expect(await counters(), JSON.stringify(step)).toEqual(await fullCount());
        }
      }),
      { numRuns: 8, endOnFailure: true },
    );
    // A random walk may stop short of the far ends; one parcel is walked to each on purpose, so
    // the counters are always checked there too (a refused move fails here, not silently).
    const ends: ParcelStatus[][] = [
      ['at_sorting', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivered'],
      [
        'at_sorting',
        'in_transit',
        'at_delivery_hub',
        'out_for_delivery',
        'delivery_attempted',
        'return_at_delivery_hub',
      ],
    ];
    for (const path of ends) {
      await run({ kind: 'book', shop: 0, location: 0 });
      const parcel = parcels[parcels.length - 1] as (typeof parcels)[number];
      for (const status of path) {
        const res = await call('POST', `/ops/parcels/${parcel.trackingId}/status`, admin.token, {
          status,
          reason: 'customer_unreachable',
          ...(status === 'delivered' ? { amountCollected: 600 } : {}),
        });
        expect(res.statusCode, res.body).toBe(200);
        await run({ kind: 'fold' });
        expect(await counters(), status).toEqual(await fullCount());
      }
    }
    await run({ kind: 'book', shop: 1, location: 1 });
    await run({ kind: 'delete', parcel: parcels.length - 1 });
    expect(await counters(), 'deleted').toEqual(await fullCount());
    // The walk reached the far ends of the machine, so the property saw more than bookings.
    const reached = await t.database.db.selectFrom('parcel_events').select('to_status').distinct().execute();
    expect(reached.map((r) => r.to_status)).toEqual(
      expect.arrayContaining(['deleted', 'delivered', 'return_at_delivery_hub']),
    );
  }, 240_000);
});
