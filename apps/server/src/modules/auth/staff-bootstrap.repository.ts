import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of `staff_bootstrap_codes`: the first admin's one-time code, one row per staff member. */
export function createStaffBootstrapRepository(db: Kysely<DB>) {
  return {
    /** Stores the staff member's pending code, replacing an earlier one. */
    async upsert(staffId: string, values: { code_hash: Buffer; expires_at: Date }) {
      const row = { ...values, password_checked_at: null, attempts: 0 };
      await db
        .insertInto('staff_bootstrap_codes')
        .values({ staff_id: staffId, ...row })
        .onConflict((oc) => oc.column('staff_id').doUpdateSet(row))
        .execute();
    },

    /** Marks the password step on a pending code: false when there is none. */
    async markPasswordChecked(staffId: string, now: Date) {
      const row = await db
        .updateTable('staff_bootstrap_codes')
        .set({ password_checked_at: now })
        .where('staff_id', '=', staffId)
        .where('expires_at', '>', now)
        .returning('staff_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Counts a try (atomically, before the compare) on a code still usable. */
    countAttempt(staffId: string, now: Date, passwordCheckedSince: Date, maxAttempts: number) {
      return db
        .updateTable('staff_bootstrap_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('staff_id', '=', staffId)
        .where('expires_at', '>', now)
        .where('password_checked_at', '>', passwordCheckedSince)
        .where('attempts', '<', maxAttempts)
        .returning(['code_hash', 'attempts'])
        .executeTakeFirst();
    },

    /** Deletes the code (only that code, when `codeHash` is given): true for the one request that did. */
    async remove(staffId: string, codeHash?: Buffer) {
      let query = db.deleteFrom('staff_bootstrap_codes').where('staff_id', '=', staffId);
      if (codeHash) query = query.where('code_hash', '=', codeHash);
      const deleted = await query.returning('staff_id').executeTakeFirst();
      return Boolean(deleted);
    },
  };
}
