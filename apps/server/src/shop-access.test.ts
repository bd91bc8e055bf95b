import { randomUUID } from 'node:crypto';
import { can, isReadPermission, ownerOnly, type ShopRole } from '@dak/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../test/fixtures';
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

describe('the shop guard (session and role read in one query)', () => {
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });

  it('sees a role change, a removal and a sign-out on the very next request', async () => {
    const member = await registerMerchant(t.app);
    await t.database.db
      .insertInto('shop_members')
      .values({ shop_id: shopA, user_id: member.user.id, role: 'viewer' })
      .execute();
    const teamUrl = `/shops/${shopA}/members`;
    expect((await get(teamUrl, member.token)).statusCode).toBe(403);

    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/shops/${shopA}/members/${member.user.id}`,
      headers: { authorization: `Bearer ${tokens.ownerA}` },
      payload: { role: 'editor' },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect((await get(`/shops/${shopA}/parcels`, member.token)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${shopA}/members/${member.user.id}`,
      headers: { authorization: `Bearer ${tokens.ownerA}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await get(`/shops/${shopA}/parcels`, member.token);
    expect(after.statusCode).toBe(404);
    expect(after.json().error.message).toBe('Shop not found');

    // Their own shop still opens; after signing out, nothing does.
    expect((await get(`/shops/${member.shop.id}/parcels`, member.token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect((await get(`/shops/${member.shop.id}/parcels`, member.token)).statusCode).toBe(401);
  });

  it('refuses a staff session (403), a malformed shop id (404) and an unknown token (401)', async () => {
    const staff = await signInStaff(t, 'admin');
    expect((await get(`/shops/${shopA}/parcels`, staff.token)).statusCode).toBe(403);
    expect((await get('/shops/not-a-uuid/parcels', tokens.ownerA)).statusCode).toBe(404);
    expect((await get(`/shops/${shopA}/parcels`, 'no-such-token')).statusCode).toBe(401);
  });
});
