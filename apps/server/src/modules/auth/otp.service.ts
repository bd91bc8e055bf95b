import { randomBytes } from 'node:crypto';
import { otpLockedSms } from '@dak/domain/auth-limits';
import { messages } from '@dak/domain/errors';
import { type OtpPurpose, otpRules } from '@dak/domain/otp';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashOtp, newNumericCode, sameHash, sha256 } from '../../lib/secrets';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { SmsService } from '../sms/sms.service';
import { createOtpCodesRepository } from './otp-codes.repository';
import { createOtpLocksRepository } from './otp-locks.repository';

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

/** The hash input's purpose part: a shop's code names the shop, so it works for no other. */
const scope = (purpose: OtpPurpose, context: string) => (context ? `${purpose}@${context}` : purpose);

/**
 * One-time codes: 4 digits, stored hashed, valid 5 minutes, a new one no sooner than 60 s after
 * the last, at most 5 tries each (the try is counted atomically before the compare, so parallel
 * guesses cannot get past the limit), rate-limited per phone and per IP over sliding windows.
 *
 * A code belongs to its purpose and context (the shop, for shop actions): it is looked up and
 * hashed with both, so a code for one never works for another.
 *
 * Wrong codes also count per phone across all purposes: after `otpFailuresPerPhonePerDay` in 24 h
 * every code for that phone is refused for `otpLockHours`, and the owner gets one SMS per lock.
 * Password sign-in is not affected.
 */
export function createOtpService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  sms: SmsService;
  rateLimiter: RateLimiter;
  limits: RateLimits;
}) {
  const { clock, rateLimiter, limits } = deps;
  const failuresKey = (phone: string) => `otp:fail:phone:${phone}`;
  const locks = createOtpLocksRepository(deps.db);
  const codes = createOtpCodesRepository(deps.db);

  /** Refuses while the phone's codes are locked. */
  async function refuseWhileLocked(phone: string) {
    const now = clock.now();
    const lockedUntil = await locks.activeUntil(phone, now);
    if (lockedUntil) {
      const retryAfterSeconds = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
      throw new AppError('OTP_LOCKED', messages.otpLocked, { retryAfterSeconds });
    }
  }

  /**
   * Counts a wrong code for the phone; at the limit, locks the phone's codes. Only the request
   * that starts a lock sends the SMS (parallel wrong codes race on one row; one wins).
   */
  async function countFailure(phone: string) {
    await rateLimiter.record(failuresKey(phone), 24 * 3600);
    const { hits } = await rateLimiter.count(failuresKey(phone), 24 * 3600);
    if (hits < limits.otpFailuresPerPhonePerDay) return;
    const now = clock.now();
    const lockedUntil = new Date(now.getTime() + limits.otpLockHours * 3600 * 1000);
    const started = await locks.start(phone, now, lockedUntil);
    if (started) {
      // The failures that made this lock are spent: after it ends, counting starts again.
      await rateLimiter.clear(failuresKey(phone));
      try {
        await deps.sms.send({ to: phone, body: otpLockedSms(limits.otpLockHours), purpose: 'otp:locked' });
        await locks.markNotified(phone, now);
      } catch {
        // The outbox row records the gateway's failure; the lock holds either way.
      }
    }
    throw new AppError('OTP_LOCKED', messages.otpLocked, {
      retryAfterSeconds: limits.otpLockHours * 3600,
    });
  }

  return {
    /**
     * Issues a code and sends it. With `notice`, the code is one nobody can know (random bytes,
     * never sent) and the notice is sent instead, or nothing when it is null: the caller answers
     * exactly as for a real code (same limits, same waits, same shape), so the answer does not
     * tell whether the phone has an account.
     */
    async request(input: {
      phone: string;
      purpose: OtpPurpose;
      ip: string;
      context?: string;
      notice?: string | null;
    }) {
      const context = input.context ?? '';
      await refuseWhileLocked(input.phone);
      const now = clock.now();
      const key = { phone: input.phone, purpose: input.purpose, context };
      const last = await codes.lastCreatedAt(key);
      if (last) {
        const waitedMs = now.getTime() - new Date(last.created_at).getTime();
        const leftMs = otpRules.resendAfterSeconds * 1000 - waitedMs;
        if (leftMs > 0) {
          throw new AppError('OTP_RESEND_TOO_SOON', messages.otpResendTooSoon, {
            retryAfterSeconds: Math.ceil(leftMs / 1000),
          });
        }
      }
      await rateLimiter.consume(`otp:phone:${input.phone}`, limits.otpPerPhonePerHour, 3600);
      await rateLimiter.consume(`otp:ip:${input.ip}`, limits.otpPerIpPerHour, 3600);

      const code = newNumericCode(otpRules.length);
      const codeHash =
        input.notice === undefined
          ? hashOtp(code, input.phone, scope(input.purpose, context))
          : sha256(randomBytes(32).toString('hex'));
      await codes.replace(key, {
        code_hash: codeHash,
        created_at: now,
        expires_at: new Date(now.getTime() + otpRules.ttlSeconds * 1000),
        requested_ip: input.ip,
      });
      if (input.notice === undefined) {
        await deps.sms.send({
          to: input.phone,
          body: smsText[input.purpose](code),
          purpose: `otp:${input.purpose}`,
          secret: code,
        });
      } else if (input.notice !== null) {
        await deps.sms.send({ to: input.phone, body: input.notice, purpose: `otp:${input.purpose}:notice` });
      }
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
      context?: string;
      code: string;
      consume: boolean;
      verifiedGraceSeconds?: number;
    }) {
      const context = input.context ?? '';
      await refuseWhileLocked(input.phone);
      const now = clock.now();
      const row = await codes.findLive({ phone: input.phone, purpose: input.purpose, context });
      if (!row) throw new AppError('OTP_INVALID', messages.otpInvalid);

      const graceEnds =
        row.verified_at && input.verifiedGraceSeconds
          ? new Date(row.verified_at).getTime() + input.verifiedGraceSeconds * 1000
          : 0;
      const expired = new Date(row.expires_at).getTime() <= now.getTime() && graceEnds <= now.getTime();
      if (expired) throw new AppError('OTP_EXPIRED', messages.otpExpired);

      const counted = await codes.countAttempt(row.id);
      if (!counted) throw new AppError('OTP_TOO_MANY_ATTEMPTS', messages.otpTooManyAttempts);

      if (!sameHash(row.code_hash, hashOtp(input.code, input.phone, scope(input.purpose, context)))) {
        await countFailure(input.phone);
        const left = otpRules.maxWrongAttempts - counted.attempts;
        throw new AppError('OTP_INVALID', messages.otpInvalid, { attemptsLeft: left });
      }
      // A right code does not use up a try.
      const done = await codes.markRight(row.id, {
        verified_at: row.verified_at ?? now,
        ...(input.consume ? { consumed_at: now } : {}),
      });
      // Two requests with the same right code: only one may consume it.
      if (!done) throw new AppError('OTP_INVALID', messages.otpInvalid);
    },
  };
}
