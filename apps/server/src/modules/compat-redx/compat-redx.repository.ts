import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * What the RedX adapter reads: the geography as RedX lists it, and a shop's parcel by tracking ID
 * with what RedX's parcel info shows. It writes nothing: bookings, cancels and stores go through
 * the parcels and pickup-locations services.
 */
export function createCompatRedxRepository(db: Kysely<DB>) {
  return {
    /** Every delivery area with its district (and the district's spellings) and division. */
    areas() {
      return db
        .selectFrom('areas as a')
        .innerJoin('districts as d', 'd.id', 'a.district_id')
        .innerJoin('divisions as v', 'v.id', 'd.division_id')
        .select([
          'a.id',
          'a.name_en',
          'a.kind',
          'a.postcode',
          'a.zone_id',
          'a.is_covered',
          'd.id as district_id',
          'd.name_en as district_name_en',
          'd.name_bn as district_name_bn',
          'd.aliases as district_aliases',
          'v.name_en as division_name_en',
        ])
        .orderBy('d.name_en')
        .orderBy('a.name_en')
        .orderBy('a.id')
        .execute();
    },

    /** The shop's parcel of this tracking ID (another shop's is not found), as RedX's info shows it. */
    parcelInfo(shopId: string, trackingId: string) {
      return db
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
        .innerJoin('areas as la', 'la.id', 'l.area_id')
        .select([
          'p.id',
          'p.tracking_id',
          'p.status',
          'p.customer_name',
          'p.customer_phone',
          'p.customer_address',
          'p.delivery_area_id',
          'a.name_en as delivery_area_name_en',
          'p.invoice_id',
          'p.instructions',
          'p.cash_collection_poisha',
          'p.selling_price_poisha',
          'p.delivery_charge_poisha',
          'p.weight_grams',
          'p.parcel_type',
          'p.flow_type',
          'p.reverse_parcel_id',
          'p.amount_collected_poisha',
          'p.created_at',
          'l.id as pickup_location_id',
          'l.name as pickup_name',
          'l.address as pickup_address',
          'la.id as pickup_area_id',
          'la.name_en as pickup_area_name_en',
        ])
        .where('p.shop_id', '=', shopId)
        .where('p.tracking_id', '=', trackingId)
        .executeTakeFirst();
    },

    /** A parcel's events, oldest first: the RedX tracking timeline. */
    events(parcelId: string) {
      return db
        .selectFrom('parcel_events')
        .select(['to_status', 'reason', 'note', 'at'])
        .where('parcel_id', '=', parcelId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },
  };
}

export type CompatRedxRepository = ReturnType<typeof createCompatRedxRepository>;
