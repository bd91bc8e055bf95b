import { randomUUID } from 'node:crypto';
import { can, isReadPermission, ownerOnly, type ShopRole } from '@dak/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastOtp, registerMerchant, type TestApp, uniquePhone } from '../test/helpers';
import type { RouteInfo } from './app';

/**
 * The safety walker: every shop-scoped route, present and future, found in the route table.
 * Each must name the permission it needs; then, with an empty body (the guard runs before the
 * body is validated, so the body does not matter), someone from another shop gets 404, a member
 * without the permission 403, and the owner neither.
 */
let t: TestApp;
let shopA: string;
const tokens = {} as Record<'ownerA' | 'ownerB' | 'editor' | 'viewer', string>;

/**
 * Shop-scoped routes a viewer may call although they are not GETs: they touch only the caller's own
 * state, or only read (labels take up to 200 parcel ids in a body; an export is a read of the list the
 * viewer already sees, done in the background).
 */
const viewerMayCall = new Set([
  'POST /api/v1/shops/:shopId/select',
  'POST /api/v1/shops/:shopId/parcels/labels',
  'POST /api/v1/shops/:shopId/parcel-exports',
  // The viewer's own list preferences.
  'PUT /api/v1/shops/:shopId/parcel-list-preferences',
  // The viewer's own notifications.
  'POST /api/v1/shops/:shopId/notifications/read-all',
  'POST /api/v1/shops/:shopId/notifications/:notificationId/read',
  // The viewer's own "popup shown" mark.
  'POST /api/v1/shops/:shopId/banners/:id/seen',
]);
/**
 * Event streams answer a permitted caller with a stream that stays open; their refusals are
 * checked here like any route, their streams in notifications.test.ts over real HTTP.
 */
const streams = new Set(['GET /api/v1/shops/:shopId/events']);
/** Routes under this prefix are public by design (a shop's public card); they may only read. */
const publicPrefix = '/api/v1/public/';

async function call(route: RouteInfo, token?: string) {
  const url = route.url.replace(/:shopId\b/g, shopA).replace(/:(\w+)/g, () => randomUUID());
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
  const error = res.statusCode >= 400 ? (res.json().error as { code: string; message: string }) : undefined;
  return { status: res.statusCode, error };
}

async function addMember(role: 'editor' | 'viewer') {
  const phone = uniquePhone();
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  await post(`/shops/${shopA}/members/otp`, { phone }, tokens.ownerA);
  const added = await post(
    `/shops/${shopA}/members`,
    { phone, role, code: await lastOtp(t.app, phone) },
    tokens.ownerA,
  );
  expect(added.statusCode, added.body).toBe(201);
  await post('/auth/otp/request', { phone });
  const session = await post('/auth/otp/verify', { phone, code: await lastOtp(t.app, phone) });
  return session.json().token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerMerchant(t.app);
  const b = await registerMerchant(t.app);
  shopA = a.shop.id;
  tokens.ownerA = a.token;
  tokens.ownerB = b.token;
  tokens.editor = await addMember('editor');
  tokens.viewer = await addMember('viewer');
});
afterAll(() => t.close());

const label = (route: RouteInfo) => `${route.method} ${route.url}`;
const shopRoutes = () =>
  t.app.routeTable.filter((r) => r.url.includes(':shopId') && !r.url.startsWith(publicPrefix));

describe('shop-scoped routes', () => {
  it('exist, and every one names the permission it needs', () => {
    expect(shopRoutes().length).toBeGreaterThanOrEqual(15);
    const unguarded = shopRoutes().filter((r) => !r.shopPermission);
    expect(unguarded.map(label), 'routes with :shopId but no shopPermission').toEqual([]);
  });

  it('only read when public', () => {
    // Public shop routes only read; the public site's own forms (enterprise leads) are not shop routes.
    const publicShopRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith(publicPrefix) && r.url.includes(':shopId'),
    );
    expect(publicShopRoutes.filter((r) => r.method !== 'GET').map(label)).toEqual([]);
  });

  it('need a write permission for anything but GET (a viewer only reads)', () => {
    const writesWithReadPermission = shopRoutes().filter(
      (r) => r.method !== 'GET' && r.shopPermission && isReadPermission(r.shopPermission),
    );
    expect(writesWithReadPermission.map(label).filter((l) => !viewerMayCall.has(l))).toEqual([]);
  });

  it('refuse anyone not signed in (401) and the owner of another shop (404, as if it did not exist)', async () => {
    for (const route of shopRoutes()) {
      const anonymous = await call(route);
      expect(anonymous.status, `${label(route)} anonymous`).toBe(401);
      const stranger = await call(route, tokens.ownerB);
      expect(stranger.status, `${label(route)} owner of another shop`).toBe(404);
      expect(stranger.error?.message, label(route)).toBe('Shop not found');
    }
  });

  it.each([
    ['viewer', 'viewer'],
    ['editor', 'editor'],
    ['ownerA', 'owner'],
  ] as const)('give the %s 403 exactly where the role lacks the permission', async (who, role: ShopRole) => {
    for (const route of shopRoutes()) {
      const permission = route.shopPermission;
      if (!permission) continue;
      if (streams.has(label(route)) && can(role, permission)) continue;
      const res = await call(route, tokens[who]);
      const name = `${label(route)} as ${role} (${permission})`;
      expect(res.status, name).toBeLessThan(500);
      if (can(role, permission)) {
        expect(res.status, name).not.toBe(403);
        expect(res.error?.message, name).not.toBe('Shop not found');
      } else {
        expect(res.status, name).toBe(403);
        expect(res.error?.code, name).toBe('FORBIDDEN');
      }
    }
  });

  it('keep a viewer out of every write and an editor out of payments, team and API keys', async () => {
    for (const route of shopRoutes()) {
      const permission = route.shopPermission;
      if (!permission) continue;
      if (route.method !== 'GET' && !viewerMayCall.has(label(route))) {
        expect((await call(route, tokens.viewer)).status, `${label(route)} as viewer`).toBe(403);
      }
      if (ownerOnly.includes(permission)) {
        expect((await call(route, tokens.editor)).status, `${label(route)} as editor`).toBe(403);
      }
    }
  });
});
