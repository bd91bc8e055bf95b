import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    const prod = loadConfig({ NODE_ENV: 'production' }).rateLimits;
    const dev = loadConfig({ NODE_ENV: 'development' }).rateLimits;
    expect(prod.otpPerPhonePerHour).toBeLessThan(dev.otpPerPhonePerHour);
    expect(dev.otpPerIpPerHour).toBeGreaterThanOrEqual(1000);
    expect(() => loadConfig({ RATE_OTP_PER_IP_PER_HOUR: '0' })).toThrow(ConfigError);
  });

  it('locks codes after 15 wrong in a day and slows passwords per phone in production only', () => {
    const prod = loadConfig({ NODE_ENV: 'production' }).rateLimits;
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
    expect(loadConfig({ NODE_ENV: 'production' }).jobs).toBe('in-process');
    expect(loadConfig({}).jobs).toBe('in-process');
    expect(loadConfig({ NODE_ENV: 'test' }).jobs).toBe('inline');
    expect(loadConfig({ JOBS: 'send-only' }).jobs).toBe('send-only');
    expect(() => loadConfig({ NODE_ENV: 'production', JOBS: 'inline' })).toThrow(
      /JOBS=inline is for tests only/,
    );
    expect(() => loadConfig({ JOBS: 'later' })).toThrow(ConfigError);
  });
});
