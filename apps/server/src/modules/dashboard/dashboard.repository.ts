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

/** A move's deltas: one less in `from`, one more in `to`; a delivery also counts on its own day. */
export async function insertMoveDeltas(
  trx: Executor,
  move: { parcelId: string; from: ParcelStatus; to: ParcelStatus; at: Date },
) {
  const delivered = move.to === 'delivered';
  await sql`insert into shop_count_deltas (shop_id, measure, day, pickup_location_id, status, n)
    select p.shop_id, d.measure, coalesce(d.day, ${bookedDay}), p.pickup_location_id, d.status, d.n
    from parcels p cross join (values
      ('booked', null::date, ${move.from}::text, -1),
      ('booked', null::date, ${move.to}::text, 1)
      ${delivered ? sql`, ('delivered', (${move.at}::timestamptz at time zone 'Asia/Dhaka')::date, 'delivered', 1)` : sql``}
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
  const where = sql`shop_id = ${query.shopId} and day between ${query.since}::date and ${query.until}::date ${location}`;
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
