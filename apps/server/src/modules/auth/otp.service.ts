import { messages } from '@dak/domain/errors';
import { type OtpPurpose, otpRules } from '@dak/domain/otp';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashOtp, newNumericCode, sameHash } from '../../lib/secrets';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { SmsService } from '../sms/sms.service';

export type OtpService = ReturnType<typeof createOtpService>;

const smsText: Record<OtpPurpose, (code: string) => string> = {
  login: (code) => `Your Dak login code is ${code}. It expires in 5 minutes. Never share it.`,
  registration: (code) => `Your Dak sign-up code is ${code}. It expires in 5 minutes.`,
  password_reset: (code) => `Your Dak password reset code is ${code}. It expires in 5 minutes.`,
  staff_login: (code) => `Your Dak operations console code is ${code}. It expires in 5 minutes.`,
  team_invite: (code) =>
    `Your code to join a shop's team on Dak is ${code}. Share it only with the shop owner.`,
  shop_phone_change: (code) =>
    `Your code to make this the shop's phone on Dak is ${code}. It expires in 5 minutes.`,
  return_phone_change: (code) =>
    `Your code to make this the return phone on Dak is ${code}. It expires in 5 minutes.`,
  payment_method: (code) => `Your code to change where Dak pays you is ${code}. If you did not ask, call us.`,
};

/**
 * One-time codes: 4 digits, stored hashed, valid 5 minutes, a new one no sooner than 60 s after
 * the last, at most 5 tries each (the try is counted atomically before the compare, so parallel
 * guesses cannot get past the limit), rate-limited per phone and per IP.
 */
export function createOtpService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  sms: SmsService;
  rateLimiter: RateLimiter;
  limits: RateLimits;
}) {
  const { db, clock } = deps;

  return {
    async request(input: { phone: string; purpose: OtpPurpose; ip: string }) {
      const now = clock.now();
      const last = await db
        .selectFrom('otp_codes')
        .select(['created_at'])
        .where('phone', '=', input.phone)
        .where('purpose', '=', input.purpose)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last) {
        const waitedMs = now.getTime() - new Date(last.created_at).getTime();
        const leftMs = otpRules.resendAfterSeconds * 1000 - waitedMs;
        if (leftMs > 0) {
          throw new AppError('OTP_RESEND_TOO_SOON', messages.otpResendTooSoon, {
            retryAfterSeconds: Math.ceil(leftMs / 1000),
          });
        }
      }
      await deps.rateLimiter.consume(`otp:phone:${input.phone}`, deps.limits.otpPerPhonePerHour, 3600);
      await deps.rateLimiter.consume(`otp:ip:${input.ip}`, deps.limits.otpPerIpPerHour, 3600);

      const code = newNumericCode(otpRules.length);
      await db.transaction().execute(async (trx) => {
        // Only the newest code works: asking again retires the earlier one.
        await trx
          .updateTable('otp_codes')
          .set({ consumed_at: now })
          .where('phone', '=', input.phone)
          .where('purpose', '=', input.purpose)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .insertInto('otp_codes')
          .values({
            phone: input.phone,
            purpose: input.purpose,
            code_hash: hashOtp(code, input.phone, input.purpose),
            created_at: now,
            expires_at: new Date(now.getTime() + otpRules.ttlSeconds * 1000),
            requested_ip: input.ip,
          })
          .execute();
      });
      await deps.sms.send({
        to: input.phone,
        body: smsText[input.purpose](code),
        purpose: `otp:${input.purpose}`,
        secret: code,
      });
      return { resendAfterSeconds: otpRules.resendAfterSeconds, expiresInSeconds: otpRules.ttlSeconds };
    },

    /**
     * Checks a code. `consume` retires it on success; without it the code is only marked
     * verified (registration checks it on the phone step and again on the final submit, which
     * may come after the 5 minutes: a verified code stays good for `verifiedGraceSeconds`).
     */
    async verify(input: {
      phone: string;
      purpose: OtpPurpose;
      code: string;
      consume: boolean;
      verifiedGraceSeconds?: number;
    }) {
      const now = clock.now();
      const row = await db
        .selectFrom('otp_codes')
        .selectAll()
        .where('phone', '=', input.phone)
        .where('purpose', '=', input.purpose)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new AppError('OTP_INVALID', messages.otpInvalid);

      const graceEnds =
        row.verified_at && input.verifiedGraceSeconds
          ? new Date(row.verified_at).getTime() + input.verifiedGraceSeconds * 1000
          : 0;
      const expired = new Date(row.expires_at).getTime() <= now.getTime() && graceEnds <= now.getTime();
      if (expired) throw new AppError('OTP_EXPIRED', messages.otpExpired);

      const counted = await db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', otpRules.maxWrongAttempts)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      if (!counted) throw new AppError('OTP_TOO_MANY_ATTEMPTS', messages.otpTooManyAttempts);

      if (!sameHash(row.code_hash, hashOtp(input.code, input.phone, input.purpose))) {
        const left = otpRules.maxWrongAttempts - counted.attempts;
        throw new AppError('OTP_INVALID', messages.otpInvalid, { attemptsLeft: left });
      }
      // A right code does not use up a try.
      const done = await db
        .updateTable('otp_codes')
        .set((eb) => ({
          attempts: eb('attempts', '-', 1),
          verified_at: row.verified_at ?? now,
          ...(input.consume ? { consumed_at: now } : {}),
        }))
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      // Two requests with the same right code: only one may consume it.
      if (!done) throw new AppError('OTP_INVALID', messages.otpInvalid);
    },
  };
}
