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
