import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { aShop, type Shop } from '../../../test/factories';
import { registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
let owner: Shop;
beforeAll(async () => {
  owner = await aShop(t);
});

describe('the routes that take large bodies check the caller before they read the body', () => {
  // A flat 15 MB JSON body to the bulk preview took over a second of the event loop to parse,
  // from anyone, before the 401; now the caller is checked first and the body is never read.
  // Malformed JSON shows which came first: 400 when parsed, 401 or 404 when refused unread.
  const malformed = '{"rows": [';
  const send = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: malformed,
    });

  it('refuses the anonymous and other shops unread, and parses for a member', async () => {
    const shopUrls = ['parcels/bulk/preview', 'parcels/bulk/confirm', 'parcels/batch'].map(
      (path) => `/api/v1/shops/${owner.shop.id}/${path}`,
    );
    const stranger = await registerMerchant(t.app);
    for (const url of shopUrls) {
      expect((await send(url)).statusCode, url).toBe(401);
      expect((await send(url, { authorization: `Bearer ${stranger.token}` })).statusCode, url).toBe(404);
      const member = await send(url, {
        authorization: `Bearer ${owner.token}`,
        'idempotency-key': randomUUID(),
      });
      expect(member.statusCode, url).toBe(400);
      expect(member.json().error.code, url).toBe('INVALID_JSON');
    }
    for (const url of [
      '/compat/steadfast/api/v1/create_order/bulk-order',
      '/compat/pathao/aladdin/api/v1/orders/bulk',
    ]) {
      expect((await send(url)).statusCode, url).toBe(401);
    }
  });
});

describe('the routes that take large bodies refuse more values than their largest legal body before parsing', () => {
  // 15 MB of `{},{},…` (5 million objects) held the event loop 2.5 s in JSON.parse for any member
  // of a shop; a legal sheet has at most 10 000 rows of 11 fields. Counted first, refused 413.
  it('refuses a flat body of millions of values 413, and parses a body of legal size', async () => {
    const flood = (n: number) => `{"rows":[${'{},'.repeat(n)}{}]}`;
    // Each under its route's body limit: 15 MB for the sheet's, 1.8 MB for the 500-parcel batch.
    const huge = flood(5_000_000);
    const bodies = {
      'parcels/bulk/preview': huge,
      'parcels/bulk/confirm': huge,
      'parcels/batch': flood(600_000),
    };
    for (const [path, payload] of Object.entries(bodies)) {
      const url = `/api/v1/shops/${owner.shop.id}/${path}`;
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${owner.token}`,
        'idempotency-key': randomUUID(),
      };
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().error.message, url).toBe('Request body holds more values than this route takes');
    }
    // 10 000 rows is legal in JSON: refused by the shop's import limit (100), not by the count.
    const legal = await t.app.inject({
      method: 'POST',
      url: `/api/v1/shops/${owner.shop.id}/parcels/bulk/preview`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      payload: flood(9_999),
    });
    expect(legal.statusCode).toBe(413);
    expect(legal.json().error.message).toBe('At most 100 parcels can be uploaded at once');
    // The shop's limit comes before any row is checked: 101 rows that are not rows at all are
    // refused for their count (the schema once checked all 10 000 first, 0.15 s of the event loop).
    for (const path of ['parcels/bulk/preview', 'parcels/bulk/confirm']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/shops/${owner.shop.id}/${path}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${owner.token}`,
          'idempotency-key': randomUUID(),
        },
        payload: { rows: Array(101).fill([]) },
      });
      expect(res.statusCode, path).toBe(413);
      expect(res.json().error.message, path).toBe('At most 100 parcels can be uploaded at once');
    }
  });
});

describe('a large legal sheet shares the event loop while its rows are checked', () => {
  it('answers /health while a shop with a raised limit previews 1 500 rows read from long addresses', async () => {
    // With the area read from each 1 000-character address, 10 000 rows held the event loop
    // 13 s in one go (load 2.4); the rows are now checked in turns of about 50 ms.
    const shop = await aShop(t);
    await t.database.db
      .updateTable('shops')
      .set({ bulk_import_limit: 1500 })
      .where('id', '=', shop.shop.id)
      .execute();
    await t.database.db
      .updateTable('feature_flags')
      .set({ enabled: true, percentage: 0, allow_list: [shop.shop.id] })
      .where('name', '=', 'area-prediction-bulk')
      .execute();
    const row = {
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: `Mirpur ${'y'.repeat(990)}`,
    };
    const finished: string[] = [];
    const preview = t.app
      .inject({
        method: 'POST',
        url: `/api/v1/shops/${shop.shop.id}/parcels/bulk/preview`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.token}` },
        payload: { rows: Array(1500).fill(row) },
      })
      .then((res) => {
        finished.push('preview');
        return res;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    finished.push('health');
    expect(health.statusCode).toBe(200);
    const res = await preview;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().rows).toHaveLength(1500);
    expect(finished).toEqual(['health', 'preview']);
  }, 60_000);
});
