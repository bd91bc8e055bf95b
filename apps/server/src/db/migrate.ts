import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Applies the checked-in SQL migrations (db/migrations/YYYYMMDDHHMMSS_what.sql) in name order,
 * each in its own transaction, under an advisory lock so two processes starting together do not
 * race. Applied names are recorded; a migration that has run is never edited (append-only).
 */
const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const lockId = 4_821_337;

export async function migrate(pool: pg.Pool): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // A migration may rightly take long, or wait for another process's: no timeouts here (reset
    // to the connection's own before it goes back to the pool).
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [lockId]);
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      const name = file.replace(/\.sql$/, '');
      if (done.has(name)) continue;
      const sql = await readFile(join(migrationsDir, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into schema_migrations (name) values ($1)', [name]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => {});
    await client.query('reset statement_timeout; reset lock_timeout').catch(() => {});
    client.release();
  }
  return applied;
}
