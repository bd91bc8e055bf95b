import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { compatNumberOf } from '@dak/domain/compat-ids';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, areas, aShop, parcelStatus, type Shop } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import {
  createTestApp,
  createTestDatabase,
  smsReceiver,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { manualClock } from '../../lib/clock';

const t = useTestApp();
const call = caller(t);
const base = '/compat/redx/v1.0.0-beta';

type Key = { id: string; keyId: string; secret: string; token: string };

async function aKey(shop: Shop, scopes: string[]) {
  const res = await call('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
    name: `RedX ${randomUUID().slice(0, 8)}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Key>();
}

/** A RedX client's request: its header, its body as JSON. */
function redx(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  token: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `${base}${path}`,
    headers: { ...(token === null ? {} : { 'api-access-token': `Bearer ${token}` }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const keysOf = (value: unknown) => Object.keys(value as object).sort();

let owner: Shop;
let other: Shop;
let key: Key;
let store: { id: number; area_id: number };

/** RedX's documented create body (reference section 3.2), with Dak's ids from GET /areas and /pickup/stores. */
function redxParcel(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Rahima Begum',
    customer_phone: '01712345678',
    delivery_area: 'Gulshan',
    delivery_area_id: compatNumberOf(areas.gulshan),
    customer_address: 'House 5, Road 3, Gulshan 1',
    merchant_invoice_id: 'WC-1001',
    cash_collection_amount: '1250',
    parcel_weight: 500,
    instruction: 'Call before coming',
    value: 1200,
    is_closed_box: 'false',
    pickup_store_id: store.id,
    parcel_details_json: [
      { name: 'Kurti', category: 'clothing', value: 700 },
      { name: 'Scarf', category: 'clothing', value: 500 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  [owner, other] = await Promise.all([aShop(t), aShop(t)]);
  key = await aKey(owner, ['parcels:write', 'parcels:read', 'tracking']);
  const res = await redx('POST', '/pickup/store', key.token, {
    name: 'Gulshan shop',
    phone: '01898000999',
    address: 'House 9, Road 11, Gulshan 2',
    area_id: compatNumberOf(areas.gulshan),
  });
  expect(res.statusCode, res.body).toBe(200);
  store = res.json();
});

describe('RedX-compatible API: areas (issue 15, item 4)', () => {
  it('lists every covered area with RedX’s fields and types, ids derived from Dak’s', async () => {
    const res = await redx('GET', '/areas', key.token);
    expect(res.statusCode, res.body).toBe(200);
    const { areas: list } = res.json<{ areas: Record<string, unknown>[] }>();
    expect(list.length).toBeGreaterThan(500);
    for (const area of list) {
      expect(keysOf(area)).toEqual(['division_name', 'id', 'name', 'post_code', 'zone_id']);
      expect(Number.isInteger(area.id)).toBe(true);
      expect(typeof area.name).toBe('string');
      expect(area.post_code === null || Number.isInteger(area.post_code)).toBe(true);
      expect(typeof area.division_name).toBe('string');
      expect(Number.isInteger(area.zone_id)).toBe(true);
    }
    expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
    expect(new Set(list.map((a) => a.name)).size).toBe(list.length);
    expect(list.find((a) => a.id === compatNumberOf(areas.gulshan))).toEqual({
      id: compatNumberOf(areas.gulshan),
      name: 'Gulshan',
      post_code: 1212,
      division_name: 'Dhaka',
      zone_id: compatNumberOf('dhaka_city'),
    });
  });

  it('finds areas by post code and by district name in any spelling', async () => {
    const byCode = (await redx('GET', '/areas?post_code=1212', key.token)).json<{
      areas: { id: number }[];
    }>();
    expect(byCode.areas.map((a) => a.id)).toContain(compatNumberOf(areas.gulshan));
    expect(byCode.areas.map((a) => a.id)).not.toContain(compatNumberOf(areas.mirpur));

    const names = async (q: string) =>
      (await redx('GET', `/areas?district_name=${encodeURIComponent(q)}`, key.token))
        .json<{ areas: { id: number; division_name: string }[] }>()
        .areas.map((a) => a.id)
        .sort();
    const barishal = await names('Barishal');
    expect(barishal.length).toBeGreaterThan(5);
    expect(await names('Barisal')).toEqual(barishal);
    expect(await names('বরিশাল')).toEqual(barishal);
    expect(barishal).not.toContain(compatNumberOf(areas.gulshan));
    expect(await names('Dhaka')).toContain(compatNumberOf(areas.gulshan));
    expect(await names('Atlantis')).toEqual([]);
    const none = await redx('GET', '/areas?post_code=99999', key.token);
    expect(none.json()).toEqual({ areas: [] });
  });
});

describe('RedX-compatible API: pickup stores', () => {
  it('creates a store from the documented body and answers RedX’s fields', () => {
    expect(keysOf(store)).toEqual(['address', 'area_id', 'area_name', 'id', 'name', 'phone']);
    expect(store).toMatchObject({
      name: 'Gulshan shop',
      address: 'House 9, Road 11, Gulshan 2',
      area_name: 'Gulshan',
      area_id: compatNumberOf(areas.gulshan),
      phone: '8801898000999',
    });
  });

  it('takes the documented curl body, which curl labels form-encoded', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/pickup/store`,
      headers: {
        'api-access-token': `Bearer ${key.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: JSON.stringify({
        name: 'Mirpur depot',
        phone: '01898000998',
        address: 'Road 2, Mirpur 10',
        area_id: compatNumberOf(areas.mirpur),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Mirpur depot', area_id: compatNumberOf(areas.mirpur) });
  });

  it('lists the shop’s stores and shows one; another shop’s store is not found', async () => {
    const list = await redx('GET', '/pickup/stores', key.token);
    expect(list.statusCode).toBe(200);
    const stores = list.json<{ pickup_stores: Record<string, unknown>[] }>().pickup_stores;
    expect(stores.map((s) => s.id)).toEqual(
      expect.arrayContaining([store.id, compatNumberOf(owner.pickupId)]),
    );
    for (const s of stores) {
      expect(keysOf(s)).toEqual(['address', 'area_id', 'area_name', 'created_at', 'id', 'name', 'phone']);
      expect(new Date(s.created_at as string).toISOString()).toBe(s.created_at);
    }
    const info = await redx('GET', `/pickup/store/info/${store.id}`, key.token);
    expect(info.statusCode).toBe(200);
    expect(info.json().pickup_store).toMatchObject({ ...store, created_at: expect.any(String) });

    const theirs = await redx('GET', `/pickup/store/info/${compatNumberOf(other.pickupId)}`, key.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      message: expect.stringContaining('Pickup store not found'),
      code: 'NOT_FOUND',
    });
  });

  it('refuses a store in an unknown area, naming RedX’s field', async () => {
    const res = await redx('POST', '/pickup/store', key.token, {
      name: 'Nowhere',
      phone: '01898000997',
      address: 'Somewhere',
      area_id: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'area_id', message: expect.any(String) }]);
  });
});

describe('RedX-compatible API: parcels', () => {
  it('books the documented body and shows it in RedX’s parcel info, fields and types exact', async () => {
    const res = await redx('POST', '/parcel', key.token, redxParcel());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ tracking_id: string }>();
    expect(keysOf(created)).toEqual(['tracking_id']);

    const info = await redx('GET', `/parcel/info/${created.tracking_id}`, key.token);
    expect(info.statusCode, info.body).toBe(200);
    const { parcel } = info.json<{ parcel: Record<string, unknown> }>();
    expect(keysOf(parcel)).toEqual(
      [
        'tracking_id',
        'customer_address',
        'delivery_area',
        'delivery_area_id',
        'charge',
        'customer_name',
        'customer_phone',
        'cash_collection_amount',
        'parcel_weight',
        'merchant_invoice_id',
        'tenant_invoice_id',
        'status',
        'instruction',
        'created_at',
        'delivery_type',
        'value',
        'pickup_location',
      ].sort(),
    );
    expect(parcel).toEqual({
      tracking_id: created.tracking_id,
      customer_address: 'House 5, Road 3, Gulshan 1',
      delivery_area: 'Gulshan',
      delivery_area_id: compatNumberOf(areas.gulshan),
      charge: 60,
      customer_name: 'Rahima Begum',
      customer_phone: '01712345678',
      cash_collection_amount: 1250,
      parcel_weight: 500,
      merchant_invoice_id: 'WC-1001',
      tenant_invoice_id: 'WC-1001',
      status: 'pickup-pending',
      instruction: 'Call before coming',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      delivery_type: 'regular',
      value: '1200',
      pickup_location: {
        id: store.id,
        name: 'Gulshan shop',
        address: 'House 9, Road 11, Gulshan 2',
        area_name: 'Gulshan',
        area_id: compatNumberOf(areas.gulshan),
      },
    });

    // The same parcel through Dak's own API: one booking path, the shop's plan and its events.
    const dak = await call('GET', `/shops/${owner.shop.id}/parcels?q=${created.tracking_id}`, owner.token);
    expect(dak.json().items[0]).toMatchObject({
      trackingId: created.tracking_id,
      status: 'pickup_pending',
      customerPhone: '8801712345678',
      invoiceId: 'WC-1001',
      sellingPrice: 1200,
      charge: { deliveryCharge: 60, codCharge: 13 },
    });
  });

  it('books the codeboxr client’s body (every value a string) from the oldest store when none is named', async () => {
    const res = await redx(
      'POST',
      '/parcel',
      key.token,
      redxParcel({
        delivery_area_id: String(compatNumberOf(areas.gulshan)),
        cash_collection_amount: '1250.00',
        parcel_weight: '1500',
        value: '1200',
        pickup_store_id: '',
        parcel_details_json: '',
        merchant_invoice_id: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { parcel } = (await redx('GET', `/parcel/info/${res.json().tracking_id}`, key.token)).json();
    // The store list is newest first: the default is its last, the shop's first store.
    const stores = (await redx('GET', '/pickup/stores', key.token)).json().pickup_stores;
    expect(stores.length).toBeGreaterThan(1);
    expect(parcel.pickup_location.id).toBe(stores.at(-1).id);
    expect(parcel.parcel_weight).toBe(1500);
    expect(parcel.merchant_invoice_id).toBe('');
  });

  it('refuses bad rows in RedX’s error shape, naming RedX’s fields, and books nothing', async () => {
    const badPhone = await redx('POST', '/parcel', key.token, redxParcel({ customer_phone: '12345' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toEqual({
      message: expect.any(String),
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'customer_phone', message: expect.any(String) }],
    });

    const noArea = await redx('POST', '/parcel', key.token, redxParcel({ delivery_area_id: 42 }));
    expect(noArea.statusCode).toBe(400);
    expect(noArea.json().errors).toEqual([
      { field: 'delivery_area_id', message: expect.stringContaining('GET /areas') },
    ]);

    // RedX's best-known trap: the shop id where the pickup store id goes. Refused by name.
    const shopId = await redx('POST', '/parcel', key.token, redxParcel({ pickup_store_id: 123456 }));
    expect(shopId.statusCode).toBe(400);
    expect(shopId.json().errors).toEqual([
      { field: 'pickup_store_id', message: expect.stringContaining('GET /pickup/stores') },
    ]);

    const heavy = await redx('POST', '/parcel', key.token, redxParcel({ parcel_weight: 0 }));
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().errors[0].field).toBe('parcel_weight');
  });

  it('books once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `redx-${randomUUID()}` };
    const first = await redx(
      'POST',
      '/parcel',
      key.token,
      redxParcel({ merchant_invoice_id: 'WC-IDEM' }),
      headers,
    );
    const again = await redx(
      'POST',
      '/parcel',
      key.token,
      redxParcel({ merchant_invoice_id: 'WC-IDEM' }),
      headers,
    );
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('tracks the parcel with Dak’s messages in English and Bengali', async () => {
    const parcel = await aParcel(t, { shop: owner, status: 'at_sorting' });
    const res = await redx('GET', `/parcel/track/${parcel.trackingId}`, key.token);
    expect(res.statusCode, res.body).toBe(200);
    const { tracking } = res.json<{ tracking: Record<string, string>[] }>();
    expect(tracking).toHaveLength(2);
    for (const step of tracking) {
      expect(keysOf(step)).toEqual(['message_bn', 'message_en', 'time']);
      expect(new Date(step.time as string).toISOString()).toBe(step.time);
    }
    expect(tracking[0]?.message_en).toMatch(/Booked/);
    expect(tracking[1]).toMatchObject({
      message_en: expect.stringMatching(/Picked up/),
      message_bn: expect.any(String),
    });
    const info = await redx('GET', `/parcel/info/${parcel.trackingId}`, key.token);
    expect(info.json().parcel.status).toBe('picked-up');
  });

  it('cancels before pickup with the documented body; after pickup refuses in RedX’s shape', async () => {
    const { tracking_id } = (await redx('POST', '/parcel', key.token, redxParcel())).json();
    const cancel = (entity_id: string) =>
      redx('PATCH', '/parcels', key.token, {
        entity_type: 'parcel-tracking-id',
        entity_id,
        update_details: { property_name: 'status', new_value: 'cancelled', reason: 'Customer changed mind' },
      });
    const res = await cancel(tracking_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Request Accepted' });
    expect(await parcelStatus(t, tracking_id)).toBe('deleted');
    const info = await redx('GET', `/parcel/info/${tracking_id}`, key.token);
    expect(info.json().parcel.status).toBe('cancelled');
    const note = await t.database.db
      .selectFrom('parcel_events as e')
      .innerJoin('parcels as p', 'p.id', 'e.parcel_id')
      .select('e.note')
      .where('p.tracking_id', '=', tracking_id)
      .where('e.to_status', '=', 'deleted')
      .executeTakeFirstOrThrow();
    expect(note.note).toBe('Customer changed mind');
    // A retried cancel is accepted again.
    expect((await cancel(tracking_id)).json()).toEqual({ success: true, message: 'Request Accepted' });

    const picked = await aParcel(t, { shop: owner, status: 'at_sorting' });
    const late = await cancel(picked.trackingId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: expect.stringContaining('can not be cancelled'),
      code: 'INVALID_TRANSITION',
    });
    expect(await parcelStatus(t, picked.trackingId)).toBe('at_sorting');

    const other = await redx('PATCH', '/parcels', key.token, {
      entity_type: 'parcel-tracking-id',
      entity_id: tracking_id,
      update_details: { property_name: 'customer_address', new_value: 'Elsewhere' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].field).toBe('update_details');
  });

  it('answers the charge of the shop’s plan from the documented query', async () => {
    const q = new URLSearchParams({
      delivery_area_id: String(compatNumberOf(areas.gulshan)),
      pickup_area_id: String(compatNumberOf(areas.mirpur)),
      cash_collection_amount: '1250',
      weight: '500',
    });
    const res = await redx('GET', `/charge/charge_calculator?${q}`, key.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deliveryCharge: 60, codCharge: 13 });
    const sylhet = new URLSearchParams({
      ...Object.fromEntries(q),
      delivery_area_id: String(compatNumberOf(areas.sylhet)),
      weight: '1500',
    });
    const far = (await redx('GET', `/charge/charge_calculator?${sylhet}`, key.token)).json();
    expect(far.deliveryCharge).toBe(155);
    const bad = await redx(
      'GET',
      `/charge/charge_calculator?${new URLSearchParams({ ...Object.fromEntries(q), pickup_area_id: '9' })}`,
      key.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('pickup_area_id');
  });
});

describe('RedX-compatible API: who may call', () => {
  it('refuses no token, a wrong secret, a session token and a revoked key; scopes apply', async () => {
    const noToken = await redx('GET', '/areas', null);
    expect(noToken.statusCode).toBe(401);
    expect(keysOf(noToken.json())).toEqual(['code', 'message']);
    const wrong = await redx('GET', '/areas', `dak_${key.keyId}_${'A'.repeat(43)}`);
    expect(wrong.statusCode).toBe(401);
    expect((await redx('GET', '/areas', owner.token)).statusCode).toBe(401);
    // Dak's own header is not RedX's.
    const bearer = await redx('GET', '/areas', null, undefined, { authorization: `Bearer ${key.token}` });
    expect(bearer.statusCode).toBe(401);

    const readOnly = await aKey(owner, ['parcels:read']);
    expect((await redx('GET', '/areas', readOnly.token)).statusCode).toBe(200);
    const book = await redx('POST', '/parcel', readOnly.token, redxParcel());
    expect(book.statusCode).toBe(403);
    expect(book.json().message).toMatch(/parcels:write/);
    const trackOnly = await aKey(owner, ['tracking']);
    expect((await redx('GET', '/pickup/stores', trackOnly.token)).statusCode).toBe(403);

    const revoked = await aKey(owner, ['parcels:write', 'parcels:read']);
    expect((await redx('GET', '/pickup/stores', revoked.token)).statusCode).toBe(200);
    const del = await call('DELETE', `/shops/${owner.shop.id}/api-keys/${revoked.id}`, owner.token);
    expect(del.statusCode).toBe(200);
    expect((await redx('GET', '/pickup/stores', revoked.token)).statusCode).toBe(401);
  });

  it('counts requests against the key’s limit: 429 with Retry-After in RedX’s shape', async () => {
    const limited = await createTestApp({ RATE_API_KEY_PER_MINUTE: '2' });
    try {
      const shop = await aShop(limited);
      const made = await caller(limited)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
        name: 'Limited',
        scopes: ['parcels:read'],
      });
      const token = made.json<Key>().token;
      const storesCall = () =>
        limited.app.inject({
          method: 'GET',
          url: `${base}/pickup/stores`,
          headers: { 'api-access-token': `Bearer ${token}` },
        });
      expect((await storesCall()).statusCode).toBe(200);
      expect((await storesCall()).statusCode).toBe(200);
      const over = await storesCall();
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toEqual({ message: expect.any(String), code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('never shows, tracks or cancels another shop’s parcel', async () => {
    const theirs = await aParcel(t, { shop: other });
    for (const path of [`/parcel/info/${theirs.trackingId}`, `/parcel/track/${theirs.trackingId}`]) {
      const res = await redx('GET', path, key.token);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ message: 'Parcel not found', code: 'NOT_FOUND' });
    }
    const cancel = await redx('PATCH', '/parcels', key.token, {
      entity_type: 'parcel-tracking-id',
      entity_id: theirs.trackingId,
      update_details: { property_name: 'status', new_value: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(404);
    expect(await parcelStatus(t, theirs.trackingId)).toBe('pickup_pending');
  });
});

describe('RedX-compatible API: the reference and the log', () => {
  it('documents every route under the compat-redx tag with a curl example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes = [
      ['post', '/parcel'],
      ['get', '/parcel/info/{tracking_id}'],
      ['get', '/parcel/track/{tracking_id}'],
      ['patch', '/parcels'],
      ['get', '/areas'],
      ['post', '/pickup/store'],
      ['get', '/pickup/stores'],
      ['get', '/pickup/store/info/{pickup_store_id}'],
      ['get', '/charge/charge_calculator'],
    ] as const;
    for (const [method, path] of routes) {
      const op = doc.paths[`${base}${path}`]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['compat-redx']);
      expect(op.description).toContain('curl ');
      expect(op.description).toContain('API-ACCESS-TOKEN: Bearer dak_');
    }
  });

  it('never logs the token, whatever the request did', async () => {
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
    const clock = manualClock(new Date('2026-11-22T06:00:00Z'));
    const app = await buildApp({ config, database, clock, logStream: stream, onSmsSent: sms.onSmsSent });
    sms.attach(app);
    await app.ready();
    try {
      const logged = { app, database, clock, config, close: async () => {} } as TestApp;
      const shop = await aShop(logged);
      const made = await caller(logged)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
        name: 'Logged',
        scopes: ['parcels:write'],
      });
      const k = made.json<Key>();
      const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
        app.inject({
          method,
          url: `${base}${url}`,
          headers: { 'api-access-token': `Bearer ${k.token}` },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      await send('GET', '/areas?post_code=1212');
      await send('POST', '/parcel', { customer_name: 'Bad' });
      await send('GET', `/parcel/info/${k.token}`);
      const text = lines.join('');
      expect(text.length).toBeGreaterThan(1000);
      expect(text).toContain('/compat/redx/');
      expect(text).not.toContain(k.secret);
      expect(text).not.toContain(k.secret.slice(0, 20));
    } finally {
      await app.close();
      await database.close();
    }
  });
});
