import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once at start; every bad value is reported at once, by
 * name, so an operator fixes them in one go. Rate limits have production defaults; in
 * development and test the defaults are high enough for suites that sign up many users from one
 * address. Nothing switches a limit off: a limit is always a number.
 */
const modes = ['development', 'test', 'production'] as const;
export type Mode = (typeof modes)[number];

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

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
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  BODY_LIMIT_BYTES: int(1024, 50 * 1024 * 1024).default(1024 * 1024),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMS_PROVIDER: z.enum(['outbox', 'bulksmsbd']).default('outbox'),
  SMS_API_URL: z.string().url().default('http://bulksmsbd.net/api/smsapi'),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  SESSION_TTL_HOURS: int(1, 24 * 365).default(24 * 30),
  STAFF_SESSION_TTL_HOURS: int(1, 24 * 7).default(12),
  RATE_OTP_PER_PHONE_PER_HOUR: int(1, 1_000_000).optional(),
  RATE_OTP_PER_IP_PER_HOUR: int(1, 1_000_000).optional(),
  RATE_LOGIN_PER_PHONE_PER_15_MIN: int(1, 1_000_000).optional(),
  RATE_LOGIN_PER_IP_PER_15_MIN: int(1, 1_000_000).optional(),
  RATE_CHARGE_PER_IP_PER_MINUTE: int(1, 1_000_000).optional(),
  RATE_AREA_PREDICT_PER_IP_PER_MINUTE: int(1, 1_000_000).optional(),
  /**
   * Background jobs (pg-boss): `in-process` sends and works them here; `send-only` only sends,
   * for API processes beside a separate `worker` process; `inline` (tests only) runs each job
   * right after it is sent, without the queue.
   */
  JOBS: z.enum(['in-process', 'send-only', 'inline']).optional(),
  /** How often a working process fails expired jobs (a worker died mid-job) so they are retried. */
  JOBS_SUPERVISE_SECONDS: int(1, 3600).default(120),
  /** The first wait before a failed job is retried (doubled each retry). */
  JOBS_RETRY_DELAY_SECONDS: int(1, 3600).default(30),
  /** How long one try of the parcel SMS job may run before it counts as dead (longer than the gateway's 10 s timeout). */
  SMS_JOB_EXPIRE_SECONDS: int(1, 3600).default(120),
  /** Where pg_dump and pg_restore are (npm run backup / restore), when not found by themselves. */
  PG_BIN_DIR: z.string().min(1).optional(),
  /** How long a finished parcel export can be downloaded. */
  EXPORT_TTL_HOURS: int(1, 24 * 30).default(24),
  RATE_LEADS_PER_IP_PER_HOUR: int(1, 1_000_000).optional(),
  RATE_TRACKING_PER_IP_PER_MINUTE: int(1, 1_000_000).optional(),
  /** Hours a failed parcel waits for the merchant's decision before it is returned (issue 5). */
  AUTO_RETURN_HOURS: int(1, 24 * 30).default(24),
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
});

export type RateLimits = {
  otpPerPhonePerHour: number;
  otpPerIpPerHour: number;
  loginPerPhonePer15Min: number;
  loginPerIpPer15Min: number;
  /** The public charge calculator; generous, since mobile carriers put many phones behind one IP. */
  chargePerIpPerMinute: number;
  /** Reading addresses into areas (POST /areas/predict): a merchant pasting a batch of orders. */
  areaPredictPerIpPerMinute: number;
  /** The enterprise contact form: a person sends one or two; more from one IP is a script. */
  leadsPerIpPerHour: number;
  /** Public tracking (GET /tracking…): a customer refreshing, a shop checking its parcels. */
  trackingPerIpPerMinute: number;
};

const productionLimits: RateLimits = {
  otpPerPhonePerHour: 5,
  otpPerIpPerHour: 30,
  loginPerPhonePer15Min: 10,
  loginPerIpPer15Min: 50,
  chargePerIpPerMinute: 120,
  areaPredictPerIpPerMinute: 120,
  leadsPerIpPerHour: 10,
  trackingPerIpPerMinute: 60,
};
const developmentLimits: RateLimits = {
  otpPerPhonePerHour: 50,
  otpPerIpPerHour: 10_000,
  loginPerPhonePer15Min: 100,
  loginPerIpPer15Min: 10_000,
  chargePerIpPerMinute: 10_000,
  areaPredictPerIpPerMinute: 10_000,
  leadsPerIpPerHour: 10_000,
  trackingPerIpPerMinute: 10_000,
};

export type Config = {
  mode: Mode;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  filesDir: string;
  logLevel: string;
  trustProxy: boolean;
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
  pgBinDir: string | undefined;
  exportTtlHours: number;
  autoReturnHours: number;
  recordingRetentionDays: number;
  telephony: {
    webhookSecret: string | undefined;
    toleranceSeconds: number;
    apiUrl: string | undefined;
    apiKey: string | undefined;
  };
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
  if (e.SMS_PROVIDER === 'bulksmsbd' && (!e.SMS_API_KEY || !e.SMS_SENDER_ID)) {
    problems.push('SMS_API_KEY and SMS_SENDER_ID are required when SMS_PROVIDER=bulksmsbd');
  }
  if (e.JOBS === 'inline' && e.NODE_ENV !== 'test') {
    problems.push('JOBS=inline is for tests only (NODE_ENV=test); use in-process or send-only');
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
    trustProxy: e.TRUST_PROXY === 'true',
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
      loginPerPhonePer15Min: e.RATE_LOGIN_PER_PHONE_PER_15_MIN ?? defaults.loginPerPhonePer15Min,
      loginPerIpPer15Min: e.RATE_LOGIN_PER_IP_PER_15_MIN ?? defaults.loginPerIpPer15Min,
      chargePerIpPerMinute: e.RATE_CHARGE_PER_IP_PER_MINUTE ?? defaults.chargePerIpPerMinute,
      areaPredictPerIpPerMinute: e.RATE_AREA_PREDICT_PER_IP_PER_MINUTE ?? defaults.areaPredictPerIpPerMinute,
      leadsPerIpPerHour: e.RATE_LEADS_PER_IP_PER_HOUR ?? defaults.leadsPerIpPerHour,
      trackingPerIpPerMinute: e.RATE_TRACKING_PER_IP_PER_MINUTE ?? defaults.trackingPerIpPerMinute,
    },
    jobs: e.JOBS ?? (e.NODE_ENV === 'test' ? 'inline' : 'in-process'),
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    jobsRetryDelaySeconds: e.JOBS_RETRY_DELAY_SECONDS,
    smsJobExpireSeconds: e.SMS_JOB_EXPIRE_SECONDS,
    pgBinDir: e.PG_BIN_DIR,
    exportTtlHours: e.EXPORT_TTL_HOURS,
    autoReturnHours: e.AUTO_RETURN_HOURS,
    recordingRetentionDays: e.CALL_RECORDING_RETENTION_DAYS,
    telephony: {
      webhookSecret: e.TELEPHONY_WEBHOOK_SECRET,
      toleranceSeconds: e.TELEPHONY_WEBHOOK_TOLERANCE_SECONDS,
      apiUrl: e.TELEPHONY_API_URL,
      apiKey: e.TELEPHONY_API_KEY,
    },
  };
}
