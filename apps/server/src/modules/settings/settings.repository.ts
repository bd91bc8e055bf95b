import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

const columns = ['language', 'notification_prefs', 'onboarding_tour_seen_at'] as const;

/** SQL for a user's settings; every method takes an optional transaction. */
export function createSettingsRepository(db: Kysely<DB>) {
  return {
    find(userId: string, trx: Executor = db) {
      return trx.selectFrom('users').select(columns).where('id', '=', userId).executeTakeFirst();
    },
    /** Changes the language and merges the given switches into the stored ones, in one statement. */
    update(
      userId: string,
      values: { language?: 'en' | 'bn'; notifications?: Record<string, boolean> },
      now: Date,
      trx: Executor = db,
    ) {
      return trx
        .updateTable('users')
        .set({
          updated_at: now,
          ...(values.language ? { language: values.language } : {}),
          ...(values.notifications
            ? {
                notification_prefs: sql<string>`notification_prefs || ${JSON.stringify(values.notifications)}::jsonb`,
              }
            : {}),
        })
        .where('id', '=', userId)
        .returning(columns)
        .executeTakeFirst();
    },
    /** The first time counts: seeing the tour again does not move the date. */
    markTourSeen(userId: string, now: Date, trx: Executor = db) {
      return trx
        .updateTable('users')
        .set({ onboarding_tour_seen_at: sql<Date>`coalesce(onboarding_tour_seen_at, ${now})` })
        .where('id', '=', userId)
        .returning(columns)
        .executeTakeFirst();
    },
  };
}
