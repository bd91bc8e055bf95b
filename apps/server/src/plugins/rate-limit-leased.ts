import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';
import type { RateLimiter } from './rate-limit';
import { createRateLimitRepository } from './rate-limit.repository';

/**
 * The same sliding-window limits as rate-limit.ts, on the same `rate_limit_hits` rows, for the
 * hot routes where a locked transaction per request would be most of the request's cost (public
 * tracking, the charge calculator, the coverage search, API keys: issue 16).
 *
 * A process takes hits in advance: under the key's lock it counts the window and writes a lease
 * of up to a quarter of what is left (at most `maxLease`), then spends it in memory, one request
 * at a time, with no query. Leased hits count for everyone from the moment they are written, so
 * all processes together never pass the limit; near the limit the leases shrink to one hit, which
 * is the exact limiter's behaviour. The price: a lease not spent before its window ends is lost
 * (it only ever refuses early, by less than a quarter of what was left). Sign-in, OTP and password
 * limits stay on the exact limiter.
 */
export type LeasedRateLimiter = RateLimiter;

type Lease = { left: number; until: number };

export function createLeasedRateLimiter(deps: {
  db: Kysely<DB>;
  clock: Clock;
  /** The exact limiter, for the Retry-After of a refusal and everything but `consume`. */
  exact: RateLimiter;
  maxLease?: number;
}): LeasedRateLimiter {
  const { clock, exact } = deps;
  const repo = createRateLimitRepository(deps.db);
  const maxLease = deps.maxLease ?? 100;
  const leases = new Map<string, Lease>();
  const leasing = new Map<string, Promise<void>>();

  /** Hits granted to this process now (0: the window is full), written under the key's lock. */
  function lease(key: string, limit: number, windowSeconds: number, now: Date) {
    return repo.withKeyLocked(key, async (trx) => {
      const since = new Date(now.getTime() - windowSeconds * 1000);
      const { hits } = await repo.countSince(key, since, trx);
      const left = limit - hits;
      if (left <= 0) return 0;
      const granted = Math.min(maxLease, Math.max(1, Math.floor(left / 4)));
      await repo.insertHitsAt(key, now, granted, since, trx);
      return granted;
    });
  }

  return {
    async consume(key, limit, windowSeconds) {
      for (;;) {
        const now = clock.now();
        const held = leases.get(key);
        if (held && held.left > 0 && now.getTime() < held.until) {
          held.left -= 1;
          return;
        }
        // One lease at a time per key in this process: the others wait for it and spend it.
        const inFlight = leasing.get(key);
        if (inFlight) {
          await inFlight;
          continue;
        }
        const taking = lease(key, limit, windowSeconds, now).then((granted) => {
          // The lease's hits leave the window together, at its time plus the window.
          if (granted > 0) leases.set(key, { left: granted, until: now.getTime() + windowSeconds * 1000 });
          else leases.delete(key);
          return granted;
        });
        leasing.set(
          key,
          taking.then(() => undefined),
        );
        let granted: number;
        try {
          granted = await taking;
        } finally {
          leasing.delete(key);
        }
        if (granted === 0) {
          const retryAfterSeconds = Math.max(1, await exact.check(key, limit, windowSeconds));
          throw new AppError('RATE_LIMITED', messages.rateLimited, { retryAfterSeconds });
        }
        // Forget leases that ended, so an address seen once does not stay in memory.
        if (leases.size > 10_000) {
          for (const [k, l] of leases) if (l.until <= now.getTime() || l.left === 0) leases.delete(k);
        }
      }
    },
    check: (key, limit, windowSeconds) => exact.check(key, limit, windowSeconds),
    record: (key, windowSeconds) => exact.record(key, windowSeconds),
    count: (key, windowSeconds) => exact.count(key, windowSeconds),
    clear(key) {
      leases.delete(key);
      return exact.clear(key);
    },
  };
}
