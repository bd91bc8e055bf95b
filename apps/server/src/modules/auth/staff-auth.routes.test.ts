import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastOtp, lastSms, registerMerchant, type TestApp } from '../../../test/helpers';

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

    // The first sign-in takes the one-time code the command printed: no SMS is needed or sent.
    const bootstrapCode = /one-time code instead of an SMS code: (\d{4})/.exec(stdout)?.[1] ?? '';
    expect(bootstrapCode).toMatch(/^\d{4}$/);
    const early = await post('/ops/auth/verify', { phone: '01811000001', code: bootstrapCode });
    expect(early.json().error.code, 'the password comes first').toBe('OTP_INVALID');
    const first = await post('/ops/auth/login', { phone: '01811000001', password: 'ops-secret-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().otpSent).toBe(true);
    await expect(lastSms(t.app, '01811000001')).rejects.toThrow(/no SMS/);
    const verified = await post('/ops/auth/verify', { phone: '01811000001', code: bootstrapCode });
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

    // Once, never twice: the next sign-in needs the password again and then the SMS code.
    expect(
      (await post('/ops/auth/login', { phone: '01811000001', password: 'ops-secret-1' })).statusCode,
    ).toBe(200);
    const smsCode = await lastOtp(t.app, '01811000001');
    if (smsCode !== bootstrapCode) {
      const again = await post('/ops/auth/verify', { phone: '01811000001', code: bootstrapCode });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('OTP_INVALID');
    }
    expect((await post('/ops/auth/verify', { phone: '01811000001', code: smsCode })).statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('staff_bootstrap_codes').selectAll().execute(),
      'only hashes are kept, and the used one is gone',
    ).toEqual([]);
  }, 60_000);

  it('takes a printed code within its 30 minutes, and only 5 tries in its life', async () => {
    const phone = '01811000004';
    const created = await staffCreate(['--phone', phone, '--role', 'admin', '--password', 'ops-secret-4']);
    const code = /one-time code instead of an SMS code: (\d{4})/.exec(created.stdout)?.[1] ?? '';
    const stored = await t.database.db
      .selectFrom('staff_bootstrap_codes')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.code_hash.toString('hex')).not.toContain(code);
    const wrong = code === '0000' ? '1111' : '0000';
    expect((await post('/ops/auth/login', { phone, password: 'ops-secret-4' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await post('/ops/auth/verify', { phone, code: wrong })).json().error.code).toBe('OTP_INVALID');
    }
    expect((await post('/ops/auth/verify', { phone, code })).statusCode, 'burnt after 5 tries').toBe(400);

    // A fresh code, past its 30 minutes (the command ran on real time; the test app's clock moves).
    const late = await staffCreate(['--phone', phone, '--role', 'admin', '--password', 'ops-secret-4']);
    const lateCode = /one-time code instead of an SMS code: (\d{4})/.exec(late.stdout)?.[1] ?? '';
    const { expires_at } = await t.database.db
      .selectFrom('staff_bootstrap_codes')
      .select('expires_at')
      .executeTakeFirstOrThrow();
    t.clock.advance(new Date(expires_at).getTime() - t.clock.now().getTime() + 1000);
    expect((await post('/ops/auth/login', { phone, password: 'ops-secret-4' })).statusCode).toBe(200);
    expect((await post('/ops/auth/verify', { phone, code: lateCode })).statusCode).toBe(400);
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
