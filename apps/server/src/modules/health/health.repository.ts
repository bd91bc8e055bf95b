import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** The database's own clock: a query that succeeds only when the database answers. */
export async function databaseNow(db: Kysely<DB>): Promise<Date | undefined> {
  const row = await sql<{ now: Date }>`select now() as now`.execute(db);
  return row.rows[0]?.now;
}
