import type { ParcelStatus } from '@dak/domain/parcel-status';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type PublicEventJson = {
  to_status: ParcelStatus;
  at: string;
  reason: string | null;
  note: string | null;
  hub_id: string | null;
  hub_en: string | null;
  hub_bn: string | null;
};

/** What tracking reads (parcels, their events, hubs, areas, proofs); it writes nothing. */
export function createTrackingRepository(db: Kysely<DB>) {
  return {
    /**
     * What public tracking shows of one parcel, by its id or tracking ID, with its events (and
     * their hubs) in one indexed query: no second round trip for the events.
     */
    async publicTracking(by: { id: string } | { trackingId: string }) {
      const row = await db
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
          sql<PublicEventJson[]>`(
            select coalesce(json_agg(json_build_object(
              'to_status', e.to_status, 'at', e.at, 'reason', e.reason, 'note', e.note,
              'hub_id', h.id, 'hub_en', h.name_en, 'hub_bn', h.name_bn) order by e.at, e.id), '[]')
            from parcel_events e left join hubs h on h.id = e.hub_id
            where e.parcel_id = p.id)`.as('events'),
        ])
        .where('id' in by ? 'p.id' : 'p.tracking_id', '=', 'id' in by ? by.id : by.trackingId)
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...row, events: row.events.map((e) => ({ ...e, at: new Date(e.at) })) };
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
