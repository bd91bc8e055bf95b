import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { steadfastMessages } from '@dak/domain/compat/steadfast';
import { consignmentNumberOf, isValidTrackingId } from '@dak/domain/tracking-id';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aParcel,
  areas,
  aShop,
  parcelCount,
  parcelStatus,
  type Shop,
  toOutForDelivery,
  walk,
} from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import {
  createTestApp,
  createTestDatabase,
  smsReceiver,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import { aDeliveredParcel, anInvoice } from '../../../test/money-fixtures';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { manualClock } from '../../lib/clock';

const t = useTestApp();
const call = caller(t);
const base = '/compat/steadfast/api/v1';

type Key = { id: string; keyId: string; secret: string; token: string };
let owner: Shop;
let other: Shop;
let key: Key;

async function aKey(shop: Shop, scopes: string[]): Promise<Key> {
  const res = await call('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
    name: `Steadfast ${randomUUID().slice(0, 8)}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Key>();
}

/** A request as a Steadfast client sends it: the key pair in Api-Key and Secret-Key. */
function sf(method: 'GET' | 'POST', path: string, k: Pick<Key, 'keyId' | 'secret'>, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${base}${path}`,
    headers: { 'api-key': k.keyId, 'secret-key': k.secret, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Steadfast's documented create_order example, with an address Dak can read and a fresh invoice. */
const anOrder = (overrides: Record<string, unknown> = {}) => ({
  invoice: `INV-${randomUUID().slice(0, 8)}`,
  recipient_name: 'John Smith',
  recipient_phone: '01712345678',
  recipient_address: 'House 5, Road 3, Gulshan 1, Dhaka',
  cod_amount: 1060,
  note: 'Deliver within 3PM',
  ...overrides,
});

const isoMicros = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

beforeAll(async () => {
  owner = await aShop(t);
  other = await aShop(t);
  key = await aKey(owner, ['parcels:write', 'parcels:read']);
});

describe('Steadfast create_order', () => {
  it('books the documented body in the area its address names, in Steadfast’s answer shape', async () => {
    const order = anOrder();
    const res = await sf('POST', '/create_order', key, order);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, message: 'Consignment has been created successfully.' });
    const c = body.consignment;
    expect(Object.keys(c).sort()).toEqual(
      [
        'consignment_id',
        'invoice',
        'tracking_code',
        'recipient_name',
        'recipient_phone',
        'recipient_address',
        'cod_amount',
        'status',
        'note',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(isValidTrackingId(c.tracking_code)).toBe(true);
    expect(c).toMatchObject({
      consignment_id: consignmentNumberOf(c.tracking_code),
      invoice: order.invoice,
      recipient_name: 'John Smith',
      recipient_phone: '01712345678',
      recipient_address: order.recipient_address,
      cod_amount: 1060,
      status: 'in_review',
      note: 'Deliver within 3PM',
    });
    expect(Number.isInteger(c.consignment_id)).toBe(true);
    expect(c.created_at).toMatch(isoMicros);
    const row = await t.database.db
      .selectFrom('parcels')
      .select(['shop_id', 'delivery_area_id', 'pickup_location_id', 'invoice_id', 'cash_collection_poisha'])
      .where('tracking_id', '=', c.tracking_code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      shop_id: owner.shop.id,
      delivery_area_id: 'dhaka-city--gulshan-1',
      pickup_location_id: owner.pickupId,
      invoice_id: order.invoice,
      cash_collection_poisha: 106_000,
    });
  });

  it('keeps the invoice unique: the same order again answers its consignment, another is refused', async () => {
    const order = anOrder();
    const first = await sf('POST', '/create_order', key, order);
    expect(first.statusCode, first.body).toBe(200);
    const count = await parcelCount(t, owner.shop.id);
    const again = await sf('POST', '/create_order', key, order);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().consignment.consignment_id).toBe(first.json().consignment.consignment_id);
    const otherOrder = await sf('POST', '/create_order', key, { ...order, cod_amount: 500 });
    expect(otherOrder.statusCode).toBe(400);
    expect(otherOrder.json()).toEqual({
      status: 400,
      message: 'The invoice has already been taken.',
      errors: { invoice: ['The invoice has already been taken.'] },
    });
    expect(await parcelCount(t, owner.shop.id)).toBe(count);
  });

  it('refuses an invoice the shop already booked elsewhere (the panel, a bulk order)', async () => {
    const invoice = `PANEL-${randomUUID().slice(0, 8)}`;
    await aParcel(t, { shop: owner }, { invoiceId: invoice });
    const res = await sf('POST', '/create_order', key, anOrder({ invoice }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ invoice: ['The invoice has already been taken.'] });
    const bulk = await sf('POST', '/create_order/bulk-order', key, { data: [anOrder({ invoice })] });
    expect(bulk.json()[0]).toMatchObject({
      status: 'error',
      errors: { invoice: ['The invoice has already been taken.'] },
    });
  });

  it('refuses an address whose area it cannot read, naming the problem, and books nothing', async () => {
    const count = await parcelCount(t, owner.shop.id);
    for (const [address, message] of [
      // Read as Dhaka's Ashkona ("ask on") and Chattogram's Kotwali, confidently: nothing backs it.
      ['somewhere, ask on the phone', steadfastMessages.districtNotNamed],
      ['Station road', steadfastMessages.districtNotNamed],
      ['Mirpur, Dhaka', steadfastMessages.areaUncertain],
      ['call me when you arrive', steadfastMessages.areaUnread],
    ] as const) {
      const res = await sf('POST', '/create_order', key, anOrder({ recipient_address: address }));
      expect(res.statusCode, address).toBe(400);
      expect(res.json(), address).toEqual({ status: 400, message, errors: { recipient_address: [message] } });
    }
    expect(await parcelCount(t, owner.shop.id)).toBe(count);
  });

  it('takes the order as a form too, as PHP clients post it', async () => {
    const order = anOrder({ cod_amount: '1060' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/create_order`,
      headers: {
        'api-key': key.keyId,
        'secret-key': key.secret,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(order as unknown as Record<string, string>).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().consignment).toMatchObject({ invoice: order.invoice, cod_amount: 1060 });
    const bulk = await t.app.inject({
      method: 'POST',
      url: `${base}/create_order/bulk-order`,
      headers: {
        'api-key': key.keyId,
        'secret-key': key.secret,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ data: JSON.stringify([anOrder()]) }).toString(),
    });
    expect(bulk.json().map((r: { status: string }) => r.status)).toEqual(['success']);
  });

  it('refuses Steadfast’s field errors in its shape', async () => {
    const res = await sf('POST', '/create_order', key, anOrder({ recipient_phone: '017123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: { recipient_phone: ['The recipient phone must be 11 digits.'] },
    });
  });
});

describe('Steadfast bulk-order', () => {
  const rows = () => [
    anOrder({ recipient_address: 'Flat 4B, House 12, Road 5, Dhanmondi 32, Dhaka' }),
    anOrder({ recipient_address: 'somewhere, ask on the phone' }),
    anOrder({ recipient_phone: '12345' }),
    anOrder({ recipient_address: 'House 5, Road 3, Gulshan 1, Dhaka', cod_amount: '0.00' }),
  ];

  for (const form of ['a JSON string', 'an array'] as const) {
    it(`takes data as ${form}: a row per order in order, bad rows refused alone`, async () => {
      const orders = rows();
      const count = await parcelCount(t, owner.shop.id);
      const data = form === 'a JSON string' ? JSON.stringify(orders) : orders;
      const res = await sf('POST', '/create_order/bulk-order', key, { data });
      expect(res.statusCode, res.body).toBe(200);
      type Row = Record<string, unknown> & { tracking_code: string; errors?: Record<string, string[]> };
      const out = res.json<Row[]>();
      expect(Array.isArray(out)).toBe(true);
      expect(out.map((r) => r.status)).toEqual(['success', 'error', 'error', 'success']);
      expect(out.map((r) => r.invoice)).toEqual(orders.map((o) => o.invoice));
      const [ok, badAddress, badPhone, free] = out;
      expect(ok).toMatchObject({
        recipient_name: 'John Smith',
        cod_amount: '1060.00',
        note: 'Deliver within 3PM',
      });
      expect(isValidTrackingId(ok?.tracking_code ?? '')).toBe(true);
      expect(ok?.consignment_id).toBe(consignmentNumberOf(ok?.tracking_code ?? ''));
      expect(free?.cod_amount).toBe('0.00');
      expect(badAddress).toMatchObject({
        consignment_id: null,
        tracking_code: null,
        errors: { recipient_address: [steadfastMessages.districtNotNamed] },
      });
      expect(badPhone?.errors).toEqual({ recipient_phone: ['The recipient phone must be 11 digits.'] });
      expect(await parcelCount(t, owner.shop.id)).toBe(count + 2);
    });
  }

  it('refuses data that is not a list of orders, and a repeated invoice within the call', async () => {
    const notJson = await sf('POST', '/create_order/bulk-order', key, { data: '{oops' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ status: 400, errors: { data: [steadfastMessages.bulkData] } });
    const tooMany = await sf('POST', '/create_order/bulk-order', key, { data: Array(501).fill(anOrder()) });
    expect(tooMany.json()).toMatchObject({ status: 400, errors: { data: [steadfastMessages.bulkTooMany] } });
    const order = anOrder();
    const twice = await sf('POST', '/create_order/bulk-order', key, { data: [order, order] });
    expect(twice.json().map((r: { status: string }) => r.status)).toEqual(['success', 'error']);
  });
  it('counts the values of a flood before parsing it, in the body or in data as a JSON string', async () => {
    // 2 MB of `{},` is 700 000 objects: JSON.parse held the event loop ~0.4 s (load 9) for one call.
    const flood = `[${'{},'.repeat(600_000)}{}]`;
    const inBody = await t.app.inject({
      method: 'POST',
      url: `${base}/create_order/bulk-order`,
      headers: { 'api-key': key.keyId, 'secret-key': key.secret, 'content-type': 'application/json' },
      payload: `{"data":${flood}}`,
    });
    expect(inBody.statusCode).toBe(413);
    const asString = await sf('POST', '/create_order/bulk-order', key, { data: flood });
    expect(asString.json()).toMatchObject({ status: 400, errors: { data: [steadfastMessages.bulkTooMany] } });
    const deep = await sf('POST', '/create_order/bulk-order', key, { data: '['.repeat(500_000) });
    expect(deep.json()).toMatchObject({ status: 400, errors: { data: [steadfastMessages.bulkTooMany] } });
  });
});

describe('Steadfast status, balance, returns, payments and police stations', () => {
  it('answers the status by consignment ID, invoice and tracking code; partial delivery says so', async () => {
    const order = anOrder();
    const created = (await sf('POST', '/create_order', key, order)).json().consignment;
    for (const path of [
      `/status_by_cid/${created.consignment_id}`,
      `/status_by_invoice/${order.invoice}`,
      `/status_by_trackingcode/${created.tracking_code}`,
    ]) {
      const res = await sf('GET', path, key);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      expect(res.json()).toEqual({
        status: 200,
        delivery_status: 'in_review',
        tracking_code: created.tracking_code,
      });
    }
    const admin = await signInStaff(t, 'admin');
    await walk(t, admin.token, created.tracking_code, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 500 },
    ]);
    const res = await sf('GET', `/status_by_cid/${created.consignment_id}`, key);
    expect(res.json().delivery_status).toBe('partial_delivered');

    // The ledger credited the shop for the delivery: the balance is what Dak owes it.
    const balance = await sf('GET', '/get_balance', key);
    expect(balance.statusCode).toBe(200);
    const { status, current_balance } = balance.json();
    expect(status).toBe(200);
    expect(typeof current_balance).toBe('number');
    expect(current_balance).toBeGreaterThan(0);
    expect(current_balance).toBeLessThan(500);
  });

  it('does not show another shop’s consignment, by any of its numbers', async () => {
    const order = anOrder();
    const created = (await sf('POST', '/create_order', key, order)).json().consignment;
    const stranger = await aKey(other, ['parcels:read', 'parcels:write']);
    for (const path of [
      `/status_by_cid/${created.consignment_id}`,
      `/status_by_invoice/${order.invoice}`,
      `/status_by_trackingcode/${created.tracking_code}`,
      `/get_return_request/${created.consignment_id}`,
    ]) {
      const res = await sf('GET', path, stranger);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().status).toBe(404);
    }
    const back = await sf('POST', '/create_return_request', stranger, {
      consignment_id: created.consignment_id,
    });
    expect(back.statusCode).toBe(404);
  });

  it('takes a return request for a failed delivery and lists it', async () => {
    const parcel = await aParcel(t, { shop: owner, status: 'delivery_attempted' });
    const consignmentId = consignmentNumberOf(parcel.trackingId);
    const res = await sf('POST', '/create_return_request', key, {
      consignment_id: consignmentId,
      reason: 'Customer cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: consignmentId,
      consignment_id: consignmentId,
      reason: 'Customer cancelled',
      status: 'processing',
    });
    expect(Number.isInteger(res.json().user_id)).toBe(true);
    expect(await parcelStatus(t, parcel.trackingId)).toBe('return_at_delivery_hub');
    const one = await sf('GET', `/get_return_request/${consignmentId}`, key);
    expect(one.json()).toMatchObject({ id: consignmentId, status: 'processing' });
    const list = await sf('GET', '/get_return_requests', key);
    expect(list.json().map((r: { consignment_id: number }) => r.consignment_id)).toContain(consignmentId);

    // A parcel still with the merchant's pickup cannot be "returned".
    const fresh = await aParcel(t, { shop: owner });
    const refused = await sf('POST', '/create_return_request', key, { tracking_code: fresh.trackingId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409 });
  });

  it('lists payments in the envelope and the police stations as Dak’s areas', async () => {
    const payments = await sf('GET', '/payments', key);
    expect(payments.statusCode).toBe(200);
    expect(payments.json()).toEqual({ status: 200, data: [] });
    const missing = await sf('GET', '/payments/12345', key);
    expect(missing.statusCode).toBe(404);

    const stations = await sf('GET', '/police_stations', key);
    expect(stations.statusCode).toBe(200);
    const { status, data } = stations.json();
    expect(status).toBe(200);
    const gulshan = data.find((s: { dak_area_id: string }) => s.dak_area_id === areas.gulshan);
    expect(gulshan).toMatchObject({ name: 'Gulshan', district: 'Dhaka' });
    expect(Number.isInteger(gulshan.id)).toBe(true);
  });
});

describe('Steadfast payments', () => {
  it('lists a payout with its consignments, the merchant’s invoice on each', async () => {
    const shop = await aShop(t);
    const k = await aKey(shop, ['parcels:write', 'parcels:read']);
    const admin = await signInStaff(t, 'admin');
    const order = anOrder();
    const booked = (await sf('POST', '/create_order', k, order)).json().consignment;
    await walk(t, admin.token, booked.tracking_code, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 1060 },
    ]);
    const panel = await aDeliveredParcel(t, shop, admin.token);
    const before = (await sf('GET', '/get_balance', k)).json().current_balance;
    expect(before).toBeGreaterThan(1060);
    const invoice = await anInvoice(t, shop, '2026-12-01');

    const list = await sf('GET', '/payments', k);
    expect(list.statusCode, list.body).toBe(200);
    const [payment] = list.json().data;
    expect(payment).toMatchObject({ amount: before, status: 'payment_processing' });
    expect(Number.isInteger(payment.id)).toBe(true);
    expect(typeof payment.payment_id).toBe('string');
    expect(payment.created_at).toMatch(/Z$/);

    const one = await sf('GET', `/payments/${payment.id}`, k);
    expect(one.statusCode, one.body).toBe(200);
    const detail = one.json();
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({ id: payment.id, amount: before });
    const byCode = Object.fromEntries(
      detail.data.consignments.map((c: { tracking_code: string }) => [c.tracking_code, c]),
    );
    expect(byCode[booked.tracking_code]).toMatchObject({
      consignment_id: booked.consignment_id,
      invoice: order.invoice,
      cod_amount: 1060,
      status: 'delivered',
    });
    expect(byCode[panel.trackingId]).toMatchObject({ invoice: null, cod_amount: 1250 });
    expect(byCode[booked.tracking_code].delivery_charge).toBeGreaterThan(0);
    expect(invoice.kind).toBe('invoiced');
    // Another shop's key does not find it.
    expect((await sf('GET', `/payments/${payment.id}`, key)).statusCode).toBe(404);
  });
});

describe('Steadfast rate limit', () => {
  it('limits a key as the developer API does: 429 with Retry-After in Steadfast’s shape', async () => {
    const limited = await createTestApp({ RATE_API_KEY_PER_MINUTE: '3' });
    try {
      const shop = await aShop(limited);
      const made = await caller(limited)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
        name: 'Limited',
        scopes: ['parcels:read'],
      });
      const k = made.json<Key>();
      const get = () =>
        limited.app.inject({
          method: 'GET',
          url: `${base}/get_balance`,
          headers: { 'api-key': k.keyId, 'secret-key': k.secret },
        });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
      const over = await get();
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({ status: 429 });
      limited.clock.advance(61_000);
      expect((await get()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('Steadfast keys', () => {
  it('refuses a wrong secret, a missing key and a revoked key as Steadfast does (401 Unauthenticated.)', async () => {
    const wrong = await sf('GET', '/get_balance', {
      keyId: key.keyId,
      secret: `${key.secret.slice(0, -1)}x`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Unauthenticated.' });
    const none = await t.app.inject({ method: 'GET', url: `${base}/get_balance` });
    expect(none.statusCode).toBe(401);

    const doomed = await aKey(owner, ['parcels:write', 'parcels:read']);
    expect((await sf('GET', '/get_balance', doomed)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/shops/${owner.shop.id}/api-keys/${doomed.id}`, owner.token);
    expect(revoked.statusCode).toBe(200);
    const after = await sf('POST', '/create_order', doomed, anOrder());
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('keeps the key’s scopes: creating needs parcels:write, status reads take tracking', async () => {
    const tracking = await aKey(owner, ['tracking']);
    const count = await parcelCount(t, owner.shop.id);
    const create = await sf('POST', '/create_order', tracking, anOrder());
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({
      status: 403,
      message: 'This API key does not have the parcels:write scope',
    });
    const bulk = await sf('POST', '/create_order/bulk-order', tracking, { data: [anOrder()] });
    expect(bulk.statusCode).toBe(403);
    expect(await parcelCount(t, owner.shop.id)).toBe(count);
    const order = anOrder();
    await sf('POST', '/create_order', key, order);
    const status = await sf('GET', `/status_by_invoice/${order.invoice}`, tracking);
    expect(status.statusCode).toBe(200);
  });

  it('is documented under its own tag with a curl example per route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes = Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[]; description?: string }>>,
    )
      .filter(([path]) => path.startsWith(base))
      .flatMap(([, ops]) => Object.values(ops));
    expect(routes.length).toBe(12);
    for (const op of routes) {
      expect(op.tags).toEqual(['compat-steadfast']);
      expect(op.description).toContain('curl');
    }
  });
});

describe('the log', () => {
  it('never holds the Secret-Key, whatever the Steadfast request did', async () => {
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
    const app = await buildApp({
      config,
      database,
      clock: manualClock(new Date('2026-11-22T06:00:00Z')),
      logStream: stream,
      onSmsSent: sms.onSmsSent,
    });
    sms.attach(app);
    await app.ready();
    try {
      const logged = { app, database, config, close: async () => {} } as unknown as TestApp;
      const shop = await aShop(logged);
      const made = await caller(logged)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
        name: 'Logged',
        scopes: ['parcels:write'],
      });
      const k = made.json<Key>();
      const send = (path: string, secret: string, payload?: unknown) =>
        app.inject({
          method: payload === undefined ? 'GET' : 'POST',
          url: `${base}${path}`,
          headers: { 'api-key': k.keyId, 'secret-key': secret },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      await send('/create_order', k.secret, anOrder());
      await send('/create_order', k.secret, anOrder({ recipient_address: 'Station road' }));
      await send('/create_order/bulk-order', k.secret, { data: '{oops' });
      await send('/get_balance', k.secret);
      await send('/get_balance', `${k.secret.slice(0, 42)}x`);
      const text = lines.join('');
      expect(text.length).toBeGreaterThan(1000);
      expect(text).not.toContain(k.secret);
      expect(text).not.toContain(k.secret.slice(0, 20));
    } finally {
      await app.close();
      await database.close();
    }
  });
});
