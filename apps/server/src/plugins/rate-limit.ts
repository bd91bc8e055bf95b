import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';

/**
 * Sliding-window limits in PostgreSQL, so every API process behind a load balancer shares them.
 * A window is the last `windowSeconds` before now, not a clock-aligned bucket: each counted hit
 * is a row, and a limit is passed when the window already holds `limit` of them. A refused
 * request is not counted, so hammering a closed window does not keep it closed.
 */
export type RateLimiter = {
  /** Counts a hit, or refuses (RATE_LIMITED, retryAfterSeconds) when the window is full. */
  consume(key: string, limit: number, windowSeconds: number): Promise<void>;
  /** Seconds to wait before the window has room again, or 0; counts nothing. */
  check(key: string, limit: number, windowSeconds: number): Promise<number>;
  /** Counts a hit without a limit (failures that other rules read with `count` or `check`). */
  record(key: string, windowSeconds: number): Promise<void>;
  /** How many hits the window holds, and the newest one's time. */
  count(key: string, windowSeconds: number): Promise<{ hits: number; newest: Date | null }>;
  /** Forgets a key's hits (a success that wipes its failures). */
  clear(key: string): Promise<void>;
};

/** Keys are locked one at a time (a transaction-scoped advisory lock), so parallel hits agree. */
const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${key}`}, 0))`;

export function createRateLimiter(deps: { db: Kysely<DB>; clock: Clock }): RateLimiter {
  const { db, clock } = deps;

  /** Seconds until the window of `key` has room for one more hit; 0 when it has room now. */
  async function waitFor(executor: Kysely<DB>, key: string, limit: number, windowSeconds: number) {
    const now = clock.now().getTime();
    const since = new Date(now - windowSeconds * 1000);
    // The `limit`-th newest hit in the window: once it leaves the window there is room again.
    const row = await executor
      .selectFrom('rate_limit_hits')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    if (!row) return 0;
    return Math.max(1, Math.ceil((new Date(row.at).getTime() + windowSeconds * 1000 - now) / 1000));
  }

  /** Adds a hit and drops the key's hits that left its window, so a busy key stays small. */
  async function insertHit(executor: Kysely<DB>, key: string, windowSeconds: number) {
    const now = clock.now();
    await executor
      .deleteFrom('rate_limit_hits')
      .where('key', '=', key)
      .where('at', '<=', new Date(now.getTime() - windowSeconds * 1000))
      .execute();
    await executor.insertInto('rate_limit_hits').values({ key, at: now }).execute();
  }

  return {
    async consume(key, limit, windowSeconds) {
      const retryAfterSeconds = await db.transaction().execute(async (trx) => {
        await lockKey(key).execute(trx);
        const wait = await waitFor(trx, key, limit, windowSeconds);
        if (wait > 0) return wait;
        await insertHit(trx, key, windowSeconds);
        return 0;
      });
      if (retryAfterSeconds > 0) {
        throw new AppError('RATE_LIMITED', messages.rateLimited, { retryAfterSeconds });
      }
    },

    check(key, limit, windowSeconds) {
      return waitFor(db, key, limit, windowSeconds);
    },

    async record(key, windowSeconds) {
      await insertHit(db, key, windowSeconds);
    },

    async count(key, windowSeconds) {
      const since = new Date(clock.now().getTime() - windowSeconds * 1000);
      const row = await db
        .selectFrom('rate_limit_hits')
        .select((eb) => [eb.fn.countAll<string>().as('hits'), eb.fn.max('at').as('newest')])
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), newest: row.newest ? new Date(row.newest) : null };
    },

    async clear(key) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
    },
  };
}

/** Drops hits older than the longest window (a day, with room); never on the hot path. */
export async function pruneRateLimitHits(db: Kysely<DB>, now: Date) {
  await db
    .deleteFrom('rate_limit_hits')
    .where('at', '<', new Date(now.getTime() - 2 * 24 * 3600 * 1000))
    .execute();
}
