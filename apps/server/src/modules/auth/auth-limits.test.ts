import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../../test/fixtures';
import {
  createTestApp,
  lastOtp,
  lastSms,
  registerMerchant,
  type TestApp,
  uniquePhone,
} from '../../../test/helpers';
import { buildApp } from '../../app';

/**
 * Issue 11, findings 6 to 8, on the production limits (set here by name, since tests run with
 * development's roomy defaults): guessing codes, locking owners out by wrong passwords,
 * enumerating phones through sign-up codes. Time moves by the test clock.
 */
const productionLimits = {
  RATE_OTP_PER_PHONE_PER_HOUR: '5',
  RATE_OTP_PER_IP_PER_HOUR: '30',
  RATE_OTP_FAILURES_PER_PHONE_PER_DAY: '15',
  OTP_LOCK_HOURS: '24',
  RATE_LOGIN_FAILURES_PER_PHONE_AND_IP_PER_15_MIN: '5',
  RATE_LOGIN_PER_IP_PER_15_MIN: '50',
  LOGIN_FREE_FAILURES_PER_PHONE_PER_DAY: '5',
  LOGIN_DELAY_BASE_SECONDS: '2',
  LOGIN_DELAY_MAX_SECONDS: '900',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(productionLimits);
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh address for each call: an attacker with many addresses. */
const newIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const post = (url: string, payload: Record<string, unknown>, ip = '10.200.0.1', token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function smsTo(phone: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${phone}&limit=100` });
  return res.json<{ items: { body: string }[] }>().items.map((i) => i.body);
}

const minute = 60_000;
const hour = 60 * minute;

describe('finding 6: guessing codes', () => {
  it('locks codes for a phone after 15 wrong in a day, tells the owner once, in both languages', async () => {
    const { phone } = await registerMerchant(t.app);
    // A code for another purpose, asked for before the attack: it must not work during the lock.
    expect((await post('/auth/password/reset/otp', { phone }, '10.9.0.1')).statusCode).toBe(200);
    const resetCode = await lastOtp(t.app, phone);

    // Before the fix, 5 codes an hour × 5 tries went on for ever: ~600 guesses a day.
    let failures = 0;
    let last = await post('/auth/otp/request', { phone }, newIp());
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        t.clock.advance(2 * minute);
        expect((await post('/auth/otp/request', { phone }, newIp())).statusCode).toBe(200);
      }
      const code = await lastOtp(t.app, phone);
      for (let i = 0; i < 5; i++) {
        last = await post('/auth/otp/verify', { phone, code: wrongCode(code) }, newIp());
        failures += 1;
        if (failures < 15) {
          expect(last.statusCode, `failure ${failures}`).toBe(400);
          expect(last.json().error.code).toBe('OTP_INVALID');
        }
      }
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('OTP_LOCKED');
    expect(Number(last.headers['retry-after'])).toBe(24 * 3600);

    // Locked: no new code, and even a right code for another purpose is refused.
    t.clock.advance(2 * minute);
    const again = await post('/auth/otp/request', { phone }, newIp());
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('OTP_LOCKED');
    expect(again.json().error.message).toBe(
      'Too many wrong OTPs for this phone number. Try again later, or log in with your password',
    );
    const reset = await post('/auth/password/reset', {
      phone,
      otp: resetCode,
      password: 'new-pass-123',
      confirmPassword: 'new-pass-123',
    });
    expect(reset.statusCode).toBe(429);
    expect(reset.json().error.code).toBe('OTP_LOCKED');
    // More wrong tries do not send more SMS.
    await post('/auth/otp/verify', { phone, code: '0000' }, newIp());

    const notices = (await smsTo(phone)).filter((b) => b.includes('sign-in by code is locked'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('locked for 24 hours');
    expect(notices[0]).toContain('২৪ ঘণ্টা ওটিপি দিয়ে লগ ইন বন্ধ থাকবে');

    // The password still works during the lock.
    expect((await post('/auth/login', { phone, password: 'secret-pass-1' }, '127.0.0.1')).statusCode).toBe(
      200,
    );

    // A day later codes work again.
    t.clock.advance(24 * hour);
    expect((await post('/auth/otp/request', { phone }, newIp())).statusCode).toBe(200);
    const code = await lastOtp(t.app, phone);
    expect((await post('/auth/otp/verify', { phone, code }, newIp())).statusCode).toBe(200);
  });

  it('sends one lock SMS when the last wrong codes come in parallel', async () => {
    const phone = uniquePhone();
    const stored = `880${phone.slice(1)}`;
    for (let round = 0; round < 3; round++) {
      t.clock.advance(2 * minute);
      expect((await post('/auth/otp/request', { phone }, newIp())).statusCode).toBe(200);
      const code = await lastOtp(t.app, phone);
      const guesses = Array.from({ length: 5 }, () =>
        post('/auth/otp/verify', { phone, code: wrongCode(code) }, newIp()),
      );
      await Promise.all(guesses);
    }
    const locks = await t.database.db
      .selectFrom('otp_locks')
      .selectAll()
      .where('phone', '=', stored)
      .execute();
    expect(locks).toHaveLength(1);
    expect(locks[0]?.notified_at).not.toBeNull();
    expect((await smsTo(phone)).filter((b) => b.includes('locked'))).toHaveLength(1);
  });

  it('counts requests over a sliding hour, not a clock hour, and shares the count across processes', async () => {
    // A second API process on the same database, as behind a load balancer.
    const other = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await other.ready();
    try {
      // The clock sits on a whole hour; go to a minute before the next one.
      const now = t.clock.now().getTime();
      t.clock.advance(hour - (now % hour) - minute);
      const ip = '10.250.0.1';
      for (let i = 0; i < 30; i++) {
        const app = i % 2 === 0 ? t.app : other;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/otp/request',
          payload: { phone: uniquePhone() },
          remoteAddress: ip,
        });
        expect(res.statusCode, `request ${i + 1}`).toBe(200);
      }
      // Two minutes later a fixed window would have started afresh: a sliding one has not.
      t.clock.advance(2 * minute);
      const refused = await post('/auth/otp/request', { phone: uniquePhone() }, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBe(58 * 60);
      const elsewhere = await other.inject({
        method: 'POST',
        url: '/api/v1/auth/otp/request',
        payload: { phone: uniquePhone() },
        remoteAddress: ip,
      });
      expect(elsewhere.statusCode).toBe(429);
      // Once the first requests leave the hour there is room again.
      t.clock.advance(wait * 1000);
      expect((await post('/auth/otp/request', { phone: uniquePhone() }, ip)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses a code issued for one purpose when used for another', async () => {
    const phone = uniquePhone();
    t.clock.advance(2 * minute);
    const { phone: owner } = await registerMerchant(t.app, { phone });
    expect((await post('/auth/otp/request', { phone: owner }, newIp())).statusCode).toBe(200);
    const loginCode = await lastOtp(t.app, owner);
    // The login code as a password reset code, and as a sign-up code: refused.
    const reset = await post('/auth/password/reset', {
      phone: owner,
      otp: loginCode,
      password: 'new-pass-123',
      confirmPassword: 'new-pass-123',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('OTP_INVALID');
    // The same code still signs in for its own purpose.
    expect((await post('/auth/otp/verify', { phone: owner, code: loginCode })).statusCode).toBe(200);
  });

  it('refuses a team invite code issued for one shop when used in another shop', async () => {
    const a = await registerMerchant(t.app);
    const b = await registerMerchant(t.app);
    const member = uniquePhone();
    const sent = await post(`/shops/${a.shop.id}/members/otp`, { phone: member }, newIp(), a.token);
    expect(sent.statusCode).toBe(200);
    const code = await lastOtp(t.app, member);
    // The owner of shop B learns the code meant for shop A and tries it in B: refused.
    const wrongShop = await post(
      `/shops/${b.shop.id}/members`,
      { phone: member, role: 'viewer', code },
      newIp(),
      b.token,
    );
    expect(wrongShop.statusCode).toBe(400);
    expect(wrongShop.json().error.code).toBe('OTP_INVALID');
    const rightShop = await post(
      `/shops/${a.shop.id}/members`,
      { phone: member, role: 'viewer', code },
      newIp(),
      a.token,
    );
    expect(rightShop.statusCode).toBe(201);
  });
});

describe('finding 7: wrong passwords cannot lock the owner out', () => {
  it('lets the owner in from their own address while others hammer from many', async () => {
    const ownIp = '10.201.0.1';
    const { phone } = await registerMerchant(t.app);
    // The owner has signed in from this address before.
    expect((await post('/auth/login', { phone, password: 'secret-pass-1' }, ownIp)).statusCode).toBe(200);

    // Before the fix, 11 wrong passwords from anywhere locked the owner out for 15 minutes.
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const res = await post('/auth/login', { phone, password: `wrong-${i}` }, newIp());
      expect([401, 429]).toContain(res.statusCode);
      if (res.statusCode === 429) refused += 1;
      t.clock.advance(1000);
    }
    expect(refused).toBeGreaterThan(0);
    const owner = await post('/auth/login', { phone, password: 'secret-pass-1' }, ownIp);
    expect(owner.statusCode).toBe(200);
  });

  it('slows strangers per phone: each failure past five doubles the wait, capped, as 429 with Retry-After', async () => {
    const { phone } = await registerMerchant(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/login', { phone, password: 'wrong' }, newIp())).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const early = await post('/auth/login', { phone, password: 'wrong' }, newIp());
      expect(early.statusCode).toBe(429);
      expect(early.json().error.code).toBe('RATE_LIMITED');
      const wait = Number(early.headers['retry-after']);
      expect(early.json().error.details.retryAfterSeconds).toBe(wait);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await post('/auth/login', { phone, password: 'wrong' }, newIp())).statusCode).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    // Not a lock: whoever waits may try, and the right password from a new address gets in.
    t.clock.advance(900 * 1000);
    expect((await post('/auth/login', { phone, password: 'secret-pass-1' }, newIp())).statusCode).toBe(200);
  });

  it('stops one address after five wrong passwords for a phone, without touching other addresses', async () => {
    const { phone } = await registerMerchant(t.app);
    const attacker = '10.202.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/login', { phone, password: 'wrong' }, attacker)).statusCode).toBe(401);
      t.clock.advance(60 * 1000);
    }
    const blocked = await post('/auth/login', { phone, password: 'wrong' }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from the address they registered from, is not affected.
    expect((await post('/auth/login', { phone, password: 'secret-pass-1' }, '127.0.0.1')).statusCode).toBe(
      200,
    );
  });

  it('gives staff the same: a stranger cannot lock a staff member out', async () => {
    // Signed in once from 127.0.0.1 (the fixture's address): that is the staff member's own.
    const { phone } = await signInStaff(t, 'admin');
    for (let i = 0; i < 30; i++) {
      await post('/ops/auth/login', { phone, password: 'wrong' }, newIp());
      t.clock.advance(1000);
    }
    t.clock.advance(61_000);
    expect((await post('/ops/auth/login', { phone, password: 'ops-secret-1' }, '127.0.0.1')).statusCode).toBe(
      200,
    );
  });
});

/** A phone with an account and a shop, written directly: many of them, without using any limit. */
async function registeredPhone() {
  const { db } = t.database;
  const local = uniquePhone();
  const phone = `880${local.slice(1)}`;
  const user = await db
    .insertInto('users')
    .values({ phone, account_type: 'merchant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shop = await db
    .insertInto('shops')
    .values({ name: 'Shop', owner_user_id: user.id, daily_parcel_count: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('shop_members').values({ shop_id: shop.id, user_id: user.id, role: 'owner' }).execute();
  return local;
}

describe('finding 8: sign-up codes do not tell who has an account', () => {
  it('answers a registered and a new phone alike, and tells only the owner', async () => {
    const registered = await registeredPhone();
    const fresh = uniquePhone();
    t.clock.advance(2 * minute);
    const ip = newIp();
    const a = await post('/merchant/registration/otp', { phone: registered }, ip);
    const b = await post('/merchant/registration/otp', { phone: fresh }, ip);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(await lastSms(t.app, registered)).toContain('already has an account');
    expect(await lastSms(t.app, registered)).toContain('এই নম্বরে আগেই অ্যাকাউন্ট আছে');
    expect(await lastSms(t.app, registered)).not.toMatch(/\b\d{4}\b/);

    // Asking again at once: the same wait for both.
    const a2 = await post('/merchant/registration/otp', { phone: registered }, ip);
    const b2 = await post('/merchant/registration/otp', { phone: fresh }, ip);
    expect([a2.statusCode, a2.json().error.code]).toEqual([429, 'OTP_RESEND_TOO_SOON']);
    expect([b2.statusCode, b2.json().error.code]).toEqual([429, 'OTP_RESEND_TOO_SOON']);

    // A guessed code: the same refusal on the phone step and on the final submit.
    const va = await post('/merchant/registration/otp/verify', { phone: registered, code: '1234' }, ip);
    expect(va.statusCode).toBe(400);
    expect(va.json().error.code).toBe('OTP_INVALID');
    const submit = await post(
      '/merchant/registration',
      {
        merchantName: 'Karim Traders',
        shopName: 'Karim Fashion',
        dailyParcelCount: 25,
        phone: registered,
        code: '1234',
        fullName: 'Md. Karim Hossain',
        dateOfBirth: '1992-03-14',
        password: 'secret-pass-2',
        confirmPassword: 'secret-pass-2',
        termsAccepted: true,
      },
      ip,
    );
    expect(submit.statusCode).toBe(400);
    expect(submit.json().error.code).toBe('OTP_INVALID');
  });

  it('charges registered phones to the per-phone and per-address limits', async () => {
    const registered = await registeredPhone();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(61_000);
      expect((await post('/merchant/registration/otp', { phone: registered }, newIp())).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await post('/merchant/registration/otp', { phone: registered }, newIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');

    // One address sweeping registered phones is stopped at 30 an hour.
    const sweeper = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const phone = await registeredPhone();
      statuses.push((await post('/merchant/registration/otp', { phone }, sweeper)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });

  it('answers a reset request for an unknown phone with the same waits as for a known one', async () => {
    const known = await registeredPhone();
    const unknown = uniquePhone();
    t.clock.advance(2 * minute);
    const ip = newIp();
    for (const phone of [known, unknown]) {
      expect((await post('/auth/password/reset/otp', { phone }, ip)).statusCode).toBe(200);
    }
    for (const phone of [known, unknown]) {
      const again = await post('/auth/password/reset/otp', { phone }, ip);
      expect([again.statusCode, again.json().error.code]).toEqual([429, 'OTP_RESEND_TOO_SOON']);
    }
    expect(await smsTo(unknown)).toEqual([]);
  });
});

describe('rate-limit hits are pruned', () => {
  it('the hourly job deletes hits older than the longest window and keeps the recent ones', async () => {
    const now = t.clock.now().getTime();
    const key = `prune-test:${uniquePhone()}`;
    await t.database.db
      .insertInto('rate_limit_hits')
      .values([
        { key, at: new Date(now - 3 * 24 * 3600 * 1000) },
        { key, at: new Date(now - 60 * 1000) },
      ])
      .execute();
    await t.app.jobs.send('prune-rate-limit-hits', {});
    await t.app.jobs.idle();
    const left = await t.database.db
      .selectFrom('rate_limit_hits')
      .select('at')
      .where('key', '=', key)
      .execute();
    expect(left.map((r) => new Date(r.at).getTime())).toEqual([now - 60 * 1000]);
  });
});

describe('behind a proxy (TRUST_PROXY): the address is the one the proxy saw', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      ...productionLimits,
      TRUST_PROXY: 'true',
      RATE_OTP_PER_IP_PER_HOUR: '2',
    });
  });
  afterAll(() => proxied.close());
  // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the address it saw.
  const viaProxy = (forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp/request',
      payload: { phone: uniquePhone() },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts per-address limits on the last X-Forwarded-For entry: a client changing the first ones is still one address', async () => {
    // Before the fix every entry was trusted, the first one taken: a new made-up first entry on
    // each request gave the client a fresh per-address allowance, without end.
    expect((await viaProxy('1.1.1.1, 203.0.113.7')).statusCode).toBe(200);
    expect((await viaProxy('2.2.2.2, 203.0.113.7')).statusCode).toBe(200);
    const third = await viaProxy('3.3.3.3, 203.0.113.7');
    expect(third.statusCode).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await viaProxy('3.3.3.3, 203.0.113.8')).statusCode).toBe(200);
  });
});
