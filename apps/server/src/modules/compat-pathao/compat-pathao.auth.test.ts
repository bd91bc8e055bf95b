import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  documentedOrder as documentedOrderOf,
  expectPathaoError,
  type Key,
  pathaoBase,
  pathaoClient,
  type Tokens,
} from '../../../test/compat-pathao';
import { aShop, type Shop } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import {
  createTestApp,
  createTestDatabase,
  smsReceiver,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const t = useTestApp();
const call = caller(t);
const { pathao, aKey, passwordGrant, tokensOf } = pathaoClient(t);
const base = pathaoBase;

let owner: Shop;
let key: Key;
let access: string;
const documentedOrder = (overrides: Record<string, unknown> = {}) => documentedOrderOf(owner, overrides);

beforeAll(async () => {
  owner = await aShop(t);
  key = await aKey(owner);
  access = (await tokensOf(owner, key)).access_token;
});

describe('Pathao-compatible token (issue-token)', () => {
  it('issues Pathao’s token shape for the key pair and the owner’s phone in any typed form', async () => {
    for (const username of [owner.phone, `+88${owner.phone}`]) {
      const res = await passwordGrant(owner, key, { username });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Tokens>();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
      expect(body.token_type).toBe('Bearer');
      expect(body.expires_in).toBe(432000);
      expect(typeof body.access_token).toBe('string');
      expect(typeof body.refresh_token).toBe('string');
      expect(body.access_token).not.toContain(key.secret);
    }
  });

  it('refuses a wrong password, a wrong client secret, an unknown client and a member who is not the owner', async () => {
    expectPathaoError(await passwordGrant(owner, key, { password: 'not-the-password' }), 401);
    expectPathaoError(
      await passwordGrant(owner, key, { client_secret: `${key.secret.slice(0, -2)}xx` }),
      401,
    );
    expectPathaoError(await passwordGrant(owner, key, { client_id: 'zzzzzzzzzzzzzzzz' }), 401);
    const editor = await addMember(t, owner.shop.id, 'editor');
    const res = await passwordGrant(owner, key, { username: editor.phone, password: editor.password });
    expectPathaoError(res, 403);
    // A body that is no grant at all: Pathao's 422 with the field.
    const bad = await pathao('POST', '/issue-token', undefined, {
      client_id: key.keyId,
      grant_type: 'magic',
    });
    expectPathaoError(bad, 422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toBeDefined();
  });

  it('the refresh grant gives new working tokens; an access token is no refresh token', async () => {
    const first = await tokensOf(owner, key);
    const res = await pathao('POST', '/issue-token', undefined, {
      client_id: key.keyId,
      client_secret: key.secret,
      refresh_token: first.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refreshed = res.json<Tokens>();
    expect(refreshed.expires_in).toBe(432000);
    expect((await pathao('GET', '/stores', refreshed.access_token)).statusCode).toBe(200);
    const wrongType = await pathao('POST', '/issue-token', undefined, {
      client_id: key.keyId,
      client_secret: key.secret,
      refresh_token: first.access_token,
      grant_type: 'refresh_token',
    });
    expectPathaoError(wrongType, 401);
    // A refresh token is bound to its key: another key of the shop cannot use it.
    const other = await aKey(owner);
    const crossed = await pathao('POST', '/issue-token', undefined, {
      client_id: other.keyId,
      client_secret: other.secret,
      refresh_token: first.refresh_token,
      grant_type: 'refresh_token',
    });
    expectPathaoError(crossed, 401);
  });

  it('a revoked key kills the tokens issued with it, access and refresh', async () => {
    const doomed = await aKey(owner);
    const tokens = await tokensOf(owner, doomed);
    expect((await pathao('GET', '/stores', tokens.access_token)).statusCode).toBe(200);
    const revoke = await call('DELETE', `/shops/${owner.shop.id}/api-keys/${doomed.id}`, owner.token);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expectPathaoError(await pathao('GET', '/stores', tokens.access_token), 401);
    const refresh = await pathao('POST', '/issue-token', undefined, {
      client_id: doomed.keyId,
      client_secret: doomed.secret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    });
    expectPathaoError(refresh, 401);
  });

  it('a user who is no longer the shop’s owner loses the tokens at once', async () => {
    const shop = await aShop(t);
    const tokens = await tokensOf(shop, await aKey(shop));
    expect((await pathao('GET', '/stores', tokens.access_token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('shop_members')
      .set({ status: 'removed' })
      .where('shop_id', '=', shop.shop.id)
      .where('user_id', '=', shop.user.id)
      .execute();
    expectPathaoError(await pathao('GET', '/stores', tokens.access_token), 401);
  });

  it('no token, a forged token, or a key without the scope: refused in the envelope', async () => {
    expectPathaoError(await pathao('GET', '/city-list'), 401);
    const [h, p] = access.split('.');
    expectPathaoError(await pathao('GET', '/city-list', `${h}.${p}.AAAA`), 401);
    // A Dak key token is not a Pathao token.
    expectPathaoError(await pathao('GET', '/stores', key.token), 401);
    const readOnly = await aKey(owner, ['parcels:read']);
    const readToken = (await tokensOf(owner, readOnly)).access_token;
    expect((await pathao('GET', '/stores', readToken)).statusCode).toBe(200);
    expectPathaoError(await pathao('POST', '/orders', readToken, documentedOrder()), 403);
  });
});

describe('Pathao-compatible API and the log', () => {
  it('never logs the client secret, the password or a token, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const sms = smsReceiver();
    const app = await buildApp({ config, database, logStream: stream, onSmsSent: sms.onSmsSent });
    sms.attach(app);
    await app.ready();
    try {
      const logged = { app, database, config, close: async () => {} } as unknown as TestApp;
      const shop = await aShop(logged);
      const made = await caller(logged)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
        name: 'Logged',
        scopes: ['parcels:read'],
      });
      const k = made.json<Key>();
      const grant = {
        client_id: k.keyId,
        client_secret: k.secret,
        username: shop.phone,
        password: shop.password,
      };
      const issued = await app.inject({
        method: 'POST',
        url: `${base}/issue-token`,
        payload: { ...grant, grant_type: 'password' },
      });
      const tokens = issued.json<Tokens>();
      await app.inject({
        method: 'POST',
        url: `${base}/issue-token`,
        payload: { ...grant, password: 'wrong-pass-1', grant_type: 'password' },
      });
      await app.inject({
        method: 'POST',
        url: `${base}/issue-token`,
        payload: {
          client_id: k.keyId,
          client_secret: k.secret,
          refresh_token: tokens.refresh_token,
          grant_type: 'refresh_token',
        },
      });
      await app.inject({
        method: 'GET',
        url: `${base}/stores`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      await app.inject({ method: 'GET', url: `${base}/stores?token=${tokens.access_token}` });
      const text = lines.join('');
      expect(text.length).toBeGreaterThan(1000);
      expect(text).toContain('/issue-token');
      for (const secret of [k.secret, shop.password, tokens.access_token, tokens.refresh_token]) {
        expect(text).not.toContain(secret);
      }
      // Nor the token's signature alone.
      expect(text).not.toContain(tokens.access_token.split('.')[2]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('Pathao-compatible API: limits and reference', () => {
  it('wrong passwords are limited as on sign-in (429 with Retry-After); links come from PUBLIC_URL', async () => {
    const limited = await createTestApp({
      RATE_LOGIN_FAILURES_PER_PHONE_AND_IP_PER_15_MIN: '2',
      PUBLIC_URL: 'https://dak.example',
    });
    try {
      const shop = await aShop(limited);
      const made = await caller(limited)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
        name: 'Limited',
        scopes: ['parcels:read'],
      });
      const k = made.json<Key>();
      const grant = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: `${base}/issue-token`,
          payload: {
            client_id: k.keyId,
            client_secret: k.secret,
            username: shop.phone,
            password,
            grant_type: 'password',
          },
        });
      expectPathaoError(await grant('wrong-pass-1'), 401);
      expectPathaoError(await grant('wrong-pass-2'), 401);
      const third = await grant(shop.password);
      expectPathaoError(third, 429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Sign-in shares the counter: the same phone from the same address waits there too.
      const login = await caller(limited)('POST', '/auth/login', undefined, {
        phone: shop.phone,
        password: shop.password,
      });
      expect(login.statusCode).toBe(429);

      const other = await aShop(limited);
      const otherKey = (
        await caller(limited)('POST', `/shops/${other.shop.id}/api-keys`, other.token, {
          name: 'Links',
          scopes: ['parcels:read'],
        })
      ).json<Key>();
      const issued = await limited.app.inject({
        method: 'POST',
        url: `${base}/issue-token`,
        payload: {
          client_id: otherKey.keyId,
          client_secret: otherKey.secret,
          username: other.phone,
          password: other.password,
          grant_type: 'password',
        },
      });
      const stores = await limited.app.inject({
        method: 'GET',
        url: `${base}/stores`,
        headers: { authorization: `Bearer ${issued.json<Tokens>().access_token}`, host: 'evil.example' },
      });
      expect(stores.json<{ data: { first_page_url: string } }>().data.first_page_url).toBe(
        'https://dak.example/compat/pathao/aladdin/api/v1/stores?page=1',
      );
    } finally {
      await limited.close();
    }
  });

  it('documents every route under the compat-pathao tag with a curl example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags?: string[]; description?: string }>>;
    }>();
    expect(doc.tags.map((tag) => tag.name)).toContain('compat-pathao');
    const routes = [
      ['post', '/issue-token'],
      ['get', '/stores'],
      ['post', '/stores'],
      ['post', '/orders'],
      ['post', '/orders/bulk'],
      ['get', '/orders/{consignment_id}/info'],
      ['get', '/city-list'],
      ['get', '/cities/{city_id}/zone-list'],
      ['get', '/zones/{zone_id}/area-list'],
      ['post', '/merchant/price-plan'],
    ] as const;
    for (const [method, path] of routes) {
      const op = doc.paths[`${base}${path}`]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags).toEqual(['compat-pathao']);
      expect(op?.description).toContain(`curl -X ${method.toUpperCase()}`);
    }
  });
});
