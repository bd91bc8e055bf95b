import type { PickupMissedReason } from '@dak/domain/hub-work';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/schema';

const pickupStatuses: ParcelStatus[] = ['pickup_pending', 'pickup_hold'];

/**
 * SQL of hub work: pickups and their ticks, bags, line-haul trips and their receipt scans. Every
 * method takes an optional transaction (inside one, read on it: never a second connection).
 */
export function createHubWorkRepository(db: Kysely<DB>) {
  /**
   * The parcels a pickup covers: the location's parcels still waiting for pickup whose pickup
   * day is the pickup's day or earlier (one not handed over yesterday is collected today).
   */
  const pickupParcelsQuery = (locationId: string, date: string, trx: Executor) =>
    trx
      .selectFrom('parcels as p')
      .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
      .select([
        'p.id',
        'p.tracking_id',
        'p.status',
        'p.customer_name',
        'p.cash_collection_poisha',
        'a.name_en',
        'a.name_bn',
      ])
      .where('p.pickup_location_id', '=', locationId)
      .where('p.status', 'in', pickupStatuses)
      .where('p.pickup_date', '<=', date)
      .orderBy('p.created_at');

  return {
    async hubExists(id: string, trx: Executor = db) {
      return Boolean(await trx.selectFrom('hubs').select('id').where('id', '=', id).executeTakeFirst());
    },

    hub(id: string, trx: Executor = db) {
      return trx
        .selectFrom('hubs')
        .select(['id', 'name_en', 'name_bn'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    /** The next number of a bag or trip code. */
    async nextCode(seq: 'bag_code_seq' | 'trip_code_seq', trx: Executor = db) {
      const { rows } = await sql<{ n: string }>`select nextval(${seq}) as n`.execute(trx);
      return rows[0]?.n ?? '0';
    },

    // Pickups -----------------------------------------------------------------------------------

    pickupParcels: (locationId: string, date: string, trx: Executor = db) =>
      pickupParcelsQuery(locationId, date, trx).execute(),

    async hasPickupParcels(locationId: string, date: string, trx: Executor = db) {
      return Boolean(await pickupParcelsQuery(locationId, date, trx).executeTakeFirst());
    },

    pickupTicks(pickupId: string, trx: Executor = db) {
      return trx
        .selectFrom('pickup_items')
        .select(['parcel_id', 'picked_up', 'reason'])
        .where('pickup_id', '=', pickupId)
        .execute();
    },

    riderPickup(pickupId: string, trx: Executor = db) {
      return trx
        .selectFrom('pickups as k')
        .innerJoin('pickup_locations as l', 'l.id', 'k.pickup_location_id')
        .innerJoin('areas as a', 'a.id', 'l.area_id')
        .innerJoin('shops as s', 's.id', 'l.shop_id')
        .select([
          'k.id',
          'k.pickup_date',
          'k.pickup_location_id',
          'l.name',
          'l.address',
          'l.phone',
          'a.name_en',
          'a.name_bn',
          's.id as shop_id',
          's.name as shop_name',
        ])
        .where('k.id', '=', pickupId)
        .executeTakeFirstOrThrow();
    },

    /** A hub's pickup locations with parcels waiting on `date`, with the day's pickup and counts. */
    pickupSummaries(hubId: string, date: string, trx: Executor = db) {
      return trx
        .selectFrom('parcels as p')
        .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
        .innerJoin('areas as a', 'a.id', 'l.area_id')
        .innerJoin('shops as s', 's.id', 'l.shop_id')
        .leftJoin('pickups as k', (j) =>
          j.onRef('k.pickup_location_id', '=', 'l.id').on('k.pickup_date', '=', date),
        )
        .leftJoin('pickup_items as i', (j) =>
          j.onRef('i.pickup_id', '=', 'k.id').onRef('i.parcel_id', '=', 'p.id'),
        )
        .leftJoin('staff as r', 'r.id', 'k.rider_id')
        .select((eb) => [
          'l.id as location_id',
          'l.name',
          'l.address',
          'l.phone',
          's.id as shop_id',
          's.name as shop_name',
          'a.id as area_id',
          'a.name_en',
          'a.name_bn',
          'k.id as pickup_id',
          'r.id as rider_id',
          'r.name as rider_name',
          'r.phone as rider_phone',
          eb.fn.countAll<number>().as('total'),
          sql<number>`count(*) filter (where p.status = 'pickup_hold')::int`.as('on_hold'),
          sql<number>`count(*) filter (where i.picked_up)::int`.as('collected'),
          sql<number>`count(*) filter (where i.picked_up = false)::int`.as('missed'),
        ])
        .where('a.hub_id', '=', hubId)
        .where('p.status', 'in', pickupStatuses)
        .where('p.pickup_date', '<=', date)
        .groupBy(['l.id', 's.id', 'a.id', 'k.id', 'r.id'])
        .orderBy('a.name_en')
        .orderBy('l.name')
        .execute();
    },

    pickupLocation(id: string, trx: Executor = db) {
      return trx
        .selectFrom('pickup_locations as l')
        .innerJoin('areas as a', 'a.id', 'l.area_id')
        .select(['l.id', 'a.hub_id'])
        .where('l.id', '=', id)
        .executeTakeFirst();
    },

    async isActiveRiderOf(hubId: string, riderId: string, trx: Executor = db) {
      const rider = await trx
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as h', 'h.staff_id', 's.id')
        .select('s.id')
        .where('s.id', '=', riderId)
        .where('s.role', '=', 'rider')
        .where('s.active', '=', true)
        .where('h.hub_id', '=', hubId)
        .executeTakeFirst();
      return Boolean(rider);
    },

    /** Gives a location's pickup of a day to a rider (again: to another rider). */
    async assignPickup(
      row: { locationId: string; date: string; hubId: string; riderId: string; by: string; at: Date },
      trx: Executor = db,
    ) {
      await trx
        .insertInto('pickups')
        .values({
          pickup_location_id: row.locationId,
          pickup_date: row.date,
          hub_id: row.hubId,
          rider_id: row.riderId,
          assigned_by: row.by,
          assigned_at: row.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['pickup_location_id', 'pickup_date'])
            .doUpdateSet({ rider_id: row.riderId, assigned_by: row.by, assigned_at: row.at }),
        )
        .execute();
    },

    riderPickupIds(riderId: string, from: string, to: string, trx: Executor = db) {
      return trx
        .selectFrom('pickups')
        .select('id')
        .where('rider_id', '=', riderId)
        .where('pickup_date', '>=', from)
        .where('pickup_date', '<=', to)
        .orderBy('pickup_date')
        .orderBy('assigned_at')
        .execute();
    },

    pickupOfRider(pickupId: string, riderId: string, trx: Executor = db) {
      return trx
        .selectFrom('pickups')
        .selectAll()
        .where('id', '=', pickupId)
        .where('rider_id', '=', riderId)
        .executeTakeFirst();
    },

    parcelPickup(parcelId: string, trx: Executor = db) {
      return trx
        .selectFrom('parcels')
        .select(['pickup_location_id', 'pickup_date'])
        .where('id', '=', parcelId)
        .executeTakeFirstOrThrow();
    },

    async tick(
      row: {
        pickupId: string;
        parcelId: string;
        pickedUp: boolean;
        reason: PickupMissedReason | null;
        at: Date;
      },
      trx: Executor = db,
    ) {
      const set = { picked_up: row.pickedUp, reason: row.reason, at: row.at };
      await trx
        .insertInto('pickup_items')
        .values({ pickup_id: row.pickupId, parcel_id: row.parcelId, ...set })
        .onConflict((oc) => oc.columns(['pickup_id', 'parcel_id']).doUpdateSet(set))
        .execute();
    },

    // Bags ---------------------------------------------------------------------------------------

    bagRows(
      where: { id?: string; originHubId?: string; open?: boolean; tripIds?: string[] },
      trx: Executor = db,
    ) {
      let q = trx
        .selectFrom('bags as b')
        .innerJoin('hubs as o', 'o.id', 'b.origin_hub_id')
        .innerJoin('hubs as d', 'd.id', 'b.destination_hub_id')
        .select([
          'b.id',
          'b.code',
          'b.trip_id',
          'b.created_at',
          'o.id as o_id',
          'o.name_en as o_en',
          'o.name_bn as o_bn',
          'd.id as d_id',
          'd.name_en as d_en',
          'd.name_bn as d_bn',
        ])
        .orderBy('b.created_at');
      if (where.id) q = q.where('b.id', '=', where.id);
      if (where.originHubId) q = q.where('b.origin_hub_id', '=', where.originHubId);
      if (where.open) q = q.where('b.trip_id', 'is', null);
      if (where.tripIds) q = q.where('b.trip_id', 'in', where.tripIds);
      return q.execute();
    },

    bagContents(bagIds: string[], trx: Executor = db) {
      return trx
        .selectFrom('bag_parcels as bp')
        .innerJoin('parcels as p', 'p.id', 'bp.parcel_id')
        .select(['bp.bag_id', 'p.tracking_id', 'p.status'])
        .where('bp.bag_id', 'in', bagIds)
        .orderBy('bp.added_at')
        .execute();
    },

    async insertBag(
      row: { code: string; originHubId: string; destinationHubId: string; by: string; at: Date },
      trx: Executor = db,
    ) {
      const { id } = await trx
        .insertInto('bags')
        .values({
          code: row.code,
          origin_hub_id: row.originHubId,
          destination_hub_id: row.destinationHubId,
          created_by: row.by,
          created_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The code of a bag of the hub still holding the parcel (open, or on a trip still loading). */
    async bagHolding(parcelId: string, originHubId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('bag_parcels as bp')
        .innerJoin('bags as b', 'b.id', 'bp.bag_id')
        .select('b.code')
        .where('bp.parcel_id', '=', parcelId)
        .where('b.origin_hub_id', '=', originHubId)
        .where((eb) =>
          eb.or([
            eb('b.trip_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('line_haul_trips as t')
                .select('t.id')
                .whereRef('t.id', '=', 'b.trip_id')
                .where('t.status', '=', 'loading'),
            ),
          ]),
        )
        .executeTakeFirst();
      return row?.code ?? null;
    },

    async addToBag(row: { bagId: string; parcelId: string; by: string; at: Date }, trx: Executor = db) {
      await trx
        .insertInto('bag_parcels')
        .values({ bag_id: row.bagId, parcel_id: row.parcelId, added_at: row.at, added_by: row.by })
        .execute();
    },

    // Trips --------------------------------------------------------------------------------------

    tripRows(where: { id?: string; origin?: string; destination?: string }, trx: Executor = db) {
      let q = trx
        .selectFrom('line_haul_trips as t')
        .innerJoin('hubs as o', 'o.id', 't.origin_hub_id')
        .innerJoin('hubs as d', 'd.id', 't.destination_hub_id')
        .selectAll('t')
        .select(['o.name_en as o_en', 'o.name_bn as o_bn', 'd.name_en as d_en', 'd.name_bn as d_bn'])
        .orderBy('t.created_at', 'desc')
        .limit(50);
      if (where.id) q = q.where('t.id', '=', where.id);
      if (where.origin) q = q.where('t.origin_hub_id', '=', where.origin);
      if (where.destination)
        q = q.where('t.destination_hub_id', '=', where.destination).where('t.status', '!=', 'loading');
      return q.execute();
    },

    tripScans(tripIds: string[], trx: Executor = db) {
      return trx
        .selectFrom('trip_receipt_scans as s')
        .leftJoin('parcels as p', 'p.id', 's.parcel_id')
        .select(['s.trip_id', 's.code', 's.in_manifest', 'p.tracking_id'])
        .where('s.trip_id', 'in', tripIds)
        .orderBy('s.id')
        .execute();
    },

    /** Locks the open bags among `ids` from `origin` to `destination`; the caller compares counts. */
    lockOpenBags(trx: Transaction<DB>, ids: string[], origin: string, destination: string) {
      return trx
        .selectFrom('bags')
        .select(['id'])
        .where('id', 'in', ids)
        .where('origin_hub_id', '=', origin)
        .where('destination_hub_id', '=', destination)
        .where('trip_id', 'is', null)
        .forUpdate()
        .execute();
    },

    /** A new trip loaded with the bags `bagIds`. */
    async insertTrip(
      trx: Transaction<DB>,
      row: {
        code: string;
        originHubId: string;
        destinationHubId: string;
        vehicle: string | null;
        bagIds: string[];
        by: string;
        at: Date;
      },
    ) {
      const { id } = await trx
        .insertInto('line_haul_trips')
        .values({
          code: row.code,
          origin_hub_id: row.originHubId,
          destination_hub_id: row.destinationHubId,
          vehicle: row.vehicle,
          created_by: row.by,
          created_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('bags').set({ trip_id: id }).where('id', 'in', row.bagIds).execute();
      return id;
    },

    /** Loading → dispatched; false when the trip was no longer loading. */
    async dispatchTrip(trx: Transaction<DB>, id: string, by: string, at: Date) {
      const updated = await trx
        .updateTable('line_haul_trips')
        .set({ status: 'dispatched', dispatched_at: at, dispatched_by: by })
        .where('id', '=', id)
        .where('status', '=', 'loading')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async insertReceiptScan(
      row: {
        tripId: string;
        code: string;
        parcelId: string | null;
        inManifest: boolean;
        by: string;
        at: Date;
      },
      trx: Executor = db,
    ) {
      await trx
        .insertInto('trip_receipt_scans')
        .values({
          trip_id: row.tripId,
          code: row.code,
          parcel_id: row.parcelId,
          in_manifest: row.inManifest,
          at: row.at,
          scanned_by: row.by,
        })
        .execute();
    },

    async finishReceipt(id: string, by: string, at: Date, trx: Executor = db) {
      await trx
        .updateTable('line_haul_trips')
        .set({ status: 'received', received_at: at, received_by: by })
        .where('id', '=', id)
        .where('status', '=', 'dispatched')
        .execute();
    },
  };
}

export type HubWorkRepository = ReturnType<typeof createHubWorkRepository>;
