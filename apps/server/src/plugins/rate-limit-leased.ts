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
 *
 * A lease is one row carrying its hits (migration 20261201070000), so a lease costs the same
 * however busy the key. When half of a lease of 8 or more is spent the next is taken in the
 * background, so a busy key's requests do not queue behind the lease's transaction; that renewal
 * is what a process may hold unspent besides the current lease.
 */
export type LeasedRateLimiter = RateLimiter;

/** Hits this process holds for a key: `left` of `granted`, spendable until `until` (ms). */
type Lease = { left: number; granted: number; until: number; renewing: boolean };
/** A key's leases in the order they are spent, and the lease being taken now, if any. */
type KeyState = { leases: Lease[]; leasing: Promise<number> | null };
/** Leases of at least this many hits are renewed ahead (the key has four times as many left). */
const renewFrom = 8;

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
  const keys = new Map<string, KeyState>();
  let sweepAt = 10_000;

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

  /** Takes a lease for the key (one at a time per key in this process) and queues what it grants. */
  function take(key: string, state: KeyState, limit: number, windowSeconds: number): Promise<number> {
    const now = clock.now();
    const taking = lease(key, limit, windowSeconds, now)
      .then((granted) => {
        // The lease's hits leave the window together, at its time plus the window.
        if (granted > 0)
          state.leases.push({
            left: granted,
            granted,
            until: now.getTime() + windowSeconds * 1000,
            renewing: false,
          });
        return granted;
      })
      .finally(() => {
        if (state.leasing === taking) state.leasing = null;
      });
    state.leasing = taking;
    return taking;
  }

  /** Forgets keys whose leases ended, so an address seen once does not stay in memory. */
  function forgetEnded(at: number) {
    for (const [k, st] of keys) {
      if (st.leasing === null && st.leases.every((l) => l.until <= at || l.left === 0)) keys.delete(k);
    }
  }

  /**
   * Spends one hit of the key's lease in hand, if it has one, and says so: no promise, no query.
   * A busy key's lease half spent: the next is taken now, in the background, so the key's
   * requests do not all wait for it when this one runs out (issue 16). Once per lease; a failure
   * only means the next request past this lease takes one itself. Near the limit leases are small
   * and not renewed ahead: the last hits go one lease at a time.
   */
  function spendHeld(key: string, state: KeyState, limit: number, windowSeconds: number): boolean {
    const at = clock.now().getTime();
    while (state.leases.length > 0) {
      const first = state.leases[0] as Lease;
      if (first.left > 0 && at < first.until) break;
      state.leases.shift();
    }
    const held = state.leases[0];
    if (!held) return false;
    held.left -= 1;
    if (
      held.granted >= renewFrom &&
      !held.renewing &&
      state.leasing === null &&
      held.left * 2 <= held.granted &&
      state.leases.length === 1
    ) {
      held.renewing = true;
      take(key, state, limit, windowSeconds).catch(() => {});
    }
    return true;
  }

  return {
    consumeHeld(key, limit, windowSeconds) {
      const state = keys.get(key);
      return state !== undefined && spendHeld(key, state, limit, windowSeconds);
    },

    async consume(key, limit, windowSeconds) {
      let state = keys.get(key);
      if (!state) {
        if (keys.size >= sweepAt) {
          forgetEnded(clock.now().getTime());
          // Many live keys (a flood from many addresses): sweep again only when they have doubled.
          sweepAt = Math.max(10_000, keys.size * 2);
        }
        state = { leases: [], leasing: null };
        keys.set(key, state);
      }
      for (;;) {
        if (spendHeld(key, state, limit, windowSeconds)) return;
        // One lease at a time per key in this process: the others wait for it and spend it.
        if (state.leasing !== null) {
          await state.leasing.catch(() => 0);
          continue;
        }
        const granted = await take(key, state, limit, windowSeconds);
        if (granted === 0) {
          const retryAfterSeconds = Math.max(1, await exact.check(key, limit, windowSeconds));
          throw new AppError('RATE_LIMITED', messages.rateLimited, { retryAfterSeconds });
        }
      }
    },
    check: (key, limit, windowSeconds) => exact.check(key, limit, windowSeconds),
    record: (key, windowSeconds) => exact.record(key, windowSeconds),
    count: (key, windowSeconds) => exact.count(key, windowSeconds),
    clear(key) {
      keys.delete(key);
      return exact.clear(key);
    },
  };
}
