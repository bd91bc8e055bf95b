import { cappedCount } from '@dak/domain/parcel-list';
import type { ParcelStatus, PaymentStatus } from '@dak/domain/parcel-status';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { containing } from '../../db/queries';
import type { DB, Executor, ParcelsTable } from '../../db/schema';

export type ParcelListFilter = {
  shopId: string;
  statuses?: readonly ParcelStatus[];
  excludeStatus?: ParcelStatus;
  paymentStatus?: PaymentStatus;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  /** Inclusive. */
  createdUntil?: Date;
  deliveryAreaId?: string;
  pickupLocationId?: string;
  search?: { trackingId?: string; phone?: string; phoneDigits?: string; text?: string };
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Count at most this many (the answer says when it stopped there); null counts every match. */
  countCap: number | null;
};

/** SQL for parcels and their events (read only: parcel-transitions writes them); every method takes an optional transaction. */
export function createParcelsRepository(db: Kysely<DB>) {
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

    /**
     * One page and how many match in all, or up to `countCap`: the count reads at most cap + 1
     * rows, so a busy shop's first page does not pay for counting every parcel it ever had.
     */
    async list(filter: ParcelListFilter, trx: Executor = db) {
      const { statuses, search } = filter;
      const matching = trx
        .selectFrom('parcels as p')
        .where('p.shop_id', '=', filter.shopId)
        .where((eb) => {
          const and = [];
          if (statuses) and.push(eb('p.status', 'in', statuses));
          if (filter.excludeStatus) and.push(eb('p.status', '!=', filter.excludeStatus));
          if (filter.paymentStatus) and.push(eb('p.payment_status', '=', filter.paymentStatus));
          if (filter.createdFrom) and.push(eb('p.created_at', '>=', filter.createdFrom));
          if (filter.createdBefore) and.push(eb('p.created_at', '<', filter.createdBefore));
          if (filter.createdUntil) and.push(eb('p.created_at', '<=', filter.createdUntil));
          if (filter.deliveryAreaId) and.push(eb('p.delivery_area_id', '=', filter.deliveryAreaId));
          if (filter.pickupLocationId) and.push(eb('p.pickup_location_id', '=', filter.pickupLocationId));
          if (search) {
            const or = [];
            if (search.trackingId) or.push(eb('p.tracking_id', '=', search.trackingId));
            if (search.phone) {
              or.push(eb('p.customer_phone', '=', search.phone), eb('p.alternate_phone', '=', search.phone));
            }
            if (search.phoneDigits) or.push(eb('p.customer_phone', 'like', `%${search.phoneDigits}%`));
            if (search.text) {
              or.push(
                eb('p.invoice_id', '=', search.text),
                eb('p.tracking_id', '=', search.text.toUpperCase()),
                eb('p.customer_name', 'ilike', containing(search.text)),
              );
            }
            and.push(eb.or(or));
          }
          return eb.and(and);
        });
      const [rows, count] = await Promise.all([
        matching
          .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
          .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
          .selectAll('p')
          .select([
            'a.name_en as area_name_en',
            'a.name_bn as area_name_bn',
            'l.name as pickup_location_name',
          ])
          .orderBy('p.created_at', filter.sort)
          .orderBy('p.id', filter.sort)
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        filter.countCap === null
          ? matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
          : trx
              .selectFrom(
                matching
                  .select(sql<number>`1`.as('one'))
                  .limit(filter.countCap + 1)
                  .as('m'),
              )
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow(),
      ]);
      const counted = Number(count.n);
      return { rows, ...cappedCount(counted, filter.countCap ?? counted) };
    },

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
