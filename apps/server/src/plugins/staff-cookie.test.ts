import type { StaffRole } from '@dak/domain/auth';
import { normalizePhone } from '@dak/domain/phone';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  lastOtp,
  registerMerchant,
  smsReceiver,
  type TestApp,
  uniquePhone,
} from '../../test/helpers';
import { buildApp } from '../app';
import { hashPassword } from '../modules/auth/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'ops-secret-1';

async function newStaff(role: StaffRole) {
  const phone = uniquePhone();
  await t.database.db
    .insertInto('staff')
    .values({
      phone: normalizePhone(phone) ?? '',
      role,
      name: `Test ${role}`,
      password_hash: await hashPassword(password),
    })
    .execute();
  return phone;
}

/** The console's two sign-in steps on `app`, as the console sends them (with its header). */
async function consoleSignIn(app: FastifyInstance, role: StaffRole) {
  const phone = await newStaff(role);
  const first =
    role === 'rider'
      ? await app.inject({ method: 'POST', url: '/api/v1/ops/auth/rider-login', payload: { phone } })
      : await app.inject({ method: 'POST', url: '/api/v1/ops/auth/login', payload: { phone, password } });
  expect(first.statusCode, first.body).toBe(200);
  // The code as the phone got it (smsReceiver for an app built here).
  const code = await lastOtp(app, phone);
  return app.inject({
    method: 'POST',
    url: '/api/v1/ops/auth/verify',
    headers: { 'x-dak-console': '1' },
    payload: { phone, code },
  });
}

const setCookies = (headers: Record<string, unknown>) => {
  const value = headers['set-cookie'];
  return (Array.isArray(value) ? value : value ? [value] : []).map(String);
};
const attributes = (cookie: string) => cookie.split(';').map((p) => p.trim());
const cookieValue = (cookie: string) => attributes(cookie)[0]?.split('=')[1] ?? '';

describe('the staff session cookie', () => {
  it('the console gets its session as an httpOnly, SameSite=Strict cookie on the staff paths only, never in the body', async () => {
    const res = await consoleSignIn(t.app, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    expect(res.json().staff.role).toBe('admin');
    const cookies = setCookies(res.headers);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      const parts = attributes(cookie);
      expect(parts[0]).toMatch(/^dak_staff=[A-Za-z0-9_-]{40,}$/);
      expect(parts).toContain('HttpOnly');
      expect(parts).toContain('SameSite=Strict');
      // Not Secure outside production: a test or development server speaks plain http.
      expect(parts).not.toContain('Secure');
      expect(parts).toContain(`Max-Age=${t.config.staffSessionTtlHours * 3600}`);
    }
    expect(cookies.map((c) => attributes(c).find((p) => p.startsWith('Path=')))).toEqual([
      'Path=/api/v1/ops',
      'Path=/api/v1/rider',
    ]);
  });

  it('is Secure in production', async () => {
    const sms = smsReceiver();
    const app = await buildApp({
      config: { ...t.config, mode: 'production' },
      database: t.database,
      onSmsSent: sms.onSmsSent,
    });
    sms.attach(app);
    try {
      const res = await consoleSignIn(app, 'admin');
      expect(res.statusCode).toBe(200);
      for (const cookie of setCookies(res.headers)) expect(attributes(cookie)).toContain('Secure');
    } finally {
      await app.close();
    }
  });

  it('is accepted on staff routes with the console header, refused without it (a forged request)', async () => {
    const res = await consoleSignIn(t.app, 'admin');
    const token = cookieValue(setCookies(res.headers)[0] ?? '');
    const cookie = `other=1; dak_staff=${token}`;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { cookie, 'x-dak-console': '1' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().staff.role).toBe('admin');
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/ops/me', headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    const forgedPost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ops/auth/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect([403, 415]).toContain(forgedPost.statusCode);
    // Still signed in: the forged logout did nothing.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { cookie, 'x-dak-console': '1' },
    });
    expect(still.statusCode).toBe(200);
  });

  it('a rider signs in to the rider screens with the same cookie', async () => {
    const res = await consoleSignIn(t.app, 'rider');
    expect(res.statusCode).toBe(200);
    const token = cookieValue(setCookies(res.headers)[1] ?? '');
    const run = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/rider/run',
        headers: { ...(cookie ? { cookie } : {}), 'x-dak-console': '1' },
      });
    expect((await run()).statusCode).toBe(401);
    // Past the guard: this rider has no hub yet, which the run itself reports.
    const signedIn = await run(`dak_staff=${token}`);
    expect(signedIn.json().error.message).toBe('Rider not found');
  });

  it('merchant routes never take it; merchants keep their bearer token', async () => {
    const res = await consoleSignIn(t.app, 'admin');
    const token = cookieValue(setCookies(res.headers)[0] ?? '');
    const merchant = await registerMerchant(t.app);
    const asCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `dak_staff=${token}`, 'x-dak-console': '1' },
    });
    expect(asCookie.statusCode).toBe(401);
    const asMerchant = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${merchant.token}` },
    });
    expect(asMerchant.statusCode).toBe(200);
  });

  it('logging out revokes the session and clears both cookies', async () => {
    const res = await consoleSignIn(t.app, 'admin');
    const token = cookieValue(setCookies(res.headers)[0] ?? '');
    const headers = { cookie: `dak_staff=${token}`, 'x-dak-console': '1' };
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/ops/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    const cleared = setCookies(out.headers);
    expect(cleared).toHaveLength(2);
    for (const cookie of cleared) {
      expect(attributes(cookie)[0]).toBe('dak_staff=');
      expect(attributes(cookie)).toContain('Max-Age=0');
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/ops/me', headers });
    expect(after.statusCode).toBe(401);
  });

  it('API clients without the console header still get a bearer token and no cookie', async () => {
    const phone = await newStaff('admin');
    await t.app.inject({ method: 'POST', url: '/api/v1/ops/auth/login', payload: { phone, password } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ops/auth/verify',
      payload: { phone, code: await lastOtp(t.app, phone) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(setCookies(res.headers)).toEqual([]);
  });
});
