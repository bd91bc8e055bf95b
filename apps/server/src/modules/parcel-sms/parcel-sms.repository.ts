import type { Kysely, Transaction } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** What the parcel SMS read: the parcel, its open place on a run with the rider, the shop's phones. */
export function createParcelSmsRepository(db: Kysely<DB>) {
  return {
    /** Where the merchant's return code goes: the shop's return phone, else its phone, else the owner's. */
    async returnPhoneOf(shopId: string, trx: Executor = db): Promise<string | null> {
      const row = await trx
        .selectFrom('shops as s')
        .innerJoin('users as u', 'u.id', 's.owner_user_id')
        .select(['s.return_phone', 's.phone', 'u.phone as owner_phone'])
        .where('s.id', '=', shopId)
        .executeTakeFirst();
      return row ? (row.return_phone ?? row.phone ?? row.owner_phone) : null;
    },

    /** The parcel's open place on a delivery run, with its rider; locked for the code's transaction. */
    lockOpenRunPlace(parcelId: string, trx: Transaction<DB>) {
      return trx
        .selectFrom('delivery_run_parcels as rp')
        .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
        .innerJoin('staff as s', 's.id', 'r.rider_id')
        .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .select(['rp.id', 'p.tracking_id', 'p.customer_phone', 'p.status', 's.name', 's.phone'])
        .where('rp.parcel_id', '=', parcelId)
        .where('rp.closed_at', 'is', null)
        .forUpdate('rp')
        .executeTakeFirst();
    },

    /** The parcel's status, shop and customer; `lock` takes its row lock in `trx`. */
    parcel(parcelId: string, trx: Executor = db, lock = false) {
      const query = trx
        .selectFrom('parcels')
        .select(['tracking_id', 'shop_id', 'status', 'customer_phone'])
        .where('id', '=', parcelId);
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    },
  };
}

export type ParcelSmsRepository = ReturnType<typeof createParcelSmsRepository>;
