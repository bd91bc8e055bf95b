import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What tracking reads (parcels, their events, hubs, areas, proofs); it writes nothing. */
export function createTrackingRepository(db: Kysely<DB>) {
  return {
    publicParcel(parcelId: string) {
      return db
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .innerJoin('districts as d', 'd.id', 'a.district_id')
        .select([
          'p.tracking_id',
          'p.status',
          'p.customer_phone',
          'a.name_en as area_en',
          'a.name_bn as area_bn',
          'd.name_en as district_en',
          'd.name_bn as district_bn',
        ])
        .where('p.id', '=', parcelId)
        .executeTakeFirstOrThrow();
    },

    events(parcelId: string) {
      return db
        .selectFrom('parcel_events as e')
        .leftJoin('hubs as h', 'h.id', 'e.hub_id')
        .select([
          'e.to_status',
          'e.at',
          'e.reason',
          'e.note',
          'h.id as hub_id',
          'h.name_en as hub_en',
          'h.name_bn as hub_bn',
        ])
        .where('e.parcel_id', '=', parcelId)
        .orderBy('e.at')
        .orderBy('e.id')
        .execute();
    },

    async idByTrackingId(id: string) {
      return db.selectFrom('parcels').select('id').where('tracking_id', '=', id).executeTakeFirst();
    },

    /** The parcel of a tracking ID (any shop's), else the shop's newest with this invoice ID. */
    async shopLookup(shopId: string, q: string, trackingId: string | null) {
      const columns = [
        'id',
        'shop_id',
        'invoice_id',
        'customer_name',
        'customer_phone',
        'cash_collection_poisha',
      ] as const;
      const byTracking = trackingId
        ? await db
            .selectFrom('parcels')
            .select(columns)
            .where('tracking_id', '=', trackingId)
            .executeTakeFirst()
        : undefined;
      const row =
        byTracking ??
        (await db
          .selectFrom('parcels')
          .select(columns)
          .where('shop_id', '=', shopId)
          .where('invoice_id', '=', q)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst());
      return row;
    },

    async hasProofPhoto(parcelId: string) {
      const proof = await db
        .selectFrom('delivery_proofs')
        .select('id')
        .where('parcel_id', '=', parcelId)
        .executeTakeFirst();
      return proof !== undefined;
    },

    idByInvoice(invoiceId: string, phone: string) {
      return db
        .selectFrom('parcels')
        .select('id')
        .where('invoice_id', '=', invoiceId)
        .where('customer_phone', '=', phone)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
