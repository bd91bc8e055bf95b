import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../test/fixtures';
import { createTestApp, registerMerchant, type TestApp } from '../test/helpers';

/**
 * Walks the route table: every rider route refuses a caller with no token (401), a merchant's
 * token and a staff member of any other role (403), so a rider route added later without the
 * rider guard fails here.
 */
let t: TestApp;
let merchantToken: string;
const staffTokens: { role: string; token: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  merchantToken = (await registerMerchant(t.app)).token;
  for (const role of ['admin', 'hub_manager', 'support'] as const) {
    staffTokens.push({ role, token: (await signInStaff(t, role)).token });
  }
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:(\w+)/g, 'DK000000000');

describe('rider routes', () => {
  it('are for riders only', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/rider/'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const method = route.method as 'GET';
      const payload = method === 'GET' ? undefined : {};
      const anonymous = await t.app.inject({ method, url: fill(route.url), payload });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      for (const { role, token } of [{ role: 'merchant', token: merchantToken }, ...staffTokens]) {
        const res = await t.app.inject({
          method,
          url: fill(route.url),
          headers: { authorization: `Bearer ${token}` },
          payload,
        });
        expect(res.statusCode, `${route.method} ${route.url} ${role}`).toBe(403);
      }
    }
  });
});
