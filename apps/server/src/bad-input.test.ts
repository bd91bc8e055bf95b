import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerMerchant, useTestApp } from '../test/helpers';

/**
 * Walks the route table: every /api/v1 route, present and future, gets malformed JSON, wrong
 * types, out-of-range values, oversized bodies and junk query strings. None may answer 500 or
 * anything but the error shape, and none may write a row.
 */
const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await registerMerchant(t.app)).token;
});

/** Row counts of every table, so a table added later is watched too. Rate-limit hits may grow. */
async function snapshot() {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('rate_limit_hits', 'schema_migrations')
    order by table_name`.execute(t.database.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(
      t.database.db,
    );
    counts[name] = row.rows[0]?.n ?? -1;
  }
  return counts;
}

const wrongTypes = {
  phone: 1712345678,
  code: [1, 2, 3, 4],
  password: { x: 1 },
  confirmPassword: null,
  merchantName: 42,
  shopName: true,
  dailyParcelCount: -5,
  dateOfBirth: 19900101,
  termsAccepted: 'yes',
  fullName: ['a'],
  otp: 1234,
  currentPassword: 7,
  temporaryAllowedAction: 9,
  limit: 10_000,
};

/** Routes that refuse a caller before reading the body (lib/routes.ts guardBeforeBody, the webhook). */
const refusedUnread = new Set([
  '/api/v1/webhooks/telephony',
  '/api/v1/shops/:shopId/parcels/bulk/preview',
  '/api/v1/shops/:shopId/parcels/bulk/confirm',
  '/api/v1/shops/:shopId/parcels/batch',
]);

function fill(url: string) {
  return url.replace(/:(\w+)/g, 'not-a-real-$1');
}

function expectErrorShape(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body);
    expect(body.error, label).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  }
}

describe('bad input on every route', () => {
  it('has routes to walk', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(10);
  });

  it('never answers 500 nor writes anything', async () => {
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'shops', 'otp_codes', 'sessions']));
    for (const route of t.app.routeTable) {
      const url = fill(route.url);
      // Signed in, any object is a valid logout or "tour seen" (unknown fields are dropped): walk
      // those anonymously.
      const anyBody = route.url.endsWith('/logout') || route.url.endsWith('/tour-seen');
      const identities = anyBody ? [undefined] : [undefined, token];
      for (const auth of identities) {
        const headers: Record<string, string> = auth ? { authorization: `Bearer ${auth}` } : {};
        const label = `${route.method} ${route.url}${auth ? ' (signed in)' : ''}`;
        if (route.method === 'GET' || route.method === 'DELETE') {
          for (const query of [
            '?limit=-1&offset=abc',
            `?q=${'x'.repeat(5000)}`,
            '?districtId[]=a&to=%00',
            '?limit=1e9',
          ]) {
            const res = await t.app.inject({ method: route.method, url: `${url}${query}`, headers });
            expectErrorShape(res, `${label} ${query.slice(0, 30)}`);
          }
          continue;
        }
        const malformed = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"phone": "0171',
        });
        // The telephony webhook checks its signature, and the large-body routes their caller,
        // before they read a byte: a caller they refuse never gets as far as the parser.
        if (refusedUnread.has(route.url) && malformed.statusCode !== 400) {
          expect([401, 404], `${label} malformed`).toContain(malformed.statusCode);
        } else {
          expect(malformed.statusCode, `${label} malformed`).toBe(400);
        }
        expectErrorShape(malformed, `${label} malformed`);

        for (const payload of [wrongTypes, [1, 2, 3], 'just a string', {}]) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers,
            payload: payload as object,
          });
          expect(res.statusCode, `${label} ${JSON.stringify(payload).slice(0, 20)}`).toBeGreaterThanOrEqual(
            400,
          );
          expectErrorShape(res, label);
        }

        const huge = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          // Just over the route's limit: the API's general one, or its own (bulk sheets take more).
          payload: JSON.stringify({
            phone: '01712345678',
            filler: 'x'.repeat((route.bodyLimit ?? t.config.bodyLimit) + 100_000),
          }),
        });
        if (refusedUnread.has(route.url) && huge.statusCode !== 413) {
          expect([401, 404], `${label} oversized`).toContain(huge.statusCode);
        } else {
          expect(huge.statusCode, `${label} oversized`).toBe(413);
        }
        expectErrorShape(huge, `${label} oversized`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a path whose %-escapes are not UTF-8', () => {
  it('is refused 400 in the error shape, on the API and on the public site', async () => {
    // Fastify answered its own shape ({"error":"Bad Request","code":"FST_ERR_BAD_URL",…}).
    for (const url of ['/api/v1/tracking/%ff%fe', '/track/%ff']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The address is not valid',
      });
    }
  });
});
