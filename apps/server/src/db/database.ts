import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

// Dates stay strings (YYYY-MM-DD) so a date of birth never shifts across time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// bigint counts fit in a JS number for every table we have.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Database = { db: Kysely<DB>; pool: pg.Pool; close(): Promise<void> };

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that dies (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
