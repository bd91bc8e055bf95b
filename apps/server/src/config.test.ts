import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What production needs besides NODE_ENV (each setting's own test names it missing). */
const production = { NODE_ENV: 'production', DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };

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

  it('needs its own data encryption key in production; dev and test use a marked, public one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATA_ENCRYPTION_KEY is required in production/,
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
