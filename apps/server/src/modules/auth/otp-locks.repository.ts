import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of `otp_locks`: a phone whose codes are refused until `locked_until` (issue 11, finding 6). */
export function createOtpLocksRepository(db: Kysely<DB>) {
  return {
    /** The phone's lock that still holds at `now`, if any. */
    async activeUntil(phone: string, now: Date): Promise<Date | null> {
      const lock = await db
        .selectFrom('otp_locks')
        .select('locked_until')
        .where('phone', '=', phone)
        .where('locked_until', '>', now)
        .executeTakeFirst();
      return lock ? new Date(lock.locked_until) : null;
    },

    /**
     * Starts a lock unless one still holds: true only for the caller that started it, so parallel
     * wrong codes racing on the one row start (and notify) it once.
     */
    async start(phone: string, now: Date, lockedUntil: Date): Promise<boolean> {
      const started = await db
        .insertInto('otp_locks')
        .values({ phone, locked_at: now, locked_until: lockedUntil, notified_at: null })
        .onConflict((oc) =>
          oc
            .column('phone')
            .doUpdateSet({ locked_at: now, locked_until: lockedUntil, notified_at: null })
            .where('otp_locks.locked_until', '<=', now),
        )
        .returning('phone')
        .executeTakeFirst();
      return started !== undefined;
    },

    async markNotified(phone: string, now: Date): Promise<void> {
      await db.updateTable('otp_locks').set({ notified_at: now }).where('phone', '=', phone).execute();
    },
  };
}
