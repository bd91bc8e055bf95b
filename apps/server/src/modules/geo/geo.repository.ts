import { type Kysely, sql } from 'kysely';
import type { AreaKind, DB, Executor } from '../../db/schema';

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

/** The text pass of the area search; patterns are LIKE patterns with wildcards escaped. */
export type AreaTextSearch = {
  /** The normalised query (normalizeSearchText). */
  text: string;
  /** `text%`: a name or alias starts with the query. */
  startsWith: string;
  /** `% text%`: a word inside the search text starts with the query. */
  wordStartsWith: string;
  /** Which search texts are candidates at all, e.g. `%text%` (the query appears anywhere). */
  candidates: string[];
  limit: number;
};

/** The typo pass: areas not matched by the text pass that are spelt alike. */
export type AreaTypoSearch = {
  text: string;
  /** The text pass's candidate patterns: those areas are already listed. */
  exclude: string[];
  /** Lowest word_similarity that counts. */
  minSimilarity: number;
  limit: number;
};

export type AreaSearchRow = {
  id: string;
  name_en: string;
  name_bn: string;
  kind: AreaKind;
  district_id: string;
  zone_id: string;
  hub_id: string;
  postcode: string | null;
  is_covered: boolean;
  parent_upazila_id: string | null;
  district_name_en: string;
  district_name_bn: string;
};

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
    /**
     * The text pass, ranked: 0 an exact name or alias; 1 the English or Bengali name starts with
     * the query; 2 an alias does; 3 a word of the search text does (a thana, a name's second
     * word); 4 the query is only inside a word (then by closeness of spelling). Within a tier:
     * the zone's sort order (metro areas first: most parcels go there, so "Mirpur" means Dhaka's
     * before Kushtia's), the more specific area before the upazila, the shorter name (Mirpur 2
     * before Mirpur 12). search_names begins with the two names (geo-rules searchFields).
     */
    async searchAreasByText(params: AreaTextSearch, trx: Executor = db): Promise<AreaSearchRow[]> {
      const { text, startsWith, wordStartsWith, candidates, limit } = params;
      const result = await sql<AreaSearchRow>`
        select ${sql.raw(areaColumns.join(', '))}, d.name_en as district_name_en, d.name_bn as district_name_bn
        from areas a
          cross join lateral (select case
            when ${text} = any(a.search_names) then 0
            when a.search_names[1] like ${startsWith} or a.search_names[2] like ${startsWith} then 1
            when exists (select from unnest(a.search_names) as n (name) where n.name like ${startsWith}) then 2
            when a.search_text like ${wordStartsWith} then 3
            else 4
          end as tier) as t
          join districts d on d.id = a.district_id
          join zones z on z.id = a.zone_id
        where a.search_text like any (${candidates}::text[])
        order by t.tier, case when t.tier = 4 then word_similarity(${text}, a.search_text) else 1 end desc,
          z.sort_order, a.kind = 'upazila', length(a.name_en), a.name_en
        limit ${limit}`.execute(trx);
      return result.rows;
    },
    /**
     * The typo pass (pg_trgm word_similarity, so "mirpru" finds Mirpur): closest spelling of the
     * whole search text first, then of the name itself (a typo finds "Mirpur 1" before "Kalshi",
     * whose aliases mention Mirpur), then as the text pass. It computes the similarity for every
     * area (some milliseconds), so the service runs it only when the text pass found little.
     */
    searchAreasByTypo(params: AreaTypoSearch, trx: Executor = db): Promise<AreaSearchRow[]> {
      const { text, exclude, minSimilarity, limit } = params;
      const similarity = sql<number>`word_similarity(${text}, a.search_text)`;
      return trx
        .selectFrom('areas as a')
        .innerJoin('districts as d', 'd.id', 'a.district_id')
        .innerJoin('zones as z', 'z.id', 'a.zone_id')
        .select([...areaColumns, 'd.name_en as district_name_en', 'd.name_bn as district_name_bn'])
        .where(sql<boolean>`not a.search_text like any (${exclude}::text[])`)
        .where(similarity, '>=', minSimilarity)
        .orderBy(similarity, 'desc')
        .orderBy(sql`word_similarity(${text}, array_to_string(a.search_names[1:2], ' '))`, 'desc')
        .orderBy('z.sort_order')
        .orderBy(sql`a.kind = 'upazila'`)
        .orderBy(sql`length(a.name_en)`)
        .orderBy('a.name_en')
        .limit(limit)
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
