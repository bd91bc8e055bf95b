import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of `parcel_list_preferences`: one row per user and shop. */
export function createParcelListPreferencesRepository(db: Kysely<DB>) {
  return {
    find(userId: string, shopId: string) {
      return db
        .selectFrom('parcel_list_preferences')
        .select('preferences')
        .where('user_id', '=', userId)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
    },

    async upsert(userId: string, shopId: string, preferences: string, now: Date) {
      await db
        .insertInto('parcel_list_preferences')
        .values({ user_id: userId, shop_id: shopId, preferences, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'shop_id']).doUpdateSet({ preferences, updated_at: now }))
        .execute();
    },
  };
}
