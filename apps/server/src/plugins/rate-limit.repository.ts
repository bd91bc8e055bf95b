import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** SQL of `rate_limit_hits`: one row per counted hit of a key. */
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

    /** The time of the `nth` newest hit of the key since `since`, if there are that many. */
    async nthNewestSince(key: string, since: Date, nth: number, executor: Kysely<DB> = db) {
      const row = await executor
        .selectFrom('rate_limit_hits')
        .select('at')
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .offset(nth - 1)
        .limit(1)
        .executeTakeFirst();
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

    /** `n` hits of the key at `at` (a lease), dropping its hits at or before `expired`. */
    async insertHitsAt(key: string, at: Date, n: number, expired: Date, executor: Kysely<DB> = db) {
      await executor
        .with('expired', (q) =>
          q.deleteFrom('rate_limit_hits').where('key', '=', key).where('at', '<=', expired),
        )
        .insertInto('rate_limit_hits')
        .values(Array.from({ length: n }, () => ({ key, at })))
        .execute();
    },

    async countSince(key: string, since: Date, executor: Kysely<DB> = db) {
      const row = await executor
        .selectFrom('rate_limit_hits')
        .select((eb) => [eb.fn.countAll<string>().as('hits'), eb.fn.max('at').as('newest')])
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), newest: row.newest ? new Date(row.newest) : null };
    },

    async clear(key: string) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
    },

    async deleteBefore(before: Date) {
      await db.deleteFrom('rate_limit_hits').where('at', '<', before).execute();
    },
  };
}
