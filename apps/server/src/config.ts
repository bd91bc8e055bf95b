import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DataKeys } from './lib/field-cipher';

/**
 * The only reader of process.env. Parsed once at start; every bad value is reported at once, by
 * name, so an operator fixes them in one go. Rate limits have production defaults; in
 * development and test the defaults are high enough for suites that sign up many users from one
 * address. Nothing switches a limit off: a limit is always a number.
 */
const modes = ['development', 'test', 'production'] as const;

/**
 * The web app's files the server serves and renders, named here only: no other server file
 * names a path into apps/web (the architecture test checks it).
 */
const webDirectory = fileURLToPath(new URL('../../web/', import.meta.url));
export const webFiles = {
  /** The built web app `npm start` serves when WEB_DIST is not set. */
  defaultDist: join(webDirectory, 'dist'),
  /**
   * The public site's server renderer: the SSR build beside a web build (`npm run build` makes
   * dist-ssr next to dist), and its source, which the test runner (Vite) compiles when unbuilt.
   */
  ssrEntry: (webDist: string | undefined) => ({
    built: webDist ? join(webDist, '../dist-ssr/entry-server.js') : undefined,
    source: join(webDirectory, 'src/site/entry-server.tsx'),
  }),
};
export type Mode = (typeof modes)[number];

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const keyId = z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, 'must be 1-16 letters, digits, _ or -');
/** 32 bytes in base64: `openssl rand -base64 32`. */
const base64Key = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)');

/** How the server uses PostgreSQL: pool sizes and the timeouts set on every connection. */
export type DatabaseSettings = {
  /** Connections of the API's pool (requests, and the jobs' own work). */
  poolMax: number;
  /** Connections of the job runner's pool (pg-boss's queue queries), apart from the API's. */
  jobsPoolMax: number;
  /** How long a request waits for a free connection before it is answered 503 "busy". */
  connectTimeoutMs: number;
  /** Any one statement longer than this is cancelled (PostgreSQL statement_timeout). */
  statementTimeoutMs: number;
  /** A transaction left open without a query this long is ended by PostgreSQL. */
  idleInTransactionTimeoutMs: number;
  /** A wait for a row or table lock longer than this fails (API pool only; the job runner waits). */
  lockTimeoutMs: number;
};

/** The defaults of DatabaseSettings, for callers without a Config (CLI, bench, tests). */
export const databaseDefaults: DatabaseSettings = {
  poolMax: 10,
  jobsPoolMax: 3,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 30_000,
  lockTimeoutMs: 5_000,
};

const schema = z.object({
  NODE_ENV: z.enum(modes).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Uploaded files (NID images, …) on local disk; default `${DATA_DIR}/files`. */
  FILES_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /**
   * `true`: one proxy in front (the layout docs/operations.md shows), whose address the socket
   * gives; the client is the last X-Forwarded-For entry, the one that proxy wrote. A number: that
   * many proxies in a chain. Never every entry: the first ones are whatever the client sent.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[1-9])$/, 'must be true, false or the number of proxies in front (1-9)')
    .default('false'),
  BODY_LIMIT_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
  WEB_DIST: z.string().optional(),
  /** The address customers use (https://…): SMS tracking links, canonical links, sitemap, robots. */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  SMS_PROVIDER: z.enum(['outbox', 'bulksmsbd']).default('outbox'),
  SMS_API_URL: z.string().url().default('http://bulksmsbd.net/api/smsapi'),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  SESSION_TTL_HOURS: int(1, 24 * 365).default(24 * 30),
  STAFF_SESSION_TTL_HOURS: int(1, 24 * 7).default(12),
  RATE_OTP_PER_PHONE_PER_HOUR: int(1, 1_000_000).optional(),
  RATE_OTP_PER_IP_PER_HOUR: int(1, 1_000_000).optional(),
  RATE_OTP_FAILURES_PER_PHONE_PER_DAY: int(1, 1_000_000).optional(),
  OTP_LOCK_HOURS: int(1, 24 * 30).optional(),
  RATE_LOGIN_FAILURES_PER_PHONE_AND_IP_PER_15_MIN: int(1, 1_000_000).optional(),
  RATE_LOGIN_PER_IP_PER_15_MIN: int(1, 1_000_000).optional(),
  LOGIN_FREE_FAILURES_PER_PHONE_PER_DAY: int(1, 1_000_000).optional(),
  LOGIN_DELAY_BASE_SECONDS: int(1, 3600).optional(),
  LOGIN_DELAY_MAX_SECONDS: int(1, 24 * 3600).optional(),
  RATE_CHARGE_PER_IP_PER_MINUTE: int(1, 1_000_000).optional(),
  RATE_AREA_PREDICT_PER_IP_PER_MINUTE: int(1, 1_000_000).optional(),
  /**
   * Background jobs (pg-boss): `in-process` sends and works them here; `send-only` only sends,
   * for API processes beside a separate `worker` process; `inline` (tests only) runs each job
   * right after it is sent, without the queue.
   */
  JOBS: z.enum(['in-process', 'send-only', 'inline']).optional(),
  /** How often a working process fails expired jobs (a worker died mid-job) so they are retried. */
  JOBS_SUPERVISE_SECONDS: int(1, 3600).default(60),
  /** The first wait before a failed job is retried (doubled each retry). */
  JOBS_RETRY_DELAY_SECONDS: int(1, 3600).default(30),
  /** How long one try of the parcel SMS job may run before it counts as dead (longer than the gateway's 10 s timeout). */
  SMS_JOB_EXPIRE_SECONDS: int(1, 3600).default(120),
  EVENTS_HEARTBEAT_SECONDS: int(1, 300).default(20),
  /**
   * How long a process may serve a public tracking answer from memory (issue 16); a move drops it
   * at once through NOTIFY, this is the bound if a NOTIFY is missed. 0: no cache (the test mode's
   * default: tests read their own moves back within microseconds, before the NOTIFY arrives).
   */
  TRACKING_CACHE_MS: int(0, 60_000).optional(),
  /**
   * How long a process may take a shop route's session and role from memory (issue 16); a
   * sign-out, revoke, role change or removal drops it at once through NOTIFY, this bounds a
   * missed one. 0: no cache (the test mode's default, as TRACKING_CACHE_MS).
   */
  SESSION_CACHE_MS: int(0, 60_000).optional(),
  /** Where pg_dump and pg_restore are (npm run backup / restore), when not found by themselves. */
  PG_BIN_DIR: z.string().min(1).optional(),
  /** How long a finished parcel export can be downloaded. */
  EXPORT_TTL_HOURS: int(1, 24 * 30).default(24),
  RATE_LEADS_PER_IP_PER_HOUR: int(1, 1_000_000).optional(),
  RATE_TRACKING_PER_IP_PER_MINUTE: int(1, 1_000_000).optional(),
  RATE_API_KEY_PER_MINUTE: int(1, 1_000_000).optional(),
  /** Hours a failed parcel waits for the merchant's decision before it is returned (issue 5). */
  AUTO_RETURN_HOURS: int(1, 24 * 30).default(24),
  /** Taka a shop may owe Dak before its new bookings wait on pickup_hold (with its prepayment hold on; issue 13). */
  NEGATIVE_BALANCE_LIMIT_TAKA: int(0, 10_000_000).default(500),
  /** Payouts (issue 13): the smallest payout in taka; a shop owed less waits for a later run. */
  PAYOUT_MINIMUM_TAKA: int(1, 10_000_000).default(100),
  /** When the daily payout run starts: a five-field cron line read in Asia/Dhaka time. */
  PAYOUT_SCHEDULE: z
    .string()
    .trim()
    .regex(/^\S+( \S+){4}$/, 'must be a cron line of five fields, e.g. "0 10 * * *"')
    .default('0 10 * * *'),
  /** Tests only (NODE_ENV=test): a pause in each shop's payout, so a test can kill a run half-way. */
  PAYOUT_TEST_DELAY_MS: int(0, 60_000).default(0),
  /** Days call recordings are kept before the retention job deletes them. */
  CALL_RECORDING_RETENTION_DAYS: int(1, 3650).default(45),
  /**
   * The telephony provider: its webhook's HMAC secret (no secret: the webhook refuses every
   * call), and the HTTP API recordings are fetched from (only URLs under it are fetched).
   */
  TELEPHONY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TELEPHONY_WEBHOOK_TOLERANCE_SECONDS: int(10, 3600).default(300),
  TELEPHONY_API_URL: z.string().url().optional(),
  TELEPHONY_API_KEY: z.string().optional(),
  /**
   * The database pools (issue 11): connections of the API's pool and of the job runner's
   * (pg-boss) pool, how long a request waits for a free connection, and the per-connection
   * timeouts that stop one stuck query or transaction from holding a connection for ever.
   */
  DB_POOL_MAX: int(1, 1000).default(databaseDefaults.poolMax),
  DB_JOBS_POOL_MAX: int(1, 1000).default(databaseDefaults.jobsPoolMax),
  DB_CONNECT_TIMEOUT_MS: int(100, 600_000).default(databaseDefaults.connectTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: int(100, 3_600_000).default(databaseDefaults.statementTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(100, 3_600_000).default(databaseDefaults.idleInTransactionTimeoutMs),
  DB_LOCK_TIMEOUT_MS: int(50, 600_000).default(databaseDefaults.lockTimeoutMs),
  /**
   * Encryption at rest of account numbers (issue 11): the current key (base64 of 32 bytes) and its
   * id, stored with each value; old keys (`id:base64,…`) still decrypt during a rotation.
   */
  DATA_ENCRYPTION_KEY: base64Key.optional(),
  DATA_ENCRYPTION_KEY_ID: keyId.default('k1'),
  DATA_ENCRYPTION_OLD_KEYS: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,16}:[A-Za-z0-9+/]{43}=)*$/,
      'must be id:base64key,…',
    )
    .optional(),
});

/**
 * The development and test key: public, in the source, for data that is not real. Production
 * refuses to start without its own DATA_ENCRYPTION_KEY and never accepts this one.
 */
const developmentDataKeyId = 'dev-not-secret';
const developmentDataKey = Buffer.alloc(32, 'dak-development-key-not-a-secret');

export type RateLimits = {
  otpPerPhonePerHour: number;
  otpPerIpPerHour: number;
  /** Wrong codes for one phone (any purpose) in the last 24 h before its codes are locked. */
  otpFailuresPerPhonePerDay: number;
  /** How long such a lock lasts; the owner is told by SMS once per lock. */
  otpLockHours: number;
  /** Wrong passwords for one phone from one address in the last 15 minutes, then 429. */
  loginFailuresPerPhoneAndIpPer15Min: number;
  /** Password sign-in tries from one address, any phone, in the last 15 minutes. */
  loginPerIpPer15Min: number;
  /**
   * The progressive delay per phone (for addresses the phone was never signed in from): wrong
   * passwords in the last 24 h that cost nothing, then a wait from `loginDelayBaseSeconds`
   * doubling per failure up to `loginDelayMaxSeconds`.
   */
  loginFreeFailuresPerPhonePerDay: number;
  loginDelayBaseSeconds: number;
  loginDelayMaxSeconds: number;
  /** The public charge calculator; generous, since mobile carriers put many phones behind one IP. */
  chargePerIpPerMinute: number;
  /** Reading addresses into areas (POST /areas/predict): a merchant pasting a batch of orders. */
  areaPredictPerIpPerMinute: number;
  /** The enterprise contact form: a person sends one or two; more from one IP is a script. */
  leadsPerIpPerHour: number;
  /** Public tracking (GET /tracking…): a customer refreshing, a shop checking its parcels. */
  trackingPerIpPerMinute: number;
  /** Requests per shop API key (issue 15): a store plugin syncing orders, not a flood. */
  apiKeyPerMinute: number;
};

const productionLimits: RateLimits = {
  otpPerPhonePerHour: 5,
  otpPerIpPerHour: 30,
  otpFailuresPerPhonePerDay: 15,
  otpLockHours: 24,
  loginFailuresPerPhoneAndIpPer15Min: 5,
  loginPerIpPer15Min: 50,
  loginFreeFailuresPerPhonePerDay: 5,
  loginDelayBaseSeconds: 2,
  loginDelayMaxSeconds: 15 * 60,
  chargePerIpPerMinute: 120,
  areaPredictPerIpPerMinute: 120,
  leadsPerIpPerHour: 10,
  trackingPerIpPerMinute: 60,
  apiKeyPerMinute: 600,
};
const developmentLimits: RateLimits = {
  otpPerPhonePerHour: 50,
  otpPerIpPerHour: 10_000,
  otpFailuresPerPhonePerDay: 1_000,
  otpLockHours: 24,
  loginFailuresPerPhoneAndIpPer15Min: 100,
  loginPerIpPer15Min: 10_000,
  loginFreeFailuresPerPhonePerDay: 100,
  loginDelayBaseSeconds: 2,
  loginDelayMaxSeconds: 15 * 60,
  chargePerIpPerMinute: 10_000,
  areaPredictPerIpPerMinute: 10_000,
  leadsPerIpPerHour: 10_000,
  trackingPerIpPerMinute: 10_000,
  apiKeyPerMinute: 10_000,
};

export type Config = {
  mode: Mode;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  filesDir: string;
  logLevel: string;
  /** How many proxies in front are trusted to say who the client is (0: none, X-Forwarded-For ignored). */
  trustProxy: number;
  bodyLimit: number;
  webDist: string | undefined;
  publicUrl: string | undefined;
  sms: { provider: 'outbox' } | { provider: 'bulksmsbd'; apiUrl: string; apiKey: string; senderId: string };
  sessionTtlHours: number;
  staffSessionTtlHours: number;
  rateLimits: RateLimits;
  jobs: 'in-process' | 'send-only' | 'inline';
  jobsSuperviseSeconds: number;
  jobsRetryDelaySeconds: number;
  smsJobExpireSeconds: number;
  /** How often an open event stream gets a heartbeat and its session is checked (issue 14). */
  eventsHeartbeatSeconds: number;
  /** Public tracking answers kept in memory this long (0: off); see TRACKING_CACHE_MS. */
  trackingCacheMs: number;
  /** A shop route's session and role kept in memory this long (0: off); see SESSION_CACHE_MS. */
  sessionCacheMs: number;
  pgBinDir: string | undefined;
  exportTtlHours: number;
  autoReturnHours: number;
  negativeBalanceLimitTaka: number;
  recordingRetentionDays: number;
  payouts: { minimumTaka: number; schedule: string; testDelayMs: number };
  telephony: {
    webhookSecret: string | undefined;
    toleranceSeconds: number;
    apiUrl: string | undefined;
    apiKey: string | undefined;
  };
  database: DatabaseSettings;
  /** Keys for values encrypted at rest (lib/field-cipher.ts), by id; `currentKeyId` encrypts. */
  dataKeys: DataKeys;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment (or the given record, in tests) into a checked Config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    // Safe defaults for a laptop are unsafe for customers: in production each of these must be
    // set on purpose, and every missing one is named on its own line.
    if (e.SMS_PROVIDER !== 'bulksmsbd') {
      problems.push(
        'SMS_PROVIDER: required in production; set SMS_PROVIDER=bulksmsbd (the outbox sends no SMS and shows codes to staff)',
      );
    }
    if (!e.SMS_API_KEY) problems.push('SMS_API_KEY: required in production (the SMS gateway key)');
    if (!e.SMS_SENDER_ID) problems.push('SMS_SENDER_ID: required in production (the SMS sender ID)');
    if (!e.PUBLIC_URL) {
      problems.push(
        'PUBLIC_URL: required in production (the https:// address customers use, for SMS links, canonical links and the sitemap)',
      );
    }
  } else if (e.SMS_PROVIDER === 'bulksmsbd' && (!e.SMS_API_KEY || !e.SMS_SENDER_ID)) {
    problems.push('SMS_API_KEY and SMS_SENDER_ID are required when SMS_PROVIDER=bulksmsbd');
  }
  if (e.JOBS === 'inline' && e.NODE_ENV !== 'test') {
    problems.push('JOBS=inline is for tests only (NODE_ENV=test); use in-process or send-only');
  }
  if (e.NODE_ENV === 'production' && !e.DATA_ENCRYPTION_KEY) {
    problems.push(
      'DATA_ENCRYPTION_KEY: required in production (32 bytes in base64: openssl rand -base64 32)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const defaults = e.NODE_ENV === 'production' ? productionLimits : developmentLimits;
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    filesDir: e.FILES_DIR ? resolve(e.FILES_DIR) : join(resolve(e.DATA_DIR), 'files'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY === 'false' ? 0 : e.TRUST_PROXY === 'true' ? 1 : Number(e.TRUST_PROXY),
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDist: e.WEB_DIST,
    publicUrl: e.PUBLIC_URL,
    sms:
      e.SMS_PROVIDER === 'bulksmsbd'
        ? {
            provider: 'bulksmsbd',
            apiUrl: e.SMS_API_URL,
            apiKey: e.SMS_API_KEY ?? '',
            senderId: e.SMS_SENDER_ID ?? '',
          }
        : { provider: 'outbox' },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    staffSessionTtlHours: e.STAFF_SESSION_TTL_HOURS,
    rateLimits: {
      otpPerPhonePerHour: e.RATE_OTP_PER_PHONE_PER_HOUR ?? defaults.otpPerPhonePerHour,
      otpPerIpPerHour: e.RATE_OTP_PER_IP_PER_HOUR ?? defaults.otpPerIpPerHour,
      otpFailuresPerPhonePerDay: e.RATE_OTP_FAILURES_PER_PHONE_PER_DAY ?? defaults.otpFailuresPerPhonePerDay,
      otpLockHours: e.OTP_LOCK_HOURS ?? defaults.otpLockHours,
      loginFailuresPerPhoneAndIpPer15Min:
        e.RATE_LOGIN_FAILURES_PER_PHONE_AND_IP_PER_15_MIN ?? defaults.loginFailuresPerPhoneAndIpPer15Min,
      loginPerIpPer15Min: e.RATE_LOGIN_PER_IP_PER_15_MIN ?? defaults.loginPerIpPer15Min,
      loginFreeFailuresPerPhonePerDay:
        e.LOGIN_FREE_FAILURES_PER_PHONE_PER_DAY ?? defaults.loginFreeFailuresPerPhonePerDay,
      loginDelayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS ?? defaults.loginDelayBaseSeconds,
      loginDelayMaxSeconds: e.LOGIN_DELAY_MAX_SECONDS ?? defaults.loginDelayMaxSeconds,
      chargePerIpPerMinute: e.RATE_CHARGE_PER_IP_PER_MINUTE ?? defaults.chargePerIpPerMinute,
      areaPredictPerIpPerMinute: e.RATE_AREA_PREDICT_PER_IP_PER_MINUTE ?? defaults.areaPredictPerIpPerMinute,
      leadsPerIpPerHour: e.RATE_LEADS_PER_IP_PER_HOUR ?? defaults.leadsPerIpPerHour,
      trackingPerIpPerMinute: e.RATE_TRACKING_PER_IP_PER_MINUTE ?? defaults.trackingPerIpPerMinute,
      apiKeyPerMinute: e.RATE_API_KEY_PER_MINUTE ?? defaults.apiKeyPerMinute,
    },
    jobs: e.JOBS ?? (e.NODE_ENV === 'test' ? 'inline' : 'in-process'),
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    jobsRetryDelaySeconds: e.JOBS_RETRY_DELAY_SECONDS,
    smsJobExpireSeconds: e.SMS_JOB_EXPIRE_SECONDS,
    eventsHeartbeatSeconds: e.EVENTS_HEARTBEAT_SECONDS,
    trackingCacheMs: e.TRACKING_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 5_000),
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 5_000),
    pgBinDir: e.PG_BIN_DIR,
    exportTtlHours: e.EXPORT_TTL_HOURS,
    autoReturnHours: e.AUTO_RETURN_HOURS,
    negativeBalanceLimitTaka: e.NEGATIVE_BALANCE_LIMIT_TAKA,
    recordingRetentionDays: e.CALL_RECORDING_RETENTION_DAYS,
    payouts: {
      minimumTaka: e.PAYOUT_MINIMUM_TAKA,
      schedule: e.PAYOUT_SCHEDULE,
      testDelayMs: e.NODE_ENV === 'test' ? e.PAYOUT_TEST_DELAY_MS : 0,
    },
    telephony: {
      webhookSecret: e.TELEPHONY_WEBHOOK_SECRET,
      toleranceSeconds: e.TELEPHONY_WEBHOOK_TOLERANCE_SECONDS,
      apiUrl: e.TELEPHONY_API_URL,
      apiKey: e.TELEPHONY_API_KEY,
    },
    database: {
      poolMax: e.DB_POOL_MAX,
      jobsPoolMax: e.DB_JOBS_POOL_MAX,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    },
    dataKeys: dataKeysOf(e),
  };
}

/**
 * The key ring: the configured key as current, the old keys for reading; outside production the
 * development key too (current when none is set, so a developer's data stays readable after one is).
 */
function dataKeysOf(e: z.infer<typeof schema>): DataKeys {
  const keys: Record<string, Buffer> = {};
  if (e.NODE_ENV !== 'production') keys[developmentDataKeyId] = developmentDataKey;
  for (const pair of e.DATA_ENCRYPTION_OLD_KEYS?.split(',') ?? []) {
    const [id = '', key = ''] = pair.split(':');
    keys[id] = Buffer.from(key, 'base64');
  }
  if (!e.DATA_ENCRYPTION_KEY) return { currentKeyId: developmentDataKeyId, keys };
  keys[e.DATA_ENCRYPTION_KEY_ID] = Buffer.from(e.DATA_ENCRYPTION_KEY, 'base64');
  return { currentKeyId: e.DATA_ENCRYPTION_KEY_ID, keys };
}
