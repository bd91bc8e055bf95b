import { passwordDelaySeconds } from '@dak/domain/auth-limits';
import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../plugins/rate-limit';
import { createSessionsRepository } from './sessions.repository';

/** An address that signed in to the account this long ago or less is the owner's own. */
const knownAddressDays = 30;
const pairWindowSeconds = 15 * 60;
const phoneWindowSeconds = 24 * 3600;

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;

/**
 * Limits on guessing passwords that a stranger cannot turn against the owner (issue 11,
 * finding 7). Nothing here locks a phone:
 * - per address, tries at any phone (`loginPerIpPer15Min`);
 * - per (phone, address), wrong passwords (`loginFailuresPerPhoneAndIpPer15Min`), then 429 until
 *   the oldest leaves the 15-minute window: one address cannot guess fast, and hurts only itself;
 * - per phone, a progressive delay after `loginFreeFailuresPerPhonePerDay` wrong passwords in a
 *   day from any address (doubling, capped), answered as 429 with Retry-After. An address the
 *   account signed in from in the last 30 days skips it, so an attacker spread over many
 *   addresses slows down while the owner, from their own address, still gets in.
 * `scope` keeps merchant and staff accounts apart.
 */
export function createPasswordGuard(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rateLimiter: RateLimiter;
  limits: RateLimits;
}) {
  const { clock, rateLimiter, limits } = deps;
  const sessions = createSessionsRepository(deps.db);
  const pairKey = (scope: string, phone: string, ip: string) => `${scope}:fail:pair:${phone}|${ip}`;
  const phoneKey = (scope: string, phone: string) => `${scope}:fail:phone:${phone}`;

  return {
    /** Whether the account has signed in from this address lately (any session, even ended). */
    async knownAddress(account: { userId?: string; staffId?: string } | undefined, ip: string) {
      if (!account?.userId && !account?.staffId) return false;
      const since = new Date(clock.now().getTime() - knownAddressDays * 24 * 3600 * 1000);
      return sessions.signedInFrom(account, ip, since);
    },

    /** Refuses (429, retryAfterSeconds) when this try must wait; call before checking the password. */
    async before(input: { scope: string; phone: string; ip: string; knownAddress: boolean }) {
      await rateLimiter.consume(
        `${input.scope}:ip:${input.ip}`,
        limits.loginPerIpPer15Min,
        pairWindowSeconds,
      );
      const pairWait = await rateLimiter.check(
        pairKey(input.scope, input.phone, input.ip),
        limits.loginFailuresPerPhoneAndIpPer15Min,
        pairWindowSeconds,
      );
      if (pairWait > 0) {
        throw new AppError('RATE_LIMITED', messages.passwordDelayed, { retryAfterSeconds: pairWait });
      }
      if (input.knownAddress) return;
      const { hits, newest } = await rateLimiter.count(
        phoneKey(input.scope, input.phone),
        phoneWindowSeconds,
      );
      const delay = passwordDelaySeconds(hits, {
        freeFailures: limits.loginFreeFailuresPerPhonePerDay,
        baseSeconds: limits.loginDelayBaseSeconds,
        maxSeconds: limits.loginDelayMaxSeconds,
      });
      if (delay === 0 || !newest) return;
      const leftMs = newest.getTime() + delay * 1000 - clock.now().getTime();
      if (leftMs > 0) {
        throw new AppError('RATE_LIMITED', messages.passwordDelayed, {
          retryAfterSeconds: Math.ceil(leftMs / 1000),
        });
      }
    },

    async failed(input: { scope: string; phone: string; ip: string }) {
      await rateLimiter.record(pairKey(input.scope, input.phone, input.ip), pairWindowSeconds);
      await rateLimiter.record(phoneKey(input.scope, input.phone), phoneWindowSeconds);
    },

    /** A right password forgets this address's failures (not the phone's: others may be guessing). */
    succeeded(input: { scope: string; phone: string; ip: string }) {
      return rateLimiter.clear(pairKey(input.scope, input.phone, input.ip));
    },
  };
}
