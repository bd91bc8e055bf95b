import { randomBytes } from 'node:crypto';
import { normalizePhone } from '@dak/domain/phone';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, type DatabaseSettings, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { type Clock, manualClock } from '../src/lib/clock';
import type { SmsMessage } from '../src/modules/sms/sms.types';

const templateDatabase = 'dak_template';

/**
 * A fresh database cloned from the migrated, seeded template: each test file gets its own. Its
 * pools are small (many files run at once) unless `settings` says otherwise.
 */
export async function createTestDatabase(
  settings: Partial<DatabaseSettings> = {},
): Promise<Database & { name: string; url: string }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `dak_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Parallel clones of one template can collide on its lock; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${templateDatabase}"`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    ...openDatabase(url.toString(), { poolMax: 5, jobsPoolMax: 2, ...settings }),
    name,
    url: url.toString(),
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database & { url: string };
  clock: Clock & { advance(ms: number): void };
  config: Config;
  close(): Promise<void>;
};

/**
 * What production must be given on purpose (config.ts refuses to start without it). The gateway
 * address answers nothing, so an SMS a production-mode test sends fails, never fakes success.
 */
export const productionEnv = {
  SMS_PROVIDER: 'bulksmsbd',
  SMS_API_URL: 'http://127.0.0.1:9/sms',
  SMS_API_KEY: 'test-key',
  SMS_SENDER_ID: 'Dak',
  PUBLIC_URL: 'https://dak.example',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

/** Each test app's SMS as the phones got them, whole: no route shows a code outside development. */
const phones = new WeakMap<FastifyInstance, SmsMessage[]>();

/**
 * For a test that builds its own app: pass `onSmsSent` to buildApp, then `attach(app)`, and
 * lastSms / lastOtp read that app's SMS as they do for createTestApp's.
 */
export function smsReceiver() {
  const received: SmsMessage[] = [];
  return {
    onSmsSent: (message: SmsMessage) => received.push(message),
    attach: (app: FastifyInstance) => phones.set(app, received),
  };
}

/**
 * The whole API on a fresh database, with a clock the test moves and optional env overrides;
 * `deps`: what a test swaps in besides (webhooks' name resolution and timeout).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'webhooks'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(env.NODE_ENV === 'production' ? productionEnv : {}),
    ...env,
  });
  // The configured timeouts; the pools stay small unless the test sets their size.
  const { poolMax, jobsPoolMax, ...timeouts } = config.database;
  const database = await createTestDatabase({
    ...timeouts,
    ...(env.DB_POOL_MAX ? { poolMax } : {}),
    ...(env.DB_JOBS_POOL_MAX ? { jobsPoolMax } : {}),
  });
  const clock = manualClock(new Date('2026-11-22T06:00:00Z'));
  const received: SmsMessage[] = [];
  const app = await buildApp({
    config,
    database,
    clock,
    onSmsSent: (message) => received.push(message),
    ...deps,
  });
  phones.set(app, received);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test file's app, as createTestApp makes it: built before the file's tests (beforeAll) and
 * closed after them (afterAll). What it answers stands for that app from the first beforeAll on,
 * so `caller(t)` and the factories can take it where the file declares it.
 */
export function useTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'webhooks'> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, deps);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('useTestApp: the app is built in beforeAll; use it in hooks and tests');
      return Reflect.get(current, key);
    },
  });
}

/**
 * The newest SMS body sent to a phone, as the phone got it (codes whole, unlike the outbox the
 * routes show), once the jobs sent so far (the parcel SMS job) have run.
 */
export async function lastSms(app: FastifyInstance, phone: string): Promise<string> {
  await app.jobs.idle();
  const received = phones.get(app);
  if (!received) throw new Error('lastSms needs an app from createTestApp');
  const to = normalizePhone(phone) ?? phone;
  const text = received.findLast((m) => m.to === to)?.body;
  if (!text) throw new Error(`no SMS to ${phone}`);
  return text;
}

/**
 * The code of the last return hand-over SMS to a phone ("… code: 1234"). Not simply the last SMS:
 * notification texts to the same merchant are sent by their own jobs and may land after it.
 */
export async function returnOtp(app: FastifyInstance, phone: string): Promise<string> {
  await app.jobs.idle();
  const to = normalizePhone(phone) ?? phone;
  const text = phones.get(app)?.findLast((m) => m.to === to && /code: \d{4}/.test(m.body))?.body;
  return /code: (\d{4})/.exec(text ?? '')?.[1] ?? '';
}

export async function lastOtp(app: FastifyInstance, phone: string): Promise<string> {
  const match = /\b(\d{4})\b/.exec(await lastSms(app, phone));
  if (!match?.[1]) throw new Error(`no code in the last SMS to ${phone}`);
  return match[1];
}

/** How many rows a table of the test's database holds now. */
export async function rowCount(t: TestApp, table: keyof DB): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let phoneCounter = 0;
/** A valid, unused phone in local form for each call (017 + 8 digits). */
export function uniquePhone(): string {
  phoneCounter += 1;
  const n = (Date.now() % 1_000_000) * 100 + phoneCounter;
  return `017${String(n % 100_000_000).padStart(8, '0')}`;
}

/** Registers a merchant through the API (OTP from the outbox) and returns the session. */
export async function registerMerchant(
  app: FastifyInstance,
  overrides: Partial<Record<string, unknown>> = {},
) {
  const phone = (overrides.phone as string | undefined) ?? uniquePhone();
  // With a code given, the caller already asked for it (and maybe verified it on the phone step).
  let code = overrides.code as string | undefined;
  if (!code) {
    const otp = await app.inject({
      method: 'POST',
      url: '/api/v1/merchant/registration/otp',
      payload: { phone },
    });
    if (otp.statusCode !== 200) throw new Error(`registration otp: ${otp.statusCode} ${otp.body}`);
    code = await lastOtp(app, phone);
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/merchant/registration',
    payload: {
      merchantName: 'Karim Traders',
      shopName: 'Karim Fashion',
      dailyParcelCount: 25,
      phone,
      code,
      fullName: 'Md. Karim Hossain',
      dateOfBirth: '1992-03-14',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      termsAccepted: true,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`registration: ${res.statusCode} ${res.body}`);
  return {
    phone,
    password: 'secret-pass-1',
    ...res.json<{ token: string; user: { id: string; phone: string }; shop: { id: string } }>(),
  };
}
