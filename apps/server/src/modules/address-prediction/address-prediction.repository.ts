import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { GazetteerRows } from './address-gazetteer';

/** The geography the address reader needs: names and aliases of divisions, districts, areas. */
export function createAddressPredictionRepository(db: Kysely<DB>) {
  return {
    async loadGazetteerRows(): Promise<GazetteerRows> {
      const [divisions, districts, areas] = await Promise.all([
        db.selectFrom('divisions').select(['id', 'name_en', 'name_bn', 'aliases']).orderBy('id').execute(),
        db
          .selectFrom('districts')
          .select(['id', 'division_id', 'name_en', 'name_bn', 'aliases'])
          .orderBy('id')
          .execute(),
        db
          .selectFrom('areas')
          .select(['id', 'district_id', 'kind', 'name_en', 'name_bn', 'aliases', 'postcode'])
          .orderBy('id')
          .execute(),
      ]);
      return { divisions, districts, areas };
    },
  };
}

export type AddressPredictionRepository = ReturnType<typeof createAddressPredictionRepository>;
