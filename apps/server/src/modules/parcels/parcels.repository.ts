import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { DB, Executor, ParcelsTable } from '../../db/schema';
import { createParcelListRepository, type Queryable } from './parcel-list.repository';

export type { ParcelListFilter } from './parcel-list.repository';

/** SQL for parcels and their events (read only: parcel-transitions writes them); every method takes an optional transaction. */
export function createParcelsRepository(db: Kysely<DB>, pool?: Queryable) {
  const listRepository = createParcelListRepository(db, pool);
  /** A parcel with the names of its delivery area and pickup location, as every read returns it. */
  function withPlaces(trx: Executor) {
    return trx
      .selectFrom('parcels as p')
      .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
      .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
      .selectAll('p')
      .select(['a.name_en as area_name_en', 'a.name_bn as area_name_bn', 'l.name as pickup_location_name']);
  }

  /** An exchange's other leg, as its detail names it. */
  const brief = (trx: Executor) => trx.selectFrom('parcels').select(['id', 'tracking_id', 'status']);

  return {
    /**
     * Inserts many parcels in one statement; a row whose tracking ID is taken is skipped (the
     * caller draws another). Returns the ids of the inserted rows by tracking ID.
     */
    async insertParcels(values: Insertable<ParcelsTable>[], trx: Executor = db) {
      if (values.length === 0) return new Map<string, string>();
      const rows = await trx
        .insertInto('parcels')
        .values(values)
        .onConflict((oc) => oc.column('tracking_id').doNothing())
        .returning(['id', 'tracking_id'])
        .execute();
      return new Map(rows.map((r) => [r.tracking_id, r.id]));
    },

    /** A parcel of this shop only: another shop's id finds nothing. `lock` takes a row lock. */
    find(shopId: string, id: string, trx: Executor = db, lock = false) {
      let query = withPlaces(trx).where('p.shop_id', '=', shopId).where('p.id', '=', id);
      if (lock) query = query.forUpdate('p');
      return query.executeTakeFirst();
    },

    events(parcelId: string, trx: Executor = db) {
      return trx
        .selectFrom('parcel_events')
        .selectAll()
        .where('parcel_id', '=', parcelId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },

    /** One page of the shop's parcels and how many match (parcel-list.repository.ts). */
    list: listRepository.list,
    /** The list's statements for a filter, as `list` runs them (the bench times them apart). */
    listStatements: listRepository.statementsOf,

    /** The forward leg naming this parcel as its reverse leg, if any. */
    findForwardOf(reverseId: string, trx: Executor = db) {
      return brief(trx).where('reverse_parcel_id', '=', reverseId).executeTakeFirst();
    },

    /** Whether a rider's photo proves this parcel's delivery (attached in the delivery's move). */
    async hasProofPhoto(parcelId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('delivery_proofs')
        .select('id')
        .where('parcel_id', '=', parcelId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findBrief(id: string, trx: Executor = db) {
      return brief(trx).where('id', '=', id).executeTakeFirst();
    },

    /** Makes a parcel the return leg of an exchange: flow type, no charge of its own. */
    async makeReverseLeg(id: string, at: Date, trx: Executor = db) {
      await trx
        .updateTable('parcels')
        .set({
          flow_type: 'exchange_return',
          delivery_charge_poisha: 0,
          cod_charge_poisha: 0,
          total_charge_poisha: 0,
          return_charge_poisha: 0,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The parcel's id by its tracking ID, in any shop (staff read any parcel). */
    async findIdByTrackingId(trackingId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('parcels')
        .select('id')
        .where('tracking_id', '=', trackingId)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Lets this transaction's commit return before its WAL reaches the disk: a later commit's
     * flush makes it durable too (bulk booking's batches before the last).
     */
    async commitWithoutWaitingForDisk(trx: Transaction<DB>) {
      await sql`set local synchronous_commit = off`.execute(trx);
    },

    async linkReverse(forwardId: string, reverseId: string, trx: Executor = db) {
      await trx
        .updateTable('parcels')
        .set({ reverse_parcel_id: reverseId })
        .where('id', '=', forwardId)
        .execute();
    },
  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
export type ParcelRow = NonNullable<Awaited<ReturnType<ParcelsRepository['find']>>>;
export type ParcelEventRow = Awaited<ReturnType<ParcelsRepository['events']>>[number];
