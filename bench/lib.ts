import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { migrate } from '../apps/server/src/db/migrate';
import { seedGeography } from '../apps/server/src/db/seed/geography';
import { seedParcelCategories } from '../apps/server/src/db/seed/parcel-categories';
import type { SmsMessage } from '../apps/server/src/modules/sms/sms.types';

/** Every SMS the bench's apps sent, as the phones got them. */
const sent: SmsMessage[] = [];
/** The same list, read-only, for a bench that needs a code the app sent (day.ts: return OTPs). */
export const smsOutbox: readonly SmsMessage[] = sent;

/** A throw-away embedded PostgreSQL in a temp dir, migrated and seeded, with the real app on it. */
export type Bench = {
  pg: EmbeddedDatabase;
  database: Database;
  app: FastifyInstance;
  close(): Promise<void>;
};

/**
 * `env`: settings on top of the test configuration (e.g. rate limits a load test must not meet).
 * `statements`: PostgreSQL restarted once with pg_stat_statements preloaded, and the extension made.
 */
export async function startBench(
  label: string,
  env: Record<string, string> = {},
  options: { statements?: boolean } = {},
): Promise<Bench> {
  const dir = await mkdtemp(join(tmpdir(), `dak-bench-${label}-`));
  let pg: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await pg?.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    pg = await startEmbeddedPostgres({ dataDir: dir, persistent: options.statements === true });
    if (options.statements) {
      await pg.stop();
      // Run as root, the stopped process is the wrapper: wait for the server itself to go.
      for (let i = 0; i < 300 && existsSync(join(dir, 'pg', 'postmaster.pid')); i++)
        await new Promise((r) => setTimeout(r, 100));
      await appendFile(
        join(dir, 'pg', 'postgresql.conf'),
        "\nshared_preload_libraries = 'pg_stat_statements'\n",
      );
      pg = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
    }
    database = openDatabase(pg.url);
    if (options.statements) await sql`create extension if not exists pg_stat_statements`.execute(database.db);
    await migrate(database.pool);
    await seedGeography(database.db);
    await seedParcelCategories(database.db);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.BENCH_LOG ?? 'silent', ...env }),
      database,
      // The phones' copy of each SMS: outside development no route shows a code.
      onSmsSent: (message) => sent.push(message),
    });
    await app.ready();
    return { pg, database, app, close };
  } catch (error) {
    await close();
    throw error;
  }
}

let phoneCounter = 0;
/** A valid phone in local form, different on each call within a run. */
export function benchPhone(): string {
  phoneCounter += 1;
  return `019${String((Date.now() % 1_000_000) * 100 + phoneCounter)
    .padStart(8, '0')
    .slice(-8)}`;
}

export async function ok(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  token?: string,
) {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A merchant registered through the API, as a person would, with a pickup location in Mirpur. */
export async function registerShop(app: FastifyInstance) {
  const phone = benchPhone();
  await ok(app, 'POST', '/merchant/registration/otp', { phone });
  const last = sent.findLast((m) => m.to === `880${phone.slice(1)}`);
  const code = /\b(\d{4})\b/.exec(last?.body ?? '')?.[1];
  if (!code) throw new Error('no registration code in the outbox');
  const reg = await ok(app, 'POST', '/merchant/registration', {
    merchantName: 'Bench Traders',
    shopName: 'Bench Fashion',
    dailyParcelCount: 500,
    phone,
    code,
    fullName: 'Md. Bench Hossain',
    dateOfBirth: '1990-01-01',
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
    termsAccepted: true,
  });
  const token: string = reg.token;
  const shopId: string = reg.shop.id;
  const pickup = await ok(
    app,
    'POST',
    `/shops/${shopId}/pickup-locations`,
    {
      name: 'Mirpur warehouse',
      address: 'House 12, Road 5, Mirpur 10',
      areaId: 'dhaka-city--mirpur-10',
      phone: benchPhone(),
    },
    token,
  );
  return { token, shopId, phone, userId: reg.user.id as string, pickupLocationId: pickup.id as string };
}

export const percentile = (xs: readonly number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)] ?? 0;
export const median = (xs: readonly number[]) => percentile(xs, 0.5);

export function machine() {
  const cpu = cpus();
  return `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`;
}

/** Stops the process after `ms` whatever happens (a stuck database must not hang the bench). */
export function deadline(ms: number, cleanUp: () => Promise<void>) {
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${ms / 1000} s, giving up`);
    void cleanUp().finally(() => process.exit(1));
  }, ms);
  return () => clearTimeout(guard);
}

/** One measured figure against its goal, for the summary `npm run bench` prints at the end. */
export type Verdict = {
  /** The bench that measured it (api, list, day, …). */
  bench: string;
  /** What was measured, e.g. "GET /api/v1/districts real / bare". */
  measure: string;
  /** The figure, as printed (e.g. "0.62", "11.4 ms"). */
  value: string;
  /** The goal, as printed (e.g. "≥ 0.5", "< 30 ms"). */
  goal: string;
  pass: boolean;
};

const verdicts: Verdict[] = [];

/** Records a figure and its goal; returns "pass" or "FAIL" for the bench's own table. */
export function verdict(v: Verdict): 'pass' | 'FAIL' {
  verdicts.push(v);
  return v.pass ? 'pass' : 'FAIL';
}

/** Every figure recorded so far, as a Markdown table with the machine's load, and how many failed. */
export function verdictSummary(): { table: string; failed: number } {
  const rows = verdicts.map(
    (v) => `| ${v.bench} | ${v.measure} | ${v.value} | ${v.goal} | ${v.pass ? 'pass' : 'FAIL'} |`,
  );
  return {
    table: [
      machine(),
      '',
      '| bench | measure | figure | goal | result |',
      '| --- | --- | ---: | --- | --- |',
      ...rows,
    ].join('\n'),
    failed: verdicts.filter((v) => !v.pass).length,
  };
}

/** One parcel booked through the panel's route for a registered shop (Mirpur to Gulshan, ৳1,250 COD). */
export async function bookOneParcel(
  app: FastifyInstance,
  shop: { shopId: string; token: string; pickupLocationId: string },
) {
  return ok(
    app,
    'POST',
    `/shops/${shop.shopId}/parcels`,
    {
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 5, Road 3, Gulshan 1',
      deliveryAreaId: 'dhaka-city--gulshan-1',
      pickupLocationId: shop.pickupLocationId,
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 500,
    },
    shop.token,
  );
}
