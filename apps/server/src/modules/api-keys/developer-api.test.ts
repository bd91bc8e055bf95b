import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { aBooking, aShop, type Shop } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { buildApp } from '../../app';

/**
 * The developer API's reads besides parcels (issue 15, item 2: areas, area prediction, the charge
 * calculator, pickup locations), its OpenAPI reference, and revocation seen by another process.
 */
const t = useTestApp();
const call = caller(t);
let owner: Shop;

type Created = { id: string; keyId: string; secret: string; token: string };

async function aKey(shop: Shop, scopes: string[]) {
  const res = await call('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
    name: `Key ${randomUUID().slice(0, 8)}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Created>();
}

beforeAll(async () => {
  owner = await aShop(t);
});

/** The public routes the developer API's reference lists: a key may send its token, or not. */
const publicReads: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/districts' },
  { method: 'GET', url: '/areas?districtId=dhaka' },
  { method: 'GET', url: '/areas/search?q=mirpur' },
  { method: 'POST', url: '/areas/predict', body: { address: 'House 12, Road 5, Mirpur 10, Dhaka' } },
];

describe('the developer API’s reads (issue 15, item 2)', () => {
  it('a booking key reads the pickup locations and the shop’s charge; a read-only key may not', async () => {
    const writer = await aKey(owner, ['parcels:write']);
    const reader = await aKey(owner, ['parcels:read', 'tracking']);
    const shop = `/shops/${owner.shop.id}`;

    const list = await call('GET', `${shop}/pickup-locations`, writer.token);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{ items: { id: string }[] }>().items;
    expect(items.map((p) => p.id)).toContain(owner.pickupId);
    const one = await call('GET', `${shop}/pickup-locations/${owner.pickupId}`, writer.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(
      (await call('GET', `${shop}/pickup-locations/${owner.pickupId}`, owner.token)).json(),
    );

    const quote = `${shop}/charge?pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan&weight=500&cash=1250`;
    const byKey = await call('GET', quote, writer.token);
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toEqual((await call('GET', quote, owner.token)).json());
    expect(byKey.json<{ totalCharge: number }>().totalCharge).toBeGreaterThan(0);

    for (const url of [`${shop}/pickup-locations`, `${shop}/pickup-locations/${owner.pickupId}`, quote]) {
      const res = await call('GET', url, reader.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.key).toBe('apiKeys.missingScope');
    }
    // Reading, never changing: a key cannot add or edit a pickup location, nor read the plan.
    const add = await call('POST', `${shop}/pickup-locations`, writer.token, {
      name: 'From a key',
      address: 'House 1, Road 1, Mirpur 10',
      areaId: 'dhaka-city--mirpur-10',
      phone: '01711111111',
    });
    expect(add.statusCode).toBe(403);
    const edit = await call('PUT', `${shop}/pickup-locations/${owner.pickupId}`, writer.token, { name: 'X' });
    expect(edit.statusCode).toBe(403);
    expect((await call('GET', `${shop}/price-plan`, writer.token)).statusCode).toBe(403);
    // Another shop's pickup locations and charge: refused.
    const other = await aShop(t);
    expect((await call('GET', `/shops/${other.shop.id}/pickup-locations`, writer.token)).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', `/shops/${other.shop.id}/charge?pickupAreaId=x`, writer.token)).statusCode,
    ).toBe(403);
  });

  it('public reads answer a key’s request as they answer anyone’s: a token sent along is never a session', async () => {
    const live = await aKey(owner, ['parcels:write']);
    const revoked = await aKey(owner, ['tracking']);
    expect(
      (await call('DELETE', `/shops/${owner.shop.id}/api-keys/${revoked.id}`, owner.token)).statusCode,
    ).toBe(200);
    const tokens = [live.token, revoked.token, `dak_${live.keyId}_${'A'.repeat(43)}`, 'dak_garbage'];
    for (const { method, url, body } of publicReads) {
      const anonymous = await call(method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${url} ${anonymous.body}`).toBe(200);
      for (const token of tokens) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url} with ${token.slice(0, 24)}`).toBe(200);
        expect(res.json(), `${method} ${url}`).toEqual(anonymous.json());
      }
    }
    // The prediction reads the address a store plugin sends, with or without a key.
    const predicted = await call('POST', '/areas/predict', live.token, {
      address: 'House 12, Road 5, Mirpur 10, Dhaka',
    });
    expect(predicted.json<{ districtId: string | null }>().districtId).toBe('dhaka');
  });
});

describe('the OpenAPI reference of the developer API', () => {
  type Operation = { tags?: string[]; description?: string; security?: Record<string, string[]>[] };
  type Doc = {
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, { type: string; scheme: string; description?: string }> };
  };
  const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

  /** The curl lines of a description: each indented code block starting with `curl`. */
  function curlOf(op: Operation): { method: string; path: string; text: string } | null {
    const block =
      /^ {4}curl (?:-X (\w+) )?"?(https:\/\/dak\.example(\/[^\s"?]*)[^\s"]*)"?(?: \\\n {6}.*)*$/m.exec(
        op.description ?? '',
      );
    if (!block?.[3]) return null;
    return { method: block[1] ?? 'GET', path: block[3], text: block[0] };
  }

  /** Whether a curl example's path (with $SHOP, $PARCEL… for the ids) is a call of the route. */
  function callsRoute(example: string, routeUrl: string) {
    const pattern = new RegExp(`^${routeUrl.replace(/:\w+/g, '[^/]+')}$`);
    return pattern.test(example);
  }

  it('lists every route a key can call under developer-api, each with a working curl example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    const scheme = doc.components.securitySchemes.bearer;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme?.description).toContain('dak_<keyId>_<secret>');

    const keyRoutes = t.app.routeTable.filter((r) => r.apiKeyScope);
    expect(keyRoutes.length).toBeGreaterThanOrEqual(9);
    const problems: string[] = [];
    for (const route of keyRoutes) {
      const name = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: not in the OpenAPI document`);
        continue;
      }
      if (!op.tags?.includes('developer-api')) problems.push(`${name}: no developer-api tag`);
      if (!op.security?.some((s) => 'bearer' in s)) problems.push(`${name}: no bearer security`);
      if (!op.description?.includes(route.apiKeyScope ?? '?')) problems.push(`${name}: scope not named`);
      const example = curlOf(op);
      if (!example) problems.push(`${name}: no curl example`);
      else {
        if (!example.text.includes('Authorization: Bearer $TOKEN'))
          problems.push(`${name}: curl without $TOKEN`);
        if (example.method !== route.method) problems.push(`${name}: curl uses ${example.method}`);
        if (!callsRoute(example.path, route.url)) problems.push(`${name}: curl calls ${example.path}`);
      }
    }

    // Whatever else is under the tag: the public reads (no security) and the key management
    // (the owner's session: keys and the webhook admin); each with its curl example too.
    const keyed = new Set(keyRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const publicOps: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.tags?.includes('developer-api')) continue;
        const name = `${method.toUpperCase()} ${path}`;
        if (keyed.has(name)) continue;
        const example = curlOf(op);
        if (!example) problems.push(`${name}: no curl example`);
        else if (!callsRoute(example.path, path.replace(/\{(\w+)\}/g, ':$1'))) {
          problems.push(`${name}: curl calls ${example.path}`);
        }
        if (!op.security?.length) publicOps.push(name);
        else if (!path.includes('/api-keys') && !path.includes('/webhooks'))
          problems.push(`${name}: tagged, but takes no key`);
      }
    }
    expect(problems).toEqual([]);
    expect(publicOps.sort()).toEqual(
      publicReads.map((r) => `${r.method} /api/v1${r.url.replace(/\?.*/, '')}`).sort(),
    );
  });
});

describe('revocation', () => {
  it('a key revoked through another API process stops working within a second', async () => {
    // A second process on the same database (another server behind the load balancer).
    const other = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await other.ready();
    try {
      const key = await aKey(owner, ['parcels:read', 'parcels:write']);
      const url = `/api/v1/shops/${owner.shop.id}/parcels`;
      const get = () =>
        other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key.token}` } });
      expect((await get()).statusCode).toBe(200);
      const booked = await other.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key.token}` },
        payload: aBooking(owner.pickupId),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const revoked = await call('DELETE', `/shops/${owner.shop.id}/api-keys/${key.id}`, owner.token);
      expect(revoked.statusCode).toBe(200);
      t.clock.advance(1_000);
      expect((await get()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
