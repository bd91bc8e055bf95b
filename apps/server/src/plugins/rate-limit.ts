import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';
import { createRateLimitRepository } from './rate-limit.repository';

/**
 * Sliding-window limits in PostgreSQL, so every API process behind a load balancer shares them.
 * A window is the last `windowSeconds` before now, not a clock-aligned bucket: each counted hit
 * is a row, and a limit is passed when the window already holds `limit` of them. A refused
 * request is not counted, so hammering a closed window does not keep it closed.
 */
export type RateLimiter = {
  /** Counts a hit, or refuses (RATE_LIMITED, retryAfterSeconds) when the window is full. */
  consume(key: string, limit: number, windowSeconds: number): Promise<void>;
  /**
   * Counts a hit at once when it can do so without waiting (a leased limiter's lease in hand),
   * and says so; false counts nothing, and the caller calls `consume` (issue 16, hot reads).
   */
  consumeHeld?(key: string, limit: number, windowSeconds: number): boolean;
  /** Seconds to wait before the window has room again, or 0; counts nothing. */
  check(key: string, limit: number, windowSeconds: number): Promise<number>;
  /** Counts a hit without a limit (failures that other rules read with `count` or `check`). */
  record(key: string, windowSeconds: number): Promise<void>;
  /** How many hits the window holds, and the newest one's time. */
  count(key: string, windowSeconds: number): Promise<{ hits: number; newest: Date | null }>;
  /** Forgets a key's hits (a success that wipes its failures). */
  clear(key: string): Promise<void>;
};

export function createRateLimiter(deps: { db: Kysely<DB>; clock: Clock }): RateLimiter {
  const { clock } = deps;
  const repo = createRateLimitRepository(deps.db);

  /** Seconds until the window of `key` has room for one more hit; 0 when it has room now. */
  async function waitFor(key: string, limit: number, windowSeconds: number, executor?: Kysely<DB>) {
    const now = clock.now().getTime();
    // The `limit`-th newest hit in the window: once it leaves the window there is room again.
    const at = await repo.nthNewestSince(key, new Date(now - windowSeconds * 1000), limit, executor);
    if (!at) return 0;
    return Math.max(1, Math.ceil((at.getTime() + windowSeconds * 1000 - now) / 1000));
  }

  /** Adds a hit and drops the key's hits that left its window, so a busy key stays small. */
  function insertHit(key: string, windowSeconds: number, executor?: Kysely<DB>) {
    const now = clock.now();
    return repo.insertHit(key, now, new Date(now.getTime() - windowSeconds * 1000), executor);
  }

  return {
    async consume(key, limit, windowSeconds) {
      // Keys are locked one at a time, so parallel hits agree.
      const retryAfterSeconds = await repo.withKeyLocked(key, async (trx) => {
        const wait = await waitFor(key, limit, windowSeconds, trx);
        if (wait > 0) return wait;
        await insertHit(key, windowSeconds, trx);
        return 0;
      });
      if (retryAfterSeconds > 0) {
        throw new AppError('RATE_LIMITED', messages.rateLimited, { retryAfterSeconds });
      }
    },

    check(key, limit, windowSeconds) {
      return waitFor(key, limit, windowSeconds);
    },

    async record(key, windowSeconds) {
      await insertHit(key, windowSeconds);
    },

    count(key, windowSeconds) {
      return repo.countSince(key, new Date(clock.now().getTime() - windowSeconds * 1000));
    },

    clear(key) {
      return repo.clear(key);
    },
  };
}

/** Drops hits older than the longest window (a day, with room); never on the hot path. */
export async function pruneRateLimitHits(db: Kysely<DB>, now: Date) {
  await createRateLimitRepository(db).deleteBefore(new Date(now.getTime() - 2 * 24 * 3600 * 1000));
}
