import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Dak's geography as Pathao's lists need it: every area with its district, in one read (686 rows),
 * so a zone number finds its area without knowing the city first.
 */
export function createCompatPathaoRepository(db: Kysely<DB>) {
  return {
    allAreas() {
      return db
        .selectFrom('areas')
        .select(['id', 'district_id', 'name_en', 'hub_id', 'is_covered'])
        .orderBy('district_id')
        .orderBy('name_en')
        .execute();
    },
  };
}

export type CompatPathaoRepository = ReturnType<typeof createCompatPathaoRepository>;
