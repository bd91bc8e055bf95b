import { hubWaitingStages, promiseStatuses } from '@dak/domain/ops-overview';
import { type ParcelStatus, parcelHubSide } from '@dak/domain/parcel-status';
import { deliveryPromiseDays, rateClasses } from '@dak/domain/pricing';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** The statuses counted at each side's hub; the partial indexes of 20261129020000 hold exactly these. */
const deliverySide: ParcelStatus[] = [
  'at_delivery_hub',
  'out_for_delivery',
  'delivery_attempted',
  'return_at_delivery_hub',
];
const pickupSide: ParcelStatus[] = ['pickup_pending', 'at_sorting', 'in_transit', 'at_return_hub'];

const list = (statuses: readonly ParcelStatus[]) => sql.join(statuses.map((s) => sql.lit(s)));

/** `p` is past its delivery promise on `today` (the domain's promisedBy, in SQL). */
const pastPromise = (today: string, side: 'pickup' | 'delivery') => {
  const statuses = promiseStatuses.filter((s) => parcelHubSide[s] === side);
  const days = sql.join(
    rateClasses.map((c) => sql`when ${sql.lit(c)} then ${sql.lit(deliveryPromiseDays[c])}`),
    sql` `,
  );
  return sql<boolean>`p.status in (${list(statuses)})
    and p.pickup_date + (case p.rate_class ${days} end) < ${today}::date`;
};

/** A pending reattempt request on `p` (approvals_one_pending_idx). */
const pendingRequest = sql<boolean>`exists (select 1 from approvals ap
  where ap.parcel_id = p.id and ap.type = 'return_reattempt_request' and ap.status = 'pending')`;

const n = (expression: RawBuilder<boolean>) => sql<number>`(count(*) filter (where ${expression}))::int`;

/**
 * SQL of the operations overview: every figure aggregated by hub in the database, each query
 * reading only the open parcels of the hubs asked for (through the partial indexes on delivery
 * area and pickup location). `hubIds` null means every hub. The builders are exposed so the
 * test can EXPLAIN them.
 */
export function createOpsOverviewRepository(db: Kysely<DB>) {
  const inHubs = (hubIds: readonly string[] | null, column: 'a.hub_id' | 'r.hub_id') =>
    hubIds === null
      ? sql<boolean>`true`
      : sql<boolean>`${sql.ref(column)} in (${sql.join(hubIds.length > 0 ? hubIds : ['-'])})`;

  const queries = {
    hubs(hubIds: readonly string[] | null, trx: Executor = db) {
      let q = trx
        .selectFrom('hubs')
        .select(['id', 'name_en', 'name_bn'])
        .where('active', '=', true)
        .orderBy('name_en');
      if (hubIds) q = q.where('id', 'in', hubIds.length > 0 ? hubIds : ['-']);
      return q;
    },

    /** Figures of the delivery area's hub: to deliver, failed attempts, returns to send, late ones. */
    deliverySide(hubIds: readonly string[] | null, today: string, trx: Executor = db) {
      return trx
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .select([
          'a.hub_id',
          n(
            sql`p.status = ${sql.lit(hubWaitingStages.toDeliver)}
              or (p.status = 'delivery_attempted' and p.reattempt_approved_at is not null)`,
          ).as('to_deliver'),
          n(sql`p.status = ${sql.lit(hubWaitingStages.returnsToSend)}`).as('returns_to_send'),
          n(
            sql`p.status = 'delivery_attempted' and p.reattempt_approved_at is null and not ${pendingRequest}`,
          ).as('failed_waiting'),
          n(sql`p.status = 'delivery_attempted' and ${pendingRequest}`).as('reattempt_requests'),
          n(pastPromise(today, 'delivery')).as('past_promise'),
        ])
        .where(sql<boolean>`p.status in (${list(deliverySide)})`)
        .where(inHubs(hubIds, 'a.hub_id'))
        .groupBy('a.hub_id');
    },

    /**
     * Figures of the pickup location's hub: to sort, returns to hand back, late ones, and the
     * pickups of `pickupDay` no rider has (parcels due that day or left from earlier days).
     */
    pickupSide(hubIds: readonly string[] | null, today: string, pickupDay: string, trx: Executor = db) {
      const unassigned = sql<boolean>`p.status = 'pickup_pending' and p.pickup_date <= ${pickupDay}::date
        and not exists (select 1 from pickups k where k.pickup_location_id = l.id
          and k.pickup_date = ${pickupDay}::date and k.rider_id is not null)`;
      return trx
        .selectFrom('parcels as p')
        .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
        .innerJoin('areas as a', 'a.id', 'l.area_id')
        .select([
          'a.hub_id',
          n(sql`p.status = ${sql.lit(hubWaitingStages.toSort)}`).as('to_sort'),
          n(sql`p.status = ${sql.lit(hubWaitingStages.returnsToHandBack)}`).as('returns_to_hand_back'),
          n(pastPromise(today, 'pickup')).as('past_promise'),
          n(unassigned).as('unassigned_parcels'),
          sql<number>`(count(distinct l.id) filter (where ${unassigned}))::int`.as('unassigned_pickups'),
        ])
        .where(sql<boolean>`p.status in (${list(pickupSide)})`)
        .where(inHubs(hubIds, 'a.hub_id'))
        .groupBy('a.hub_id');
    },

    /** The hubs' runs of `today`: runs, their parcels (each once a run), and those closed. */
    runsToday(hubIds: readonly string[] | null, today: string, trx: Executor = db) {
      return trx
        .selectFrom('delivery_runs as r')
        .select([
          'r.hub_id',
          sql<number>`count(*)::int`.as('runs'),
          sql<number>`coalesce(sum(x.parcels), 0)::int`.as('parcels'),
          sql<number>`coalesce(sum(x.parcels - x.open), 0)::int`.as('done'),
        ])
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('delivery_run_parcels as rp')
              .select([
                sql<number>`count(distinct rp.parcel_id)`.as('parcels'),
                sql<number>`count(*) filter (where rp.closed_at is null)`.as('open'),
              ])
              .whereRef('rp.run_id', '=', 'r.id')
              .as('x'),
          (join) => join.onTrue(),
        )
        .where('r.run_date', '=', today)
        .where(inHubs(hubIds, 'r.hub_id'))
        .groupBy('r.hub_id');
    },
  };

  return {
    queries,
    async read(hubIds: readonly string[] | null, today: string, pickupDay: string) {
      const [hubs, delivery, pickup, runs] = await Promise.all([
        queries.hubs(hubIds).execute(),
        queries.deliverySide(hubIds, today).execute(),
        queries.pickupSide(hubIds, today, pickupDay).execute(),
        queries.runsToday(hubIds, today).execute(),
      ]);
      return { hubs, delivery, pickup, runs };
    },
  };
}

export type OpsOverviewRepository = ReturnType<typeof createOpsOverviewRepository>;
