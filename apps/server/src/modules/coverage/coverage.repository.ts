import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** The coverage counts, read from the areas and districts (which geo's seed writes). */
export function createCoverageRepository(db: Kysely<DB>) {
  return {
    async counts() {
      const row = await db
        .selectFrom('areas')
        .select([
          sql<number>`count(distinct district_id)::int`.as('districts'),
          sql<number>`count(distinct district_id) filter (where is_covered)::int`.as('covered_districts'),
          sql<number>`count(*) filter (where kind = 'upazila')::int`.as('upazilas'),
          sql<number>`count(*) filter (where kind = 'upazila' and is_covered)::int`.as('covered_upazilas'),
          sql<number>`count(*) filter (where kind <> 'upazila')::int`.as('city_areas'),
          sql<number>`count(*) filter (where kind <> 'upazila' and is_covered)::int`.as('covered_city_areas'),
        ])
        .executeTakeFirstOrThrow();
      // Every district, even one without areas yet, counts among the districts.
      const { count } = await db
        .selectFrom('districts')
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return { ...row, districts: count };
    },
  };
}
