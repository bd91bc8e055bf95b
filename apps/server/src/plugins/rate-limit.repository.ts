import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * SQL of `rate_limit_hits`: rows of counted hits of a key, each carrying how many (`hits`): 1 for
 * the exact limiter, a whole lease for the leased one. A window holds the sum of its rows' hits.
 */
export function createRateLimitRepository(db: Kysely<DB>) {
  return {
    /**
     * Runs `work` in a transaction holding the key's lock, so parallel hits on one key agree. The
     * commit does not wait for the disk (`synchronous_commit` off for this transaction only): the
     * hit is visible to every process at once, and a crash loses at most the last fraction of a
     * second of hits, which a limit can afford; waiting for the WAL flush would cost every
     * API-key request a second disk wait besides its own work's (docs/performance.md).
     */
    withKeyLocked<T>(key: string, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        // A transaction-scoped advisory lock: released when the transaction ends.
        await sql`select set_config('synchronous_commit', 'off', true),
          pg_advisory_xact_lock(hashtextextended(${`rate:${key}`}, 0))`.execute(trx);
        return work(trx);
      });
    },

    /**
     * The time of the `nth` newest hit of the key since `since`, if there are that many: the row
     * where the hits counted from the newest reach `nth` (a lease row holds several).
     */
    async nthNewestSince(key: string, since: Date, nth: number, executor: Kysely<DB> = db) {
      const { rows } = await sql<{ at: Date | string }>`
        select at from (
          select at, sum(hits) over (order by at desc, id desc rows unbounded preceding) as upto
          from rate_limit_hits where key = ${key} and at > ${since}
        ) counted
        where upto >= ${nth}
        order by upto
        limit 1`.execute(executor);
      const row = rows[0];
      return row ? new Date(row.at) : null;
    },

    /** Adds a hit at `now` and drops the key's hits at or before `expired`, in one statement. */
    async insertHit(key: string, now: Date, expired: Date, executor: Kysely<DB> = db) {
      await executor
        .with('expired', (q) =>
          q.deleteFrom('rate_limit_hits').where('key', '=', key).where('at', '<=', expired),
        )
        .insertInto('rate_limit_hits')
        .values({ key, at: now })
        .execute();
    },

    /** `n` hits of the key at `at` (a lease) in one row, dropping its hits at or before `expired`. */
    async insertHitsAt(key: string, at: Date, n: number, expired: Date, executor: Kysely<DB> = db) {
      await executor
        .with('expired', (q) =>
          q.deleteFrom('rate_limit_hits').where('key', '=', key).where('at', '<=', expired),
        )
        .insertInto('rate_limit_hits')
        .values({ key, at, hits: n })
        .execute();
    },

    async countSince(key: string, since: Date, executor: Kysely<DB> = db) {
      const row = await executor
        .selectFrom('rate_limit_hits')
        .select((eb) => [eb.fn.sum<string>('hits').as('hits'), eb.fn.max('at').as('newest')])
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits ?? 0), newest: row.newest ? new Date(row.newest) : null };
    },

    async clear(key: string) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
    },

    async deleteBefore(before: Date) {
      await db.deleteFrom('rate_limit_hits').where('at', '<', before).execute();
    },
  };
}
