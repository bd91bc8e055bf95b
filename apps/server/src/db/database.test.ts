import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { databaseProblem } from './database';

/** The bounds every connection is opened with (issue 11), on a real PostgreSQL. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase({
    statementTimeoutMs: 400,
    idleInTransactionTimeoutMs: 500,
    lockTimeoutMs: 300,
  });
});
afterAll(() => database.close());

const show = async (pool: typeof database.pool, setting: string) =>
  (await pool.query(`show ${setting}`)).rows[0]?.[setting];

describe('the database connections', () => {
  it('carry the timeouts: all three on the API pool; the job runner waits for locks', async () => {
    expect(await show(database.pool, 'statement_timeout')).toBe('400ms');
    expect(await show(database.pool, 'idle_in_transaction_session_timeout')).toBe('500ms');
    expect(await show(database.pool, 'lock_timeout')).toBe('300ms');
    expect(await show(database.jobsPool, 'statement_timeout')).toBe('400ms');
    expect(await show(database.jobsPool, 'idle_in_transaction_session_timeout')).toBe('500ms');
    expect(await show(database.jobsPool, 'lock_timeout')).toBe('0');
    expect(database.jobsPool).not.toBe(database.pool);
  });

  it('cancel a statement past its timeout as "busy"', async () => {
    const error = await sql`select pg_sleep(2)`.execute(database.db).catch((e: unknown) => e);
    expect(databaseProblem(error)).toBe('busy');
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });

  it('end a transaction left idle, and the pool carries on with a fresh connection', async () => {
    // The server ends the session under a checked-out client: logged, not thrown at the process.
    const logged: string[] = [];
    database.logConnectionErrors((_error, message) => logged.push(message));
    const error = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise((r) => setTimeout(r, 1500));
        await sql`select 1`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(databaseProblem(error)).toBe('interrupted');
    expect(logged).toContain('api database connection failed');
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });
});
