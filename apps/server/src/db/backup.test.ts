import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInStaff } from '../../test/fixtures';
import { smsReceiver, type TestApp } from '../../test/helpers';
import { bookingMerchant, bookParcel, toOutForDelivery, walk } from '../../test/operations-fixtures';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { findPgTool } from './backup';
import { type Database, openDatabase } from './database';
import { freePort } from './embedded';
import { migrate } from './migrate';
import { seedBanks } from './seed/banks';
import { seedGeography } from './seed/geography';
import { seedParcelCategories } from './seed/parcel-categories';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue 11): data made through
 * the API, dumped with pg_dump, restored with pg_restore into a new database, and every table of
 * ours and of pg-boss has the same rows, the parcels the same money, the sequences the same
 * positions. There is no ledger yet; the parcels' amounts stand in for it.
 *
 * pg_dump must be at least the server's version. When the client tools of the test run's server
 * (the embedded PostgreSQL 18) are not installed, the test runs its own PostgreSQL from Debian's
 * packages (/usr/lib/postgresql/<version>/bin, as on this project's machines), whose tools are.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

let dir = '';
let serverUrl = '';
let stopServer = async () => {};
let database: (Database & { name: string }) | undefined;
let t: TestApp | undefined;
const restored: string[] = [];

async function databaseServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const major = Math.floor(
    Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10_000,
  );
  await client.end();
  try {
    await findPgTool('pg_dump', major);
    return { url: adminUrl, stop: async () => {} };
  } catch {}
  const debian = '/usr/lib/postgresql';
  const version = existsSync(debian)
    ? spawnSync('ls', [debian], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(
          (v) =>
            existsSync(join(debian, v, 'bin', 'postgres')) && existsSync(join(debian, v, 'bin', 'pg_dump')),
        )
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version)
    throw new Error(`no pg_dump for PostgreSQL ${major} and no PostgreSQL from Debian's packages`);
  const bin = join(debian, version, 'bin');
  const data = join(dir, 'pg');
  await chmod(dir, 0o777);
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);
  await asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  await asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'pg.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']).catch(() => {});
    },
  };
}

const urlOf = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Rows per table of ours and of pg-boss, and where each sequence stands. */
async function census(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const { schema, name } of tables.rows) {
      const { rows } = await client.query(`select count(*)::int as n from "${schema}"."${name}"`);
      counts[`${schema}.${name}`] = rows[0].n;
    }
    const money = (
      await client.query(
        `select count(*)::int as parcels, sum(cash_collection_poisha)::text as cash,
                sum(total_charge_poisha)::text as charges, sum(amount_collected_poisha)::text as collected
         from parcels`,
      )
    ).rows[0];
    const sequences = (
      await client.query(
        `select schemaname || '.' || sequencename as name, last_value::text from pg_sequences
         where schemaname in ('public', 'pgboss') order by 1`,
      )
    ).rows;
    return { counts, money, sequences };
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dak-backup-'));
  const server = await databaseServer();
  serverUrl = server.url;
  stopServer = server.stop;
  const name = `dak_backup_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  database = { ...openDatabase(urlOf(name), { max: 5 }), name };
  await migrate(database.pool);
  await seedGeography(database.db);
  await seedBanks(database.db);
  await seedParcelCategories(database.db);
  // Jobs in-process, so the pgboss schema is there and holds jobs, as in production.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'in-process' });
  const sms = smsReceiver();
  const app = await buildApp({ config, database, onSmsSent: sms.onSmsSent });
  sms.attach(app);
  await app.ready();
  const { manualClock } = await import('../lib/clock');
  t = {
    app,
    database: { ...database, url: urlOf(name) },
    clock: manualClock(),
    config,
    close: async () => {
      await app.close();
    },
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of restored) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  await stopServer();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('npm run backup and npm run restore', () => {
  it('dump, restore into a new database: the same rows in every table, the same money', async () => {
    if (!t || !database) throw new Error('not set up');
    const { pool } = database;
    const merchant = await bookingMerchant(t);
    const admin = await signInStaff(t, 'admin');
    const parcels = [];
    for (let i = 0; i < 6; i++)
      parcels.push(await bookParcel(t, merchant, { cashCollectionAmount: 1000 + i * 10 }));
    for (const parcel of parcels.slice(0, 3)) {
      await walk(t, admin.token, parcel.trackingId, [
        ...toOutForDelivery,
        { status: 'delivered', amountCollected: 500 },
      ]);
    }
    // The app stops (its jobs finish), so nothing changes between the count and the dump.
    await t.close();
    t = undefined;
    const source = urlOf(database.name);
    const before = await census(source);
    expect(before.counts['public.parcels']).toBe(6);
    expect(before.counts['public.parcel_events']).toBeGreaterThan(6);
    expect(before.counts['pgboss.job']).toBeGreaterThan(0);

    const env = { ...process.env, DATABASE_URL: source, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    const file = join(dir, 'dak.dump');
    const dumped = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'backup', '--file', file],
      {
        cwd: root,
        env,
      },
    );
    expect(dumped.stdout).toContain('Backup written to');
    // Written after the dump: not in the restored copy.
    await pool.query(`insert into rate_limit_hits (key, at) values ('after-dump', now())`);

    const into = `dak_restored_${randomBytes(4).toString('hex')}`;
    restored.push(into);
    const back = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'restore', '--file', file, '--into', into],
      { cwd: root, env },
    );
    expect(back.stdout).toContain(`Restored into database ${into}`);
    const after = await census(urlOf(into));
    expect(after.counts).toEqual(before.counts);
    expect(after.money).toEqual(before.money);
    expect(after.sequences).toEqual(before.sequences);

    // The restored database holds the same migrations, so the same code starts on it.
    const copy = openDatabase(urlOf(into), { max: 2 });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(
        copy.db,
      );
      expect(rows[0]?.n).toBe(before.counts['public.schema_migrations']);
    } finally {
      await copy.close();
    }

    // A restore never writes over an existing database.
    const again = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'restore', '--file', file, '--into', into],
      { cwd: root, env },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining(`database ${into} exists`) });
  }, 120_000);
});
