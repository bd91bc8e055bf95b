import {
  type ParcelListPreferences,
  parcelListPreferencesSchema,
  readParcelListPreferences,
} from '@dak/domain/parcel-list';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createParcelListPreferencesRepository } from './parcel-list-preferences.repository';

/** Each user's parcel-list preferences in each shop (columns, page size, sort, opening tab). */
export function createParcelListPreferencesService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { clock } = deps;
  const repo = createParcelListPreferencesRepository(deps.db);
  return {
    async get(userId: string, shopId: string) {
      const row = await repo.find(userId, shopId);
      return { ...readParcelListPreferences(row?.preferences), saved: Boolean(row) };
    },

    async save(userId: string, shopId: string, input: ParcelListPreferences) {
      // The route checked the body; checked again so no caller stores a value the schema refuses.
      const preferences = parcelListPreferencesSchema.parse(input);
      await repo.upsert(userId, shopId, JSON.stringify(preferences), clock.now());
      return { ...preferences, saved: true };
    },
  };
}

export type ParcelListPreferencesService = ReturnType<typeof createParcelListPreferencesService>;
