import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastOtp, registerMerchant, useTestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/database';
import type { DB } from '../../db/schema';
import { createSessionCache, type SessionAccess } from './session-cache';

/**
 * A shop route's session and role kept in memory per process (issue 16): this file's app (A) and
 * two more on the same database: B, whose entries live a minute, so only the NOTIFY can explain a
 * refusal that follows a change made on A; and C, whose entries live 2 s, for a missed notice.
 */
const env = { SESSION_CACHE_MS: '60000' };
const t = useTestApp(env);
const others: { app: FastifyInstance; database: Database }[] = [];
let b: FastifyInstance;
let c: FastifyInstance;

async function another(cacheMs: string) {
  const database = openDatabase(t.database.url, { poolMax: 2, jobsPoolMax: 1 });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_CACHE_MS: cacheMs }),
    database,
    clock: t.clock,
  });
  await app.ready();
  others.push({ app, database });
  return app;
}

beforeAll(async () => {
  b = await another('60000');
  c = await another('2000');
});
afterAll(async () => {
  for (const o of others) {
    await o.app.close();
    await o.database.close();
  }
});

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}
/** The caller's role as a shop route's guard sees it, or the refusal's status. */
async function roleOn(app: FastifyInstance, shopId: string, token: string) {
  const res = await call(app, 'GET', `/shops/${shopId}/permissions`, token);
  return res.statusCode === 200 ? (res.json().role as string) : res.statusCode;
}
/** Until the other process has heard the NOTIFY (milliseconds; its entries live a minute). */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3_000, interval: 10 });

/** A write with triggers off (as a restore might do it): no NOTIFY, so no process hears of it. */
const quietly = (write: (trx: Kysely<DB>) => Promise<unknown>) =>
  t.database.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await write(trx);
  });

async function signIn(app: FastifyInstance, phone: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { phone, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

async function memberOf(owner: Awaited<ReturnType<typeof registerMerchant>>, role: 'editor' | 'viewer') {
  const member = await registerMerchant(t.app);
  const shop = `/shops/${owner.shop.id}/members`;
  expect((await call(t.app, 'POST', `${shop}/otp`, owner.token, { phone: member.phone })).statusCode).toBe(
    200,
  );
  const code = await lastOtp(t.app, member.phone);
  const added = await call(t.app, 'POST', shop, owner.token, { phone: member.phone, role, code });
  expect(added.statusCode, added.body).toBe(201);
  return member;
}

describe('shop routes take the session and role from memory, dropped by NOTIFY', () => {
  it('keeps them: a change no process is told of is not seen until the entry ends', async () => {
    const owner = await registerMerchant(t.app);
    expect(await roleOn(b, owner.shop.id, owner.token)).toBe('owner');
    await quietly((trx) =>
      trx
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', owner.user.id)
        .execute(),
    );
    expect(await roleOn(b, owner.shop.id, owner.token)).toBe('owner');
    // A process that had not kept it reads the database: refused.
    expect(await roleOn(t.app, owner.shop.id, owner.token)).toBe(401);
  });

  it('refuses a signed-out session on the other process at once, and on this one', async () => {
    const owner = await registerMerchant(t.app);
    expect(await roleOn(b, owner.shop.id, owner.token)).toBe('owner');
    expect(await roleOn(t.app, owner.shop.id, owner.token)).toBe('owner');
    expect((await call(t.app, 'POST', '/auth/logout', owner.token)).statusCode).toBe(200);
    expect(await roleOn(t.app, owner.shop.id, owner.token)).toBe(401);
    await soon(async () => expect(await roleOn(b, owner.shop.id, owner.token)).toBe(401));
    const list = await call(b, 'GET', `/shops/${owner.shop.id}/parcels`, owner.token);
    expect(list.statusCode).toBe(401);
  });

  it('refuses the other sessions of a user who changed their password', async () => {
    const owner = await registerMerchant(t.app);
    const second = await signIn(t.app, owner.phone, owner.password);
    expect(await roleOn(b, owner.shop.id, second)).toBe('owner');
    const changed = await call(t.app, 'POST', '/auth/password/change', owner.token, {
      currentPassword: owner.password,
      password: 'another-pass-2',
      confirmPassword: 'another-pass-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await soon(async () => expect(await roleOn(b, owner.shop.id, second)).toBe(401));
    expect(await roleOn(b, owner.shop.id, owner.token)).toBe('owner');
  });

  it("applies a member's new role on the other process at once", async () => {
    const owner = await registerMerchant(t.app);
    const member = await memberOf(owner, 'editor');
    expect(await roleOn(b, owner.shop.id, member.token)).toBe('editor');
    const url = `/shops/${owner.shop.id}/members/${member.user.id}`;
    const changed = await call(t.app, 'PATCH', url, owner.token, { role: 'viewer' });
    expect(changed.statusCode, changed.body).toBe(200);
    await soon(async () => expect(await roleOn(b, owner.shop.id, member.token)).toBe('viewer'));
  });

  it('refuses a removed member on the other process at once', async () => {
    const owner = await registerMerchant(t.app);
    const member = await memberOf(owner, 'viewer');
    expect(await roleOn(b, owner.shop.id, member.token)).toBe('viewer');
    expect((await call(b, 'GET', `/shops/${owner.shop.id}/parcels`, member.token)).statusCode).toBe(200);
    const removed = await call(
      t.app,
      'DELETE',
      `/shops/${owner.shop.id}/members/${member.user.id}`,
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await soon(async () => expect(await roleOn(b, owner.shop.id, member.token)).toBe(404));
    expect((await call(b, 'GET', `/shops/${owner.shop.id}/parcels`, member.token)).statusCode).toBe(404);
    // Their own shop is untouched.
    expect(await roleOn(b, member.shop.id, member.token)).toBe('owner');
  });

  it('never serves a session past its expiry, though the entry has time left', async () => {
    const owner = await registerMerchant(t.app);
    const ends = new Date(t.clock.now().getTime() + 30_000);
    await quietly((trx) =>
      trx.updateTable('sessions').set({ expires_at: ends }).where('user_id', '=', owner.user.id).execute(),
    );
    expect(await roleOn(b, owner.shop.id, owner.token)).toBe('owner');
    t.clock.advance(31_000);
    expect(await roleOn(b, owner.shop.id, owner.token)).toBe(401);
  });

  it('bounds a missed notice by the entry’s time (SESSION_CACHE_MS)', async () => {
    const owner = await registerMerchant(t.app);
    const member = await memberOf(owner, 'editor');
    expect(await roleOn(c, owner.shop.id, member.token)).toBe('editor');
    await quietly((trx) =>
      trx
        .updateTable('shop_members')
        .set({ status: 'removed' })
        .where('shop_id', '=', owner.shop.id)
        .where('user_id', '=', member.user.id)
        .execute(),
    );
    t.clock.advance(1_000);
    expect(await roleOn(c, owner.shop.id, member.token)).toBe('editor');
    t.clock.advance(1_001);
    expect(await roleOn(c, owner.shop.id, member.token)).toBe(404);
  });
});

describe('the session cache', () => {
  const access = (id: string, userId: string): SessionAccess<string> => ({
    id,
    userId,
    staffId: null,
    role: 'owner',
    expiresAt: Number.MAX_SAFE_INTEGER,
  });
  const keep = (a: SessionAccess<string> | null) => a;

  it('does not keep a read that a notice overtook (it may have read before the commit)', async () => {
    const cache = createSessionCache<string>({ ttlMs: 60_000 });
    let finish: (a: SessionAccess<string>) => void = () => {};
    const running = cache.get('h', 's', () => new Promise<SessionAccess<string>>((r) => (finish = r)), keep);
    cache.heard('some-other-user');
    finish(access('session-1', 'user-1'));
    await running;
    expect(cache.size).toBe(0);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return access('session-1', 'user-1');
    };
    await cache.get('h', 's', load, keep);
    await cache.get('h', 's', load, keep);
    expect(loads).toBe(1);
  });

  it("drops a user's entries, a session's, or all; keeps no refusal; stays bounded; not used while deaf", async () => {
    let listening = true;
    const cache = createSessionCache<string>({ ttlMs: 60_000, listening: () => listening });
    await cache.get('h1', 's1', async () => access('session-1', 'user-1'), keep);
    await cache.get('h1', 's2', async () => access('session-1', 'user-1'), keep);
    await cache.get('h2', 's1', async () => access('session-2', 'user-2'), keep);
    await cache.get('h3', 's1', async () => null, keep);
    expect(cache.size).toBe(3);
    cache.heard('user-1');
    expect(cache.size).toBe(1);
    cache.forget('session-2');
    expect(cache.size).toBe(0);
    await cache.get('h2', 's1', async () => access('session-2', 'user-2'), keep);
    cache.heard('*');
    expect(cache.size).toBe(0);
    for (let i = 0; i < 10_001; i++)
      await cache.get(`h${i}`, 's', async () => access(`s${i}`, `u${i}`), keep);
    expect(cache.size).toBeLessThanOrEqual(10_000);
    cache.forgetAll();
    listening = false;
    await cache.get('h1', 's1', async () => access('session-1', 'user-1'), keep);
    expect(cache.size).toBe(0);
  });
});
