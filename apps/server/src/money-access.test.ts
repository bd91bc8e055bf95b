import { beforeAll, describe, expect, it } from 'vitest';
import { aShop, aStaff, type Parcel, type Shop } from '../test/factories';
import { addMember } from '../test/fixtures';
import { useTestApp } from '../test/helpers';
import { aDeliveredParcel, anInvoice } from '../test/money-fixtures';
import type { RouteInfo } from './app';

/**
 * The money routes of a shop (issue 13), found in the route table, with a real invoice and parcel:
 * the owner reads them; the owner of another shop gets 404 and nothing of the money, through the
 * shop's path or through their own shop's path with this shop's ids; editors and viewers get 403.
 */
const t = useTestApp();
let shopA: Shop;
let shopB: Shop;
let parcel: Parcel;
let invoice: { invoiceId: string; number: string };
const tokens = {} as Record<'editor' | 'viewer', string>;

const moneyRoute = (r: RouteInfo) =>
  r.method === 'GET' &&
  r.url.startsWith('/api/v1/shops/:shopId/') &&
  /\/(payments|invoices|transactions)(\/|$)|\/money$/.test(r.url);

beforeAll(async () => {
  const admin = await aStaff(t, { role: 'admin' });
  shopA = await aShop(t);
  shopB = await aShop(t);
  parcel = await aDeliveredParcel(t, shopA, admin.token);
  invoice = await anInvoice(t, shopA, '2026-11-23');
  // Shop B has money of its own, so an empty answer is not mistaken for a refusal.
  await aDeliveredParcel(t, shopB, admin.token);
  tokens.editor = (await addMember(t, shopA.shop.id, 'editor')).token;
  tokens.viewer = (await addMember(t, shopA.shop.id, 'viewer')).token;
});

function urlOf(route: RouteInfo, shopId: string) {
  return route.url
    .replace(':shopId', shopId)
    .replace(':invoiceId', invoice.invoiceId)
    .replace(':trackingId', parcel.trackingId);
}
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const label = (route: RouteInfo) => `${route.method} ${route.url}`;

describe('the money routes of a shop', () => {
  it('are all owner-only (payment.view)', () => {
    const routes = t.app.routeTable.filter(moneyRoute);
    expect(routes.map(label).sort()).toEqual([
      'GET /api/v1/shops/:shopId/invoices',
      'GET /api/v1/shops/:shopId/invoices/:invoiceId/csv',
      'GET /api/v1/shops/:shopId/invoices/:invoiceId/parcels',
      'GET /api/v1/shops/:shopId/parcels/:trackingId/money',
      'GET /api/v1/shops/:shopId/payments/bounced',
      'GET /api/v1/shops/:shopId/payments/summary',
      'GET /api/v1/shops/:shopId/transactions',
    ]);
    for (const route of routes) expect(route.shopPermission, label(route)).toBe('payment.view');
  });

  it('answer the owner, and never show the money to another shop, an editor or a viewer', async () => {
    for (const route of t.app.routeTable.filter(moneyRoute)) {
      const own = await get(urlOf(route, shopA.shop.id), shopA.token);
      expect(own.statusCode, `${label(route)} owner`).toBe(200);

      const stranger = await get(urlOf(route, shopA.shop.id), shopB.token);
      expect(stranger.statusCode, `${label(route)} other shop's owner`).toBe(404);
      expect(stranger.json().error.message).toBe('Shop not found');

      // Through their own shop's path with this shop's invoice or parcel: not found, or only their own.
      const crossed = await get(urlOf(route, shopB.shop.id), shopB.token);
      const expected = route.url.includes(':invoiceId') || route.url.includes(':trackingId') ? 404 : 200;
      expect(crossed.statusCode, `${label(route)} with another shop's ids`).toBe(expected);
      expect(crossed.body, label(route)).not.toContain(invoice.number);
      expect(crossed.body, label(route)).not.toContain(invoice.invoiceId);
      expect(crossed.body, label(route)).not.toContain(parcel.trackingId);

      for (const role of ['editor', 'viewer'] as const) {
        const member = await get(urlOf(route, shopA.shop.id), tokens[role]);
        expect(member.statusCode, `${label(route)} as ${role}`).toBe(403);
        expect(member.body).not.toContain(invoice.number);
      }
    }
  });
});
