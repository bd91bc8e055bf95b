import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';
import type { IndexedArea } from './area-search-index';

const areaColumns = [
  'a.id',
  'a.name_en',
  'a.name_bn',
  'a.kind',
  'a.district_id',
  'a.zone_id',
  'a.hub_id',
  'a.postcode',
  'a.is_covered',
  'a.parent_upazila_id',
] as const;

/** SQL for the reference geography; every method takes an optional transaction. */
export function createGeoRepository(db: Kysely<DB>) {
  return {
    listDistricts(trx: Executor = db) {
      // Count per district first, then join: cheaper than grouping the joined rows.
      const counts = trx
        .selectFrom('areas')
        .select((eb) => [
          'district_id',
          eb.fn.countAll<number>().as('area_count'),
          sql<number>`count(*) filter (where is_covered)`.as('covered_area_count'),
        ])
        .groupBy('district_id')
        .as('c');
      return trx
        .selectFrom('districts as d')
        .innerJoin('divisions as v', 'v.id', 'd.division_id')
        .leftJoin(counts, 'c.district_id', 'd.id')
        .select((eb) => [
          'd.id',
          'd.name_en',
          'd.name_bn',
          'd.division_id',
          'v.name_en as division_name_en',
          'v.name_bn as division_name_bn',
          eb.fn.coalesce('c.area_count', eb.lit(0)).as('area_count'),
          eb.fn.coalesce('c.covered_area_count', eb.lit(0)).as('covered_area_count'),
        ])
        .orderBy('d.name_en')
        .execute();
    },
    findDistrict(id: string, trx: Executor = db) {
      return trx
        .selectFrom('districts')
        .select(['id', 'name_en', 'name_bn'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Areas by id, in no particular order; unknown ids are simply missing. */
    findAreas(ids: readonly string[], trx: Executor = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return trx.selectFrom('areas as a').select(areaColumns).where('a.id', 'in', ids).execute();
    },
    listAreasOfDistrict(districtId: string, trx: Executor = db) {
      return trx
        .selectFrom('areas as a')
        .select(areaColumns)
        .where('a.district_id', '=', districtId)
        .orderBy('a.name_en')
        .execute();
    },
    /** Every area with what the in-memory search ranks by (area-search-index.ts). */
    listAreasForSearch(trx: Executor = db): Promise<IndexedArea[]> {
      return trx
        .selectFrom('areas as a')
        .innerJoin('districts as d', 'd.id', 'a.district_id')
        .innerJoin('zones as z', 'z.id', 'a.zone_id')
        .select([
          ...areaColumns,
          'd.name_en as district_name_en',
          'd.name_bn as district_name_bn',
          'a.search_names',
          'a.search_text',
          'z.sort_order as zone_sort_order',
        ])
        .orderBy('a.id')
        .execute();
    },
    listZones(trx: Executor = db) {
      return trx
        .selectFrom('zones')
        .select(['id', 'name_en', 'name_bn'])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
    listHubs(filter: { districtId?: string }, trx: Executor = db) {
      let query = trx
        .selectFrom('hubs')
        .select(['id', 'name_en', 'name_bn', 'district_id', 'kind', 'active']);
      if (filter.districtId) query = query.where('district_id', '=', filter.districtId);
      return query.orderBy('district_id').orderBy('kind').orderBy('name_en').execute();
    },
  };
}

export type GeoRepository = ReturnType<typeof createGeoRepository>;
