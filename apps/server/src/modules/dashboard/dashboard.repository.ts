import type { ParcelStatus } from '@dak/domain/parcel-status';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/**
 * The SQL of the dashboard's counters (shop_counts and shop_count_deltas, see the migration
 * 20261128010000): moves and bookings append deltas in their own transaction; the fold job adds
 * them into shop_counts; a read sums both in one statement.
 */

/** The Dhaka date of a parcel's booking, as the counters key it. */
const bookedDay = sql`(p.created_at at time zone 'Asia/Dhaka')::date`;

/**
 * A move's deltas: one less in `from`, one more in `to`; a delivery, an arrival at sorting and a
 * departure from it (under the status it left for) also count on the move's own day.
 */
export async function insertMoveDeltas(
  trx: Executor,
  move: { parcelId: string; from: ParcelStatus; to: ParcelStatus; at: Date },
) {
  const moveDay = sql`(${move.at}::timestamptz at time zone 'Asia/Dhaka')::date`;
  const onMoveDay = [
    ...(move.to === 'delivered' ? [sql`('delivered', ${moveDay}, 'delivered', 1)`] : []),
    ...(move.to === 'at_sorting' && move.from !== 'at_sorting'
      ? [sql`('sorted_in', ${moveDay}, 'at_sorting', 1)`]
      : []),
    ...(move.from === 'at_sorting' && move.to !== 'at_sorting'
      ? [sql`('sorted_out', ${moveDay}, ${move.to}::text, 1)`]
      : []),
  ];
  await sql`insert into shop_count_deltas (shop_id, measure, day, pickup_location_id, status, n)
    select p.shop_id, d.measure, coalesce(d.day, ${bookedDay}), p.pickup_location_id, d.status, d.n
    from parcels p cross join (values
      ('booked', null::date, ${move.from}::text, -1),
      ('booked', null::date, ${move.to}::text, 1)
      ${onMoveDay.length > 0 ? sql`, ${sql.join(onMoveDay)}` : sql``}
    ) as d (measure, day, status, n)
    where p.id = ${move.parcelId}`.execute(trx);
}

/** Parcels just booked (in this transaction), one delta per day, pickup location and status. */
export async function insertBookingDeltas(trx: Executor, parcelIds: readonly string[]) {
  await sql`insert into shop_count_deltas (shop_id, measure, day, pickup_location_id, status, n)
    select p.shop_id, 'booked', ${bookedDay}, p.pickup_location_id, p.status, count(*)
    from parcels p
    where p.id = any(${parcelIds}::uuid[])
    group by 1, 2, 3, 4, 5`.execute(trx);
}

/**
 * Adds every committed delta into shop_counts and deletes it, in the caller's transaction. One
 * fold at a time (an advisory lock), so two processes never upsert the same rows in two orders.
 */
export async function foldDeltas(trx: Executor): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext('shop_count_deltas fold'))`.execute(trx);
  const result = await sql<{ folded: number }>`with folded as (
      delete from shop_count_deltas returning shop_id, measure, day, pickup_location_id, status, n
    ), summed as (
      insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
      select shop_id, measure, day, pickup_location_id, status, sum(n)::int
      from folded
      group by 1, 2, 3, 4, 5
      order by 1, 2, 3, 4, 5
      on conflict (shop_id, measure, day, pickup_location_id, status)
      do update set n = shop_counts.n + excluded.n
    )
    select count(*)::int as folded from folded`.execute(trx);
  return result.rows[0]?.folded ?? 0;
}

export type CountRow = { measure: 'booked' | 'delivered'; day: string; status: ParcelStatus; n: number };

/** The shop's counters of the range (Dhaka dates, both included), by measure, day and status. */
export async function rangeCounts(
  db: Executor,
  query: { shopId: string; since: string; until: string; pickupLocationId?: string },
): Promise<CountRow[]> {
  const location = query.pickupLocationId ? sql`and pickup_location_id = ${query.pickupLocationId}` : sql``;
  const where = sql`shop_id = ${query.shopId} and measure in ('booked', 'delivered')
    and day between ${query.since}::date and ${query.until}::date ${location}`;
  const result =
    await sql<CountRow>`select measure, to_char(day, 'YYYY-MM-DD') as day, status, sum(n)::int as n
    from (
      select measure, day, status, n from shop_counts where ${where}
      union all
      select measure, day, status, n from shop_count_deltas where ${where}
    ) c
    group by 1, 2, 3`.execute(db);
  return result.rows;
}

/** How many of the shop's parcels are in a status now, whenever booked. */
export async function statusCount(
  db: Executor,
  query: { shopId: string; status: ParcelStatus; pickupLocationId?: string },
): Promise<number> {
  const location = query.pickupLocationId ? sql`and pickup_location_id = ${query.pickupLocationId}` : sql``;
  const where = sql`shop_id = ${query.shopId} and measure = 'booked' and status = ${query.status} ${location}`;
  const result = await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from (
      select n from shop_counts where ${where}
      union all
      select n from shop_count_deltas where ${where}
    ) c`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/**
 * The shop's parcels received at sorting on a Dhaka day and those sent on from it that day (to a
 * delivery hub, in transit or back to the return hub; lost and damaged ones are not sent on).
 */
export async function sortingCounts(
  db: Executor,
  query: { shopId: string; day: string; pickupLocationId?: string },
): Promise<{ received: number; sentOn: number }> {
  const location = query.pickupLocationId ? sql`and pickup_location_id = ${query.pickupLocationId}` : sql``;
  const where = sql`shop_id = ${query.shopId} and measure in ('sorted_in', 'sorted_out')
    and day = ${query.day}::date ${location}`;
  const result = await sql<{ received: number; sent_on: number }>`select
      coalesce(sum(n) filter (where measure = 'sorted_in'), 0)::int as received,
      coalesce(sum(n) filter (where measure = 'sorted_out' and status not in ('lost', 'damaged')), 0)::int
        as sent_on
    from (
      select measure, status, n from shop_counts where ${where}
      union all
      select measure, status, n from shop_count_deltas where ${where}
    ) c`.execute(db);
  const row = result.rows[0];
  return { received: row?.received ?? 0, sentOn: row?.sent_on ?? 0 };
}
