import type { LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '../features/auth/api/get-me';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { rangeFromParams } from '../features/dashboard/hooks/dashboard-range';
import { shopsQueryOptions } from '../features/shops/api/list-shops';
import { shopAccessQueryOptions } from '../features/shops/api/select-shop';
import { getAuth } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { getSelectedShopId } from '../lib/selected-shop';

/**
 * Route loaders that start a page's first API calls when the router matches it (issue 16): on a
 * cold visit they run alongside the route's lazy chunks, not after the page's first render, and
 * all at once rather than one after another (the shop list, then the shop's permissions, then
 * the page's figures). They only prime TanStack Query's cache (`prefetchQuery`: no error is
 * thrown, a fresh answer is not asked again) and return at once, so no page waits for them: the
 * components read the same queries and show what has come.
 *
 * The selected shop is the one this browser kept (`dak.shop`); the shop state (`ShopProvider`)
 * still decides, with the list, which shop is selected. If it picks another one (the kept shop
 * is gone), only that shop's primed answers go unused.
 */
function signedInShop(): { shopId: string | null } | null {
  if (getAuth()?.kind !== 'user') return null;
  return { shopId: getSelectedShopId() };
}

/** Every signed-in merchant page: the shop list and the kept shop's permissions, together. */
export function merchantShellLoader(): null {
  const session = signedInShop();
  if (!session) return null;
  // Once a visit: the shop state stays mounted and keeps its list; a later page must not refetch it.
  const shops = shopsQueryOptions();
  if (queryClient.getQueryData(shops.queryKey) === undefined) void queryClient.prefetchQuery(shops);
  if (session.shopId) void queryClient.prefetchQuery(shopAccessQueryOptions(session.shopId));
  return null;
}

/** The dashboard: the user (its heading) and the figures of the address's range, with the shop's. */
export function dashboardLoader({ request }: LoaderFunctionArgs): null {
  const session = signedInShop();
  if (!session) return null;
  void queryClient.prefetchQuery(meQueryOptions());
  if (session.shopId) {
    const { range, pickupLocationId } = rangeFromParams(new URL(request.url).searchParams);
    void queryClient.prefetchQuery(dashboardQueryOptions(session.shopId, { ...range, pickupLocationId }));
  }
  return null;
}
