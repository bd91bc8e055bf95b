import type { StaffRole } from '@dak/domain/auth';
import { otpRules } from '@dak/domain/otp';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashOtp, newNumericCode, sameHash } from '../../lib/secrets';
import { createAuthRepository } from './auth.repository';
import { createStaffBootstrapRepository } from './staff-bootstrap.repository';

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
  await createStaffBootstrapRepository(db).upsert(staff.id, {
    code_hash: hashOtp(code, staff.phone, purpose),
    expires_at: expiresAt,
  });
  return { code, expiresAt };
}

/**
 * `npm run staff:create`: the staff member of a phone (created, or given this role, name and
 * password) and a bootstrap code for the first sign-in.
 */
export async function bootstrapStaff(
  db: Kysely<DB>,
  values: { phone: string; role: StaffRole; name: string; password_hash: string },
  now: Date,
) {
  const staff = await createAuthRepository(db).upsertStaff(values, now);
  const { code } = await issueBootstrapCode(db, staff, now);
  return { staff, code };
}

export function createStaffBootstrap(deps: { db: Kysely<DB> }) {
  const repo = createStaffBootstrapRepository(deps.db);
  return {
    /** After the right password: true when a pending code is to be used instead of an SMS. */
    passwordChecked(staffId: string, now: Date): Promise<boolean> {
      return repo.markPasswordChecked(staffId, now);
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
      const row = await repo.countAttempt(staff.id, now, since, otpRules.maxWrongAttempts);
      if (!row) return 'none';
      if (sameHash(row.code_hash, hashOtp(code, staff.phone, purpose))) {
        // Single use: only the request that deletes the row signs in.
        return (await repo.remove(staff.id, row.code_hash)) ? 'used' : 'wrong';
      }
      if (row.attempts >= otpRules.maxWrongAttempts) await repo.remove(staff.id);
      return 'wrong';
    },
  };
}

export type StaffBootstrap = ReturnType<typeof createStaffBootstrap>;
