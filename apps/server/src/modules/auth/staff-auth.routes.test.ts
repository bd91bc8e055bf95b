import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastOtp, registerMerchant, type TestApp } from '../../../test/helpers';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The operator's command, run as an operator would, on this test's database. */
function staffCreate(args: string[]) {
  return run('npm', ['run', '--silent', 'staff:create', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: t.database.url, NODE_ENV: 'test' },
  });
}

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

describe('staff sign-in', () => {
  it('creates staff from the command line, then signs in with password and then a code', async () => {
    const { stdout } = await staffCreate([
      '--phone',
      '01811000001',
      '--role',
      'admin',
      '--password',
      'ops-secret-1',
      '--name',
      'Nadia Rahman',
    ]);
    expect(stdout).toContain('8801811000001 is admin');

    const wrong = await post('/ops/auth/login', { phone: '01811000001', password: 'not-the-one' });
    expect(wrong.statusCode).toBe(401);

    const first = await post('/ops/auth/login', { phone: '01811000001', password: 'ops-secret-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().otpSent).toBe(true);
    const code = await lastOtp(t.app, '01811000001');
    const verified = await post('/ops/auth/verify', { phone: '01811000001', code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().staff).toMatchObject({
      name: 'Nadia Rahman',
      role: 'admin',
      phone: '8801811000001',
    });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { authorization: `Bearer ${verified.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    // A staff session is not a merchant session.
    const merchantRoute = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${verified.json().token}` },
    });
    expect(merchantRoute.statusCode).toBe(403);
  }, 60_000);

  it('never issues a staff code without the right password', async () => {
    const res = await post('/ops/auth/verify', { phone: '01811000002', code: '1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('OTP_INVALID');
  });

  it('keeps merchants out of the console', async () => {
    const merchant = await registerMerchant(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { authorization: `Bearer ${merchant.token}` },
    });
    expect(res.statusCode).toBe(403);
    const login = await post('/ops/auth/login', { phone: merchant.phone, password: merchant.password });
    expect(login.statusCode).toBe(401);
  });

  it('refuses bad command-line input with a clear line', async () => {
    await expect(
      staffCreate(['--phone', '0121', '--role', 'admin', '--password', 'ops-secret-1']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('Invalid phone number'),
    });
    await expect(
      staffCreate(['--phone', '01811000003', '--role', 'boss', '--password', 'ops-secret-1']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('--role must be one of'),
    });
  }, 60_000);
});
