import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';

/**
 * Fixed-window counters in PostgreSQL, so every API process behind a load balancer shares them.
 * `consume` counts a hit and refuses once the window's limit is passed, telling how long to wait.
 */
export type RateLimiter = {
  consume(key: string, limit: number, windowSeconds: number): Promise<void>;
};

export function createRateLimiter(deps: { db: Kysely<DB>; clock: Clock }): RateLimiter {
  return {
    async consume(key, limit, windowSeconds) {
      const now = deps.clock.now().getTime();
      const windowMs = windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
      const row = await deps.db
        .insertInto('rate_limit_counters')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (row.hits > limit) {
        const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
        throw new AppError('RATE_LIMITED', messages.rateLimited, { retryAfterSeconds });
      }
    },
  };
}

/** Drops windows that ended more than a day ago; called from time to time, never on the hot path. */
export async function pruneRateLimitCounters(db: Kysely<DB>, now: Date) {
  await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', new Date(now.getTime() - 24 * 3600 * 1000))
    .execute();
}
