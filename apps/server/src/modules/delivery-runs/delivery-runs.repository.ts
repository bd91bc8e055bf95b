import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** `rp` is the parcel's latest attempt on its run (a reattempt on the same run adds a row). */
const latestAttempt = sql<boolean>`not exists (
  select 1 from delivery_run_parcels later
  where later.run_id = rp.run_id and later.parcel_id = rp.parcel_id and later.id > rp.id)`;

/** SQL of delivery runs, their parcels' codes and the photo proofs; every method takes an optional transaction. */
export function createDeliveryRunsRepository(db: Kysely<DB>) {
  return {
    /** A rider with their hub (a rider works in exactly one). */
    rider(id: string, trx: Executor = db) {
      return trx
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
        .innerJoin('hubs as h', 'h.id', 'sh.hub_id')
        .select(['s.id', 's.name', 's.phone', 's.active', 'h.id as hub_id', 'h.name_en', 'h.name_bn'])
        .where('s.id', '=', id)
        .where('s.role', '=', 'rider')
        .executeTakeFirst();
    },

    /** The rider's run of a day, made on first use; its hub is the one it was made in. */
    async runOf(row: { hubId: string; riderId: string; runDate: string; by: string }, trx: Executor = db) {
      await trx
        .insertInto('delivery_runs')
        .values({ hub_id: row.hubId, rider_id: row.riderId, run_date: row.runDate, created_by: row.by })
        .onConflict((oc) => oc.columns(['rider_id', 'run_date']).doNothing())
        .execute();
      return trx
        .selectFrom('delivery_runs')
        .select(['id', 'hub_id'])
        .where('rider_id', '=', row.riderId)
        .where('run_date', '=', row.runDate)
        .executeTakeFirstOrThrow();
    },

    async deliveryHubOf(parcelId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .select(['a.hub_id'])
        .where('p.id', '=', parcelId)
        .executeTakeFirstOrThrow();
      return row.hub_id;
    },

    /** A parcel on a run; the code's hash is written later, by the SMS job that makes the code. */
    async addToRun(
      row: { runId: string; parcelId: string; at: Date; otpExpiresAt: Date },
      trx: Executor = db,
    ) {
      await trx
        .insertInto('delivery_run_parcels')
        .values({
          run_id: row.runId,
          parcel_id: row.parcelId,
          added_at: row.at,
          otp_hash: null,
          otp_expires_at: row.otpExpiresAt,
        })
        .execute();
    },

    /** Parcels of the hub a run may take: arrived, or back after an approved failed attempt. */
    candidates(hubId: string, trx: Executor = db) {
      return (
        trx
          .selectFrom('parcels as p')
          .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
          .select([
            'p.tracking_id',
            'p.status',
            'p.customer_name',
            'a.name_en',
            'a.name_bn',
            'p.cash_collection_poisha',
          ])
          .where('a.hub_id', '=', hubId)
          // A failed parcel goes out again only once its reattempt is approved.
          .where((eb) =>
            eb.or([
              eb('p.status', '=', 'at_delivery_hub'),
              eb.and([
                eb('p.status', '=', 'delivery_attempted'),
                eb('p.reattempt_approved_at', 'is not', null),
              ]),
            ]),
          )
          .orderBy('a.name_en')
          .orderBy('p.tracking_id')
          .limit(500)
          .execute()
      );
    },

    /** A hub's runs of a day with counts; each parcel once, by its latest attempt on the run. */
    runs(hubId: string, runDate: string, trx: Executor = db) {
      return trx
        .selectFrom('delivery_runs as r')
        .innerJoin('staff as s', 's.id', 'r.rider_id')
        .leftJoin('delivery_run_parcels as rp', (join) =>
          join.onRef('rp.run_id', '=', 'r.id').on(latestAttempt),
        )
        .leftJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .select([
          'r.id',
          'r.hub_id',
          'r.run_date',
          's.id as rider_id',
          's.name as rider_name',
          's.phone as rider_phone',
          sql<number>`count(rp.parcel_id)::int`.as('parcel_count'),
          sql<number>`count(rp.parcel_id) filter (where rp.closed_at is null)::int`.as('open_count'),
          sql<number>`count(rp.parcel_id) filter (where rp.closed_at is not null and p.status = 'delivered')::int`.as(
            'delivered_count',
          ),
          sql<number>`count(rp.parcel_id) filter (where rp.closed_at is not null and p.status <> 'delivered')::int`.as(
            'failed_count',
          ),
          sql<number>`coalesce(sum(p.amount_collected_poisha) filter (where rp.closed_at is not null and p.status = 'delivered'), 0)::bigint`.as(
            'collected',
          ),
        ])
        .where('r.hub_id', '=', hubId)
        .where('r.run_date', '=', runDate)
        .groupBy(['r.id', 's.id'])
        .orderBy('s.name')
        .execute();
    },

    /** The rider's parcels of `today` and those still open from earlier days, open ones first. */
    riderParcels(riderId: string, today: string, trx: Executor = db) {
      return (
        trx
          .selectFrom('delivery_run_parcels as rp')
          .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
          .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
          .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
          .select((eb) => [
            'p.tracking_id',
            'p.status',
            'p.customer_name',
            'p.customer_phone',
            'p.customer_address',
            'a.name_en',
            'a.name_bn',
            'p.cash_collection_poisha',
            'p.amount_collected_poisha',
            'rp.closed_at',
            'rp.otp_attempts',
            eb
              .selectFrom('parcel_events as e')
              .select('e.reason')
              .whereRef('e.parcel_id', '=', 'p.id')
              .where('e.to_status', '=', 'delivery_attempted')
              .orderBy('e.id', 'desc')
              .limit(1)
              .as('failed_reason'),
          ])
          .where('r.rider_id', '=', riderId)
          .where((eb) => eb.or([eb('r.run_date', '=', today), eb('rp.closed_at', 'is', null)]))
          // A parcel sent out again on the same run shows once: its latest attempt.
          .where(latestAttempt)
          // Open parcels first, by area, so the day's route reads top to bottom.
          .orderBy(sql`rp.closed_at is not null`)
          .orderBy('a.name_en')
          .orderBy('rp.added_at')
          .execute()
      );
    },

    /** Poisha the rider recorded as collected on deliveries since `since`. */
    async cashCollected(riderId: string, since: Date, trx: Executor = db) {
      const row = await trx
        .selectFrom('parcel_events')
        .select(sql<number>`coalesce(sum(amount_collected_poisha), 0)::bigint`.as('collected'))
        .where('actor_staff_id', '=', riderId)
        .where('to_status', '=', 'delivered')
        .where('at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.collected);
    },

    /** The rider's open assignment of a parcel. */
    openAssignment(riderId: string, trackingId: string, trx: Executor = db) {
      return trx
        .selectFrom('delivery_run_parcels as rp')
        .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
        .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .select(['rp.id', 'rp.run_id', 'rp.parcel_id', 'p.tracking_id'])
        .where('p.tracking_id', '=', trackingId)
        .where('r.rider_id', '=', riderId)
        .where('rp.closed_at', 'is', null)
        .executeTakeFirst();
    },

    lockAssignmentCode(trx: Transaction<DB>, assignmentId: string) {
      return trx
        .selectFrom('delivery_run_parcels')
        .select(['otp_hash', 'otp_expires_at', 'otp_attempts', 'closed_at'])
        .where('id', '=', assignmentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    async setCodeAttempts(trx: Transaction<DB>, assignmentId: string, attempts: number) {
      await trx
        .updateTable('delivery_run_parcels')
        .set({ otp_attempts: attempts })
        .where('id', '=', assignmentId)
        .execute();
    },

    riderProof(id: string, riderId: string, trx: Executor = db) {
      return trx
        .selectFrom('delivery_proofs')
        .select(['id', 'parcel_id'])
        .where('id', '=', id)
        .where('rider_id', '=', riderId)
        .executeTakeFirst();
    },

    /** Ties an unused photo to the parcel; false when it was used meanwhile. */
    async attachProof(trx: Transaction<DB>, proofId: string, parcelId: string) {
      const attached = await trx
        .updateTable('delivery_proofs')
        .set({ parcel_id: parcelId })
        .where('id', '=', proofId)
        .where('parcel_id', 'is', null)
        .executeTakeFirst();
      return Number(attached.numUpdatedRows) === 1;
    },

    parcelProof(parcelId: string, trx: Executor = db) {
      return trx
        .selectFrom('delivery_proofs')
        .select(['storage_key', 'content_type'])
        .where('parcel_id', '=', parcelId)
        .executeTakeFirst();
    },

    async insertProof(
      row: { id: string; riderId: string; key: string; contentType: string; size: number },
      trx: Executor = db,
    ) {
      await trx
        .insertInto('delivery_proofs')
        .values({
          id: row.id,
          rider_id: row.riderId,
          storage_key: row.key,
          content_type: row.contentType,
          size_bytes: row.size,
        })
        .execute();
    },

    async shopParcelId(shopId: string, parcelId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('parcels')
        .select('id')
        .where('id', '=', parcelId)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** A parcel by tracking ID with its pickup and delivery hubs. */
    parcelHubs(trackingId: string, trx: Executor = db) {
      return trx
        .selectFrom('parcels as p')
        .innerJoin('areas as da', 'da.id', 'p.delivery_area_id')
        .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
        .innerJoin('areas as pa', 'pa.id', 'l.area_id')
        .select(['p.id', 'pa.hub_id as pickup_hub_id', 'da.hub_id as delivery_hub_id'])
        .where('p.tracking_id', '=', trackingId)
        .executeTakeFirst();
    },
  };
}

export type DeliveryRunsRepository = ReturnType<typeof createDeliveryRunsRepository>;
