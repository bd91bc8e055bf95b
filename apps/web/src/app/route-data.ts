import type { ParcelListPreferences } from '@dak/domain/parcel-list';
import type { LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '../features/auth/api/get-me';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { rangeFromParams } from '../features/dashboard/hooks/dashboard-range';
import { parcelCategoriesQueryOptions } from '../features/parcels/api/list-parcel-categories';
import { parcelsQueryOptions } from '../features/parcels/api/list-parcels';
import {
  expectedParcelListPreferences,
  parcelListPreferencesQueryOptions,
} from '../features/parcels/api/parcel-list-preferences';
import { parcelFilterOf } from '../features/parcels/hooks/use-parcel-filter';
import { pickupLocationsQueryOptions } from '../features/pickup-locations/api/list-pickup-locations';
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
 * The query modules are imported statically, so they ride in the app's entry (about 6 KB gzip for
 * the list's and the booking form's, with their schemas): imported on demand, the calls waited for
 * the route chunks' long task to end, half a second at 4× CPU, even with the modules preloaded.
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

/**
 * The parcel list: the user's list preferences and the page of the address's filters, read with
 * them as the page reads them (`parcelFilterOf`). The page needs the preferences (page size, sort,
 * opening tab) before it knows which page to ask for; waiting for them cost a round trip and the
 * long task the chunks run in, so the page is asked for at once with the preferences this browser
 * last read for the shop (the defaults at first), and again with the answer if it differs.
 */
export function parcelsLoader({ request }: LoaderFunctionArgs): null {
  const shopId = signedInShop()?.shopId;
  if (!shopId) return null;
  const params = new URL(request.url).searchParams;
  const ask = (preferences: ParcelListPreferences) =>
    queryClient.prefetchQuery(parcelsQueryOptions(shopId, parcelFilterOf(params, preferences).filter));
  const preferences = parcelListPreferencesQueryOptions(shopId);
  const known = queryClient.getQueryData(preferences.queryKey);
  if (known) {
    void ask(known);
    return null;
  }
  void ask(expectedParcelListPreferences(shopId));
  void queryClient
    .fetchQuery(preferences)
    .then(ask)
    // A failed call is the page's to show (its own query has the error); nothing to do here.
    .catch(() => undefined);
  return null;
}

/**
 * The booking form: the shop's active pickup locations (the form shows once they are in) and the
 * parcel categories (its category field), together.
 */
export function bookParcelLoader(): null {
  const shopId = signedInShop()?.shopId;
  if (!shopId) return null;
  void queryClient.prefetchQuery(pickupLocationsQueryOptions(shopId, { status: 'active' }));
  void queryClient.prefetchQuery(parcelCategoriesQueryOptions);
  return null;
}
