import { otpRules } from '@dak/domain/otp';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashOtp, newNumericCode, sameHash } from '../../lib/secrets';

/**
 * The first admin's way in without SMS (issue 11). `npm run staff:create` issues a one-time code
 * and prints it; the console's code step takes it instead of an SMS code. It has the shape of
 * the SMS code it replaces (so the console's code box takes it) and the same strength: hashed,
 * bound to the phone, at most `otpRules.maxWrongAttempts` tries in its life, accepted only after
 * the right password, valid 30 minutes, used once. Issuing again replaces the pending code.
 */
export const bootstrapRules = {
  ttlMinutes: 30,
  /** How long after the password step the code step may come. */
  passwordStepMinutes: 5,
} as const;

const purpose = 'staff_bootstrap';

export async function issueBootstrapCode(
  db: Kysely<DB>,
  staff: { id: string; phone: string },
  now: Date,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newNumericCode(otpRules.length);
  const expiresAt = new Date(now.getTime() + bootstrapRules.ttlMinutes * 60_000);
  const values = {
    code_hash: hashOtp(code, staff.phone, purpose),
    expires_at: expiresAt,
    password_checked_at: null,
    attempts: 0,
  };
  await db
    .insertInto('staff_bootstrap_codes')
    .values({ staff_id: staff.id, ...values })
    .onConflict((oc) => oc.column('staff_id').doUpdateSet(values))
    .execute();
  return { code, expiresAt };
}

export function createStaffBootstrap(deps: { db: Kysely<DB> }) {
  const { db } = deps;
  return {
    /** After the right password: true when a pending code is to be used instead of an SMS. */
    async passwordChecked(staffId: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('staff_bootstrap_codes')
        .set({ password_checked_at: now })
        .where('staff_id', '=', staffId)
        .where('expires_at', '>', now)
        .returning('staff_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * The code step while a code is pending and the password step was just passed: 'used' (the
     * code was right and is gone), 'wrong' (a try counted; the last allowed try removes it), or
     * 'none' (no such code: the SMS code applies).
     */
    async use(
      staff: { id: string; phone: string },
      code: string,
      now: Date,
    ): Promise<'used' | 'wrong' | 'none'> {
      const since = new Date(now.getTime() - bootstrapRules.passwordStepMinutes * 60_000);
      // The try is counted before the compare, atomically, as for SMS codes.
      const row = await db
        .updateTable('staff_bootstrap_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('staff_id', '=', staff.id)
        .where('expires_at', '>', now)
        .where('password_checked_at', '>', since)
        .where('attempts', '<', otpRules.maxWrongAttempts)
        .returning(['code_hash', 'attempts'])
        .executeTakeFirst();
      if (!row) return 'none';
      if (sameHash(row.code_hash, hashOtp(code, staff.phone, purpose))) {
        // Single use: only the request that deletes the row signs in.
        const deleted = await db
          .deleteFrom('staff_bootstrap_codes')
          .where('staff_id', '=', staff.id)
          .where('code_hash', '=', row.code_hash)
          .returning('staff_id')
          .executeTakeFirst();
        return deleted ? 'used' : 'wrong';
      }
      if (row.attempts >= otpRules.maxWrongAttempts) {
        await db.deleteFrom('staff_bootstrap_codes').where('staff_id', '=', staff.id).execute();
      }
      return 'wrong';
    },
  };
}

export type StaffBootstrap = ReturnType<typeof createStaffBootstrap>;
