import {
  type ParcelListPreferences,
  parcelListPreferencesSchema,
  readParcelListPreferences,
} from '@dak/domain/parcel-list';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/** Each user's parcel-list preferences in each shop (columns, page size, sort, opening tab). */
export function createParcelListPreferencesService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async get(userId: string, shopId: string) {
      const row = await db
        .selectFrom('parcel_list_preferences')
        .select('preferences')
        .where('user_id', '=', userId)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
      return { ...readParcelListPreferences(row?.preferences), saved: Boolean(row) };
    },

    async save(userId: string, shopId: string, input: ParcelListPreferences) {
      // The route checked the body; checked again so no caller stores a value the schema refuses.
      const preferences = parcelListPreferencesSchema.parse(input);
      const now = clock.now();
      await db
        .insertInto('parcel_list_preferences')
        .values({
          user_id: userId,
          shop_id: shopId,
          preferences: JSON.stringify(preferences),
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'shop_id'])
            .doUpdateSet({ preferences: JSON.stringify(preferences), updated_at: now }),
        )
        .execute();
      return { ...preferences, saved: true };
    },
  };
}

export type ParcelListPreferencesService = ReturnType<typeof createParcelListPreferencesService>;
