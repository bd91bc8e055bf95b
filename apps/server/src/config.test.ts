import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What production needs on purpose: a real SMS gateway and the public address. */
const production = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'bulksmsbd',
  SMS_API_KEY: 'key',
  SMS_SENDER_ID: 'Dak',
  PUBLIC_URL: 'https://dak.example/',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('config', () => {
  it('has defaults that run a fresh checkout', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'development', port: 3000, sms: { provider: 'outbox' } });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('names every bad value at once', () => {
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('NODE_ENV');
      expect(problems).toContain('DATABASE_URL');
    }
  });

  it('uses strict limits in production and roomy ones in development, never none', () => {
    const prod = loadConfig(production).rateLimits;
    const dev = loadConfig({ NODE_ENV: 'development' }).rateLimits;
    expect(prod.otpPerPhonePerHour).toBeLessThan(dev.otpPerPhonePerHour);
    expect(dev.otpPerIpPerHour).toBeGreaterThanOrEqual(1000);
    expect(() => loadConfig({ RATE_OTP_PER_IP_PER_HOUR: '0' })).toThrow(ConfigError);
  });

  it('locks codes after 15 wrong in a day and slows passwords per phone in production only', () => {
    const prod = loadConfig(production).rateLimits;
    const dev = loadConfig({ NODE_ENV: 'development' }).rateLimits;
    expect(prod).toMatchObject({
      otpFailuresPerPhonePerDay: 15,
      otpLockHours: 24,
      loginFailuresPerPhoneAndIpPer15Min: 5,
      loginFreeFailuresPerPhonePerDay: 5,
      loginDelayMaxSeconds: 900,
    });
    // Browser tests sign many users in from one address and type wrong codes on purpose.
    expect(dev.otpFailuresPerPhonePerDay).toBeGreaterThanOrEqual(100);
    expect(dev.loginFreeFailuresPerPhonePerDay).toBeGreaterThanOrEqual(100);
    expect(
      loadConfig({ RATE_OTP_FAILURES_PER_PHONE_PER_DAY: '3' }).rateLimits.otpFailuresPerPhonePerDay,
    ).toBe(3);
    expect(() => loadConfig({ OTP_LOCK_HOURS: '0' })).toThrow(ConfigError);
  });

  it('needs credentials for a real SMS gateway', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'bulksmsbd' })).toThrow(/SMS_API_KEY/);
  });

  it('works jobs in-process by default, and runs them inline only in tests', () => {
    expect(loadConfig(production).jobs).toBe('in-process');
    expect(loadConfig({}).jobs).toBe('in-process');
    expect(loadConfig({ NODE_ENV: 'test' }).jobs).toBe('inline');
    expect(loadConfig({ JOBS: 'send-only' }).jobs).toBe('send-only');
    expect(() => loadConfig({ ...production, JOBS: 'inline' })).toThrow(/JOBS=inline is for tests only/);
    expect(() => loadConfig({ JOBS: 'later' })).toThrow(ConfigError);
  });

  it('bounds the database by default, sizes its pools by setting, and refuses a zero timeout', () => {
    expect(loadConfig({}).database).toEqual({
      poolMax: 10,
      jobsPoolMax: 3,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30000,
      idleInTransactionTimeoutMs: 30000,
      lockTimeoutMs: 5000,
    });
    expect(loadConfig({ DB_POOL_MAX: '4', DB_JOBS_POOL_MAX: '1' }).database).toMatchObject({
      poolMax: 4,
      jobsPoolMax: 1,
    });
    // 0 would mean "no timeout" to PostgreSQL: a bound is always a number.
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('refuses to start production without a real SMS gateway, PUBLIC_URL and a data key, one line per setting', () => {
    let problems: string[] = [];
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'SMS_PROVIDER',
      'SMS_API_KEY',
      'SMS_SENDER_ID',
      'PUBLIC_URL',
      'DATA_ENCRYPTION_KEY',
    ]);
    expect(problems.every((p) => !p.includes('\n'))).toBe(true);
    // The outbox is named as the reason, even with the gateway's key and sender given.
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'outbox' })).toThrow(
      /^(?!.*PUBLIC_URL).*SMS_PROVIDER/s,
    );
    const { PUBLIC_URL: _, ...noUrl } = production;
    expect(() => loadConfig(noUrl)).toThrow(/PUBLIC_URL: required in production/);

    const config = loadConfig(production);
    expect(config.sms.provider).toBe('bulksmsbd');
    expect(config.publicUrl).toBe('https://dak.example');
    // Development keeps its laptop defaults.
    expect(loadConfig({ NODE_ENV: 'development' }).sms.provider).toBe('outbox');
  });

  it('needs its own data encryption key in production; dev and test use a marked, public one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATA_ENCRYPTION_KEY: required in production/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes in base64/);
    const prod = loadConfig(production).dataKeys;
    expect(prod.currentKeyId).toBe('k1');
    expect(Object.keys(prod.keys)).toEqual(['k1']);
    const old = Buffer.alloc(32, 9).toString('base64');
    const rotated = loadConfig({
      ...production,
      DATA_ENCRYPTION_KEY_ID: 'k2',
      DATA_ENCRYPTION_OLD_KEYS: `k1:${old}`,
    }).dataKeys;
    expect(rotated.currentKeyId).toBe('k2');
    expect(Object.keys(rotated.keys).sort()).toEqual(['k1', 'k2']);
    expect(loadConfig({ NODE_ENV: 'test' }).dataKeys.currentKeyId).toBe('dev-not-secret');
  });
});
