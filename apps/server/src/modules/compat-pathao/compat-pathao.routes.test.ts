import { Writable } from 'node:stream';
import { compatNumberOf } from '@dak/domain/compat-ids';
import { isValidTrackingId } from '@dak/domain/tracking-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas, aShop, type Shop } from '../../../test/factories';
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

type Key = { id: string; keyId: string; secret: string; token: string };
type Tokens = { token_type: string; expires_in: number; access_token: string; refresh_token: string };

const base = '/compat/pathao/aladdin/api/v1';

function pathao(method: 'GET' | 'POST', path: string, token?: string, payload?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url: `${base}${path}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function aKey(shop: Shop, scopes = ['parcels:write', 'parcels:read']): Promise<Key> {
  const res = await call('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
    name: `Pathao plugin ${Math.random().toString(36).slice(2, 8)}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Key>();
}

/** The documented password grant, with Dak's key pair and the owner's phone and password. */
function passwordGrant(shop: Shop, key: Key, overrides: Record<string, string> = {}) {
  return pathao('POST', '/issue-token', undefined, {
    client_id: key.keyId,
    client_secret: key.secret,
    username: shop.phone,
    password: shop.password,
    grant_type: 'password',
    ...overrides,
  });
}

async function tokensOf(shop: Shop, key: Key): Promise<Tokens> {
  const res = await passwordGrant(shop, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Tokens>();
}

/** An error in Pathao's envelope. */
function expectPathaoError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ type: 'error', code: status, message: expect.any(String) });
}

let owner: Shop;
let key: Key;
let access: string;
const dhaka = compatNumberOf('dhaka');
const gulshan = compatNumberOf(areas.gulshan);

/** The documented create-order body (the weight as the doc's string), to Gulshan 1. */
function documentedOrder(overrides: Record<string, unknown> = {}) {
  return {
    store_id: compatNumberOf(owner.pickupId),
    merchant_order_id: 'TEST-ORDER-123',
    recipient_name: 'Demo Recipient',
    recipient_phone: '01712345678',
    recipient_address: 'House 5, Road 3, Gulshan 1, Dhaka',
    recipient_city: dhaka,
    recipient_zone: gulshan,
    recipient_area: gulshan,
    delivery_type: 48,
    item_type: 2,
    special_instruction: 'Need to Delivery before 5 PM',
    item_quantity: 1,
    item_weight: '0.5',
    item_description: 'This is a Cloth item, price- 3000',
    amount_to_collect: 900,
    ...overrides,
  };
}

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

describe('Pathao-compatible geography and stores', () => {
  it('lists cities, zones and areas with Pathao’s fields and stable numeric ids', async () => {
    const cities = await pathao('GET', '/city-list', access);
    expect(cities.statusCode, cities.body).toBe(200);
    const cityBody = cities.json<{
      message: string;
      type: string;
      code: number;
      data: { data: unknown[] };
    }>();
    expect(cityBody).toMatchObject({ type: 'success', code: 200, message: expect.any(String) });
    expect(cityBody.data.data).toHaveLength(64);
    expect(cityBody.data.data).toContainEqual({ city_id: dhaka, city_name: 'Dhaka' });

    const zones = await pathao('GET', `/cities/${dhaka}/zone-list`, access);
    expect(zones.statusCode, zones.body).toBe(200);
    const zoneList = zones.json<{ data: { data: { zone_id: number; zone_name: string }[] } }>().data.data;
    expect(zoneList).toContainEqual({ zone_id: gulshan, zone_name: 'Gulshan' });
    for (const z of zoneList) {
      expect(Object.keys(z).sort()).toEqual(['zone_id', 'zone_name']);
      expect(Number.isInteger(z.zone_id)).toBe(true);
    }

    const areaRes = await pathao('GET', `/zones/${gulshan}/area-list`, access);
    expect(areaRes.statusCode, areaRes.body).toBe(200);
    expect(areaRes.json<{ data: { data: unknown[] } }>().data.data).toEqual([
      { area_id: gulshan, area_name: 'Gulshan', home_delivery_available: true, pickup_available: true },
    ]);
    expectPathaoError(await pathao('GET', '/cities/12345/zone-list', access), 404);
    expectPathaoError(await pathao('GET', '/zones/12345/area-list', access), 404);
  });

  it('lists the shop’s pickup locations as stores in Pathao’s page, and creates one from the documented body', async () => {
    const created = await pathao('POST', '/stores', access, {
      name: 'Karim Fashion Gulshan',
      contact_name: 'Md. Karim',
      contact_number: '01812345678',
      secondary_contact: '01912345678',
      otp_number: '01812345678',
      address: 'House 12, Road 5, Gulshan 1, Dhaka',
      city_id: dhaka,
      zone_id: gulshan,
      area_id: gulshan,
    });
    expect(created.statusCode, created.body).toBe(200);
    const createdBody = created.json<{ data: { store_id: number; store_name: string } }>();
    expect(createdBody).toMatchObject({ type: 'success', code: 200 });
    expect(createdBody.data.store_name).toBe('Karim Fashion Gulshan');

    const list = await pathao('GET', '/stores?page=1', access);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ data: Record<string, unknown> & { data: Record<string, unknown>[] } }>().data;
    expect(page).toMatchObject({
      total: 2,
      current_page: 1,
      per_page: 1000,
      total_in_page: 2,
      last_page: 1,
      from: 1,
      to: 2,
    });
    for (const field of ['path', 'last_page_url', 'first_page_url'])
      expect(typeof page[field]).toBe('string');
    const first = page.data.find((s) => s.store_id === compatNumberOf(owner.pickupId));
    expect(first).toEqual({
      store_id: compatNumberOf(owner.pickupId),
      store_name: 'Mirpur warehouse',
      store_address: 'House 12, Road 5, Mirpur 10',
      is_active: 1,
      city_id: dhaka,
      zone_id: compatNumberOf(areas.mirpur),
      hub_id: compatNumberOf('hub-dhaka-mirpur'),
      is_default_store: expect.any(Boolean),
      is_default_return_store: expect.any(Boolean),
    });
    expect(page.data.some((s) => s.store_id === createdBody.data.store_id)).toBe(true);

    // A zone of another city: refused on the field, as Pathao's 422.
    const wrong = await pathao('POST', '/stores', access, {
      name: 'Wrong city',
      contact_name: 'Md. Karim',
      contact_number: '01812345678',
      address: 'House 12, Road 5, Gulshan 1, Dhaka',
      city_id: compatNumberOf('sylhet'),
      zone_id: gulshan,
    });
    expectPathaoError(wrong, 422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.zone_id).toBeDefined();
  });

  it('prices a parcel from a store to a zone with the shop’s plan, in price-plan’s fields', async () => {
    const res = await pathao('POST', '/merchant/price-plan', access, {
      store_id: compatNumberOf(owner.pickupId),
      item_type: 2,
      delivery_type: 48,
      item_weight: 0.5,
      recipient_city: dhaka,
      recipient_zone: gulshan,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, number> }>().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'price',
        'discount',
        'promo_discount',
        'plan_id',
        'cod_enabled',
        'cod_percentage',
        'additional_charge',
        'final_price',
      ].sort(),
    );
    for (const value of Object.values(data)) expect(typeof value).toBe('number');
    expect(data.price).toBeGreaterThan(0);
    expect(data.final_price).toBe(data.price);
    expect(data.cod_percentage).toBeGreaterThan(0);
    expect(data.cod_percentage).toBeLessThan(1);
  });
});

describe('Pathao-compatible orders', () => {
  it('creates an order from the documented body through Dak’s booking', async () => {
    const res = await pathao('POST', '/orders', access, documentedOrder());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; type: string; code: number; data: Record<string, unknown> }>();
    expect(body).toMatchObject({ type: 'success', code: 200, message: 'Order Created Successfully' });
    expect(Object.keys(body.data).sort()).toEqual([
      'consignment_id',
      'delivery_fee',
      'merchant_order_id',
      'order_status',
    ]);
    expect(body.data).toMatchObject({ merchant_order_id: 'TEST-ORDER-123', order_status: 'Pending' });
    expect(typeof body.data.delivery_fee).toBe('number');
    const consignment = body.data.consignment_id as string;
    expect(isValidTrackingId(consignment)).toBe(true);
    const row = await t.database.db
      .selectFrom('parcels')
      .select([
        'shop_id',
        'delivery_area_id',
        'pickup_location_id',
        'weight_grams',
        'invoice_id',
        'cash_collection_poisha',
      ])
      .where('tracking_id', '=', consignment)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      shop_id: owner.shop.id,
      delivery_area_id: areas.gulshan,
      pickup_location_id: owner.pickupId,
      weight_grams: 500,
      invoice_id: 'TEST-ORDER-123',
    });
    expect(Number(row.cash_collection_poisha)).toBe(90000);

    const info = await pathao('GET', `/orders/${consignment}/info`, access);
    expect(info.statusCode, info.body).toBe(200);
    const data = info.json<{ data: Record<string, unknown> }>().data;
    expect(data).toEqual({
      consignment_id: consignment,
      merchant_order_id: 'TEST-ORDER-123',
      order_status: 'Pending',
      order_status_slug: 'pending',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      invoice_id: null,
    });

    // Another shop's token does not see it.
    const stranger = await aShop(t);
    const strangerToken = (await tokensOf(stranger, await aKey(stranger))).access_token;
    expectPathaoError(await pathao('GET', `/orders/${consignment}/info`, strangerToken), 404);
    // Nor can it book from this shop's store.
    const crossStore = await pathao('POST', '/orders', strangerToken, documentedOrder());
    expectPathaoError(crossStore, 422);
    expect(crossStore.json<{ errors: Record<string, string[]> }>().errors.store_id).toBeDefined();
  });

  it('reads the area from the address when no ids are sent, and refuses an address it cannot read', async () => {
    const noIds = documentedOrder({
      merchant_order_id: 'WC-2001',
      recipient_city: undefined,
      recipient_zone: undefined,
      recipient_area: undefined,
      recipient_address: 'House 12, Road 5, Mirpur 10, Dhaka',
    });
    const res = await pathao('POST', '/orders', access, noIds);
    expect(res.statusCode, res.body).toBe(200);
    const consignment = res.json<{ data: { consignment_id: string } }>().data.consignment_id;
    const row = await t.database.db
      .selectFrom('parcels')
      .select('delivery_area_id')
      .where('tracking_id', '=', consignment)
      .executeTakeFirstOrThrow();
    expect(row.delivery_area_id).toBe(areas.mirpur);

    const unreadable = await pathao(
      'POST',
      '/orders',
      access,
      documentedOrder({
        merchant_order_id: 'WC-2002',
        recipient_city: undefined,
        recipient_zone: undefined,
        recipient_area: undefined,
        recipient_address: 'Near the big mosque, ask anyone',
      }),
    );
    expectPathaoError(unreadable, 422);
    expect(unreadable.json<{ errors: Record<string, string[]> }>().errors.recipient_address?.[0]).toMatch(
      /Could not read the delivery area/,
    );
  });

  it('bulk: 202 as Pathao, plus every row’s consignment_id or its errors; a bad row books nothing', async () => {
    const before = await t.database.db
      .selectFrom('parcels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shop_id', '=', owner.shop.id)
      .executeTakeFirstOrThrow();
    const res = await pathao('POST', '/orders/bulk', access, {
      orders: [
        documentedOrder({ merchant_order_id: 'BULK-1' }),
        documentedOrder({ merchant_order_id: 'BULK-2', recipient_phone: '12345' }),
        documentedOrder({ merchant_order_id: 'BULK-3', item_weight: 0.5, amount_to_collect: 0 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{
      message: string;
      type: string;
      code: number;
      data: unknown;
      results: {
        consignment_id: string | null;
        merchant_order_id: string;
        status: string;
        errors?: Record<string, string[]>;
      }[];
    }>();
    expect(body).toMatchObject({ type: 'success', code: 202, data: true });
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toMatchObject({ merchant_order_id: 'BULK-1', status: 'success' });
    expect(isValidTrackingId(body.results[0]?.consignment_id ?? '')).toBe(true);
    expect(body.results[1]).toMatchObject({
      consignment_id: null,
      merchant_order_id: 'BULK-2',
      status: 'error',
    });
    expect(body.results[1]?.errors?.recipient_phone).toBeDefined();
    expect(body.results[2]).toMatchObject({ merchant_order_id: 'BULK-3', status: 'success' });
    const after = await t.database.db
      .selectFrom('parcels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shop_id', '=', owner.shop.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);
    // Each booked row is an order of the shop, in Pathao's words.
    const info = await pathao('GET', `/orders/${body.results[2]?.consignment_id}/info`, access);
    expect(info.json<{ data: { merchant_order_id: string } }>().data.merchant_order_id).toBe('BULK-3');
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
