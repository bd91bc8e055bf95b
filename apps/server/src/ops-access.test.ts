import { beforeAll, describe, expect, it } from 'vitest';
import { registerMerchant, useTestApp } from '../test/helpers';

/**
 * Walks the route table: every operations route but the two sign-in steps refuses a caller with
 * no token (401) and a merchant's token (403), so a console route added later without a staff
 * guard fails here.
 */
const t = useTestApp();
let merchantToken: string;
beforeAll(async () => {
  merchantToken = (await registerMerchant(t.app)).token;
});

const signIn = new Set(['/api/v1/ops/auth/login', '/api/v1/ops/auth/rider-login', '/api/v1/ops/auth/verify']);
const fill = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('operations routes', () => {
  it('are staff only', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/ops/') && !signIn.has(r.url));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const method = route.method as 'GET';
      const anonymous = await t.app.inject({
        method,
        url: fill(route.url),
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const merchant = await t.app.inject({
        method,
        url: fill(route.url),
        headers: { authorization: `Bearer ${merchantToken}` },
        payload: method === 'GET' ? undefined : {},
      });
      expect(merchant.statusCode, `${route.method} ${route.url} merchant`).toBe(403);
    }
  });
});
