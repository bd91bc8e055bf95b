import { type OtpPurpose, otpRules } from '@dak/domain/otp';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type CodeKey = { phone: string; purpose: OtpPurpose; context: string };

/** SQL of `otp_codes`: one-time codes, hashed, per phone, purpose and context. */
export function createOtpCodesRepository(db: Kysely<DB>) {
  return {
    /** When the newest code of this key was made, if any. */
    lastCreatedAt(key: CodeKey) {
      return db
        .selectFrom('otp_codes')
        .select(['created_at'])
        .where('phone', '=', key.phone)
        .where('purpose', '=', key.purpose)
        .where('context', '=', key.context)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Retires the key's earlier codes and stores the new one, in one transaction. */
    async replace(
      key: CodeKey,
      code: { code_hash: Buffer; created_at: Date; expires_at: Date; requested_ip: string },
    ) {
      await db.transaction().execute(async (trx) => {
        // Only the newest code works: asking again retires the earlier one.
        await trx
          .updateTable('otp_codes')
          .set({ consumed_at: code.created_at })
          .where('phone', '=', key.phone)
          .where('purpose', '=', key.purpose)
          .where('context', '=', key.context)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .insertInto('otp_codes')
          .values({ ...key, ...code })
          .execute();
      });
    },

    /** The key's newest code not yet consumed. */
    findLive(key: CodeKey) {
      return db
        .selectFrom('otp_codes')
        .selectAll()
        .where('phone', '=', key.phone)
        .where('purpose', '=', key.purpose)
        .where('context', '=', key.context)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts a try, atomically, while tries are left: undefined when none are. */
    countAttempt(id: string) {
      return db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', otpRules.maxWrongAttempts)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
    },

    /** Gives back the try of a right code and marks it verified (and consumed): undefined when another request consumed it first. */
    markRight(id: string, values: { verified_at: Date; consumed_at?: Date }) {
      return db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '-', 1), ...values }))
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
    },
  };
}
