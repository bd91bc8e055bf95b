import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL for labels: a shop's parcels with everything printed on them. */
export function createLabelsRepository(db: Kysely<DB>) {
  return {
    /** Parcels of this shop among `ids`; another shop's ids find nothing. */
    parcels(shopId: string, ids: readonly string[]) {
      return db
        .selectFrom('parcels as p')
        .innerJoin('shops as s', 's.id', 'p.shop_id')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .innerJoin('districts as d', 'd.id', 'a.district_id')
        .select([
          'p.id',
          'p.tracking_id',
          'p.status',
          'p.customer_name',
          'p.customer_phone',
          'p.alternate_phone',
          'p.customer_address',
          'p.cash_collection_poisha',
          'p.invoice_id',
          'p.weight_grams',
          'p.parcel_type',
          'p.created_at',
          's.name as shop_name',
          'a.name_en as area_name',
          'a.hub_id',
          'd.name_en as district_name',
        ])
        .where('p.shop_id', '=', shopId)
        .where('p.id', 'in', ids)
        .execute();
    },
  };
}

export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
export type LabelRow = Awaited<ReturnType<LabelsRepository['parcels']>>[number];
