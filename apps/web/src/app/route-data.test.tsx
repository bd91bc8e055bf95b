import { defaultParcelListPreferences } from '@dak/domain/parcel-list';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { parcelsQueryOptions } from '../features/parcels/api/list-parcels';
import { pickupLocationsQueryOptions } from '../features/pickup-locations/api/list-pickup-locations';
import { shopsQueryKey } from '../features/shops/api/list-shops';
import { clearAuth, setAuth } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { setSelectedShopId } from '../lib/selected-shop';
import { endSession } from '../lib/session';
import { HttpResponse, http, recordRequests, server } from '../test/api';
import { bookParcelLoader, dashboardLoader, merchantShellLoader, parcelsLoader } from './route-data';

const shopId = '00000000-0000-4000-8000-000000000001';
const dashboardUrl = 'http://localhost/dashboard?since=2026-11-01&until=2026-11-15&pickup=p-1';

/** Every API call waits until `open()`: what the loaders start, they start before any answer. */
function holdAnswers() {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  server.use(
    http.all('*/api/v1/*', async () => {
      await gate;
      return HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'not here' } }, { status: 404 });
    }),
  );
  return { open, requests: recordRequests() };
}

const load = (url: string) => {
  merchantShellLoader();
  dashboardLoader({ request: new Request(url), params: {}, context: undefined } as Parameters<
    typeof dashboardLoader
  >[0]);
};

afterEach(() => {
  queryClient.clear();
  clearAuth();
  setSelectedShopId(null);
});

describe('the panel routes’ loaders (issue 16: the cold visit’s waterfall)', () => {
  it('ask for the shop list, the kept shop’s permissions, the user and the figures all at once', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    setSelectedShopId(shopId);
    const { open, requests } = holdAnswers();
    load(dashboardUrl);
    // All four are on their way while none has been answered.
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    const asked = requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`).sort();
    expect(asked).toEqual([
      'GET /api/v1/me',
      'GET /api/v1/shops',
      `GET /api/v1/shops/${shopId}/dashboard?since=2026-11-01&until=2026-11-15&pickupLocationId=p-1`,
      `POST /api/v1/shops/${shopId}/select`,
    ]);
    // The figures are cached under the key the page reads for the address's range and location.
    const key = dashboardQueryOptions(shopId, {
      since: '2026-11-01',
      until: '2026-11-15',
      pickupLocationId: 'p-1',
    }).queryKey;
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    open();
  });

  it('ask for nothing signed out, and nothing of a shop when none is kept', async () => {
    const signedOut = holdAnswers();
    load(dashboardUrl);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signedOut.requests).toHaveLength(0);
    signedOut.open();

    setAuth({ kind: 'user', token: 'token-1' });
    const noShop = holdAnswers();
    load('http://localhost/dashboard');
    await vi.waitFor(() => expect(noShop.requests).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(noShop.requests.map((r) => r.url.pathname).sort()).toEqual(['/api/v1/me', '/api/v1/shops']);
    noShop.open();
  });

  it('leave the shop list the shop state already holds: a later page does not ask again', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    queryClient.setQueryData(shopsQueryKey, { items: [] });
    const { open, requests } = holdAnswers();
    merchantShellLoader();
    dashboardLoader({ request: new Request(dashboardUrl), params: {}, context: undefined } as Parameters<
      typeof dashboardLoader
    >[0]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/v1/me']);
    open();
  });
});

const route = { params: {}, context: undefined };
const loadParcels = (url: string) => {
  merchantShellLoader();
  parcelsLoader({ request: new Request(url), ...route } as Parameters<typeof parcelsLoader>[0]);
};
const asked = (requests: ReturnType<typeof recordRequests>) =>
  requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`).sort();

describe('the parcel list’s and the booking form’s loaders (issue 16)', () => {
  it('ask for the list’s page of the address at once, then again if the preferences differ', async () => {
    const listShop = '00000000-0000-4000-8000-000000000002';
    setAuth({ kind: 'user', token: 'token-1' });
    setSelectedShopId(listShop);
    // The user keeps 50 a page, oldest first: the answer comes, every other call is held.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const saved = { ...defaultParcelListPreferences, pageSize: 50, sort: 'createdAt:asc', saved: true };
    server.use(
      http.get('*/api/v1/shops/:shopId/parcel-list-preferences', () => HttpResponse.json(saved)),
      http.all('*/api/v1/*', async () => {
        await gate;
        return HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'not here' } }, { status: 404 });
      }),
    );
    const requests = recordRequests();
    const api = `/api/v1/shops/${listShop}`;
    loadParcels('http://localhost/parcels?group=done&page=2&q=%20Rafiq%20&payment=nonsense');

    // At once: this browser has read no preferences for the shop yet, so the defaults (20 a page).
    const guessed = `GET ${api}/parcels?limit=20&offset=20&statusGroup=done&q=Rafiq&sort=createdAt%3Adesc`;
    const answered = `GET ${api}/parcels?limit=50&offset=50&statusGroup=done&q=Rafiq&sort=createdAt%3Aasc`;
    await vi.waitFor(() => expect(asked(requests)).toContain(answered));
    expect(asked(requests)).toEqual([
      'GET /api/v1/shops',
      `GET ${api}/parcel-list-preferences`,
      guessed,
      answered,
      `POST ${api}/select`,
    ]);
    // The page's key for the answer's filters is the one being fetched.
    const filter = {
      statusGroup: 'done',
      status: undefined,
      excludeStatus: undefined,
      paymentStatus: undefined,
      from: undefined,
      to: undefined,
      q: 'Rafiq',
      offset: 50,
      limit: 50,
      sort: 'createdAt:asc',
    } as const;
    expect(queryClient.getQueryState(parcelsQueryOptions(listShop, filter).queryKey)?.fetchStatus).toBe(
      'fetching',
    );

    // The next cold visit asks with the preferences this browser read last: one page, at once.
    queryClient.clear();
    const again = holdAnswers();
    loadParcels('http://localhost/parcels');
    await vi.waitFor(() => expect(again.requests).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked(again.requests)).toEqual([
      'GET /api/v1/shops',
      `GET ${api}/parcel-list-preferences`,
      `GET ${api}/parcels?limit=50&offset=0&sort=createdAt%3Aasc`,
      `POST ${api}/select`,
    ]);
    open();
    again.open();

    // Signing out forgets them: whoever signs in next on this browser starts from the defaults.
    endSession();
    expect(localStorage.getItem('dak.parcelListPreferences')).toBeNull();
    setAuth({ kind: 'user', token: 'token-2' });
    setSelectedShopId(listShop);
    const next = holdAnswers();
    loadParcels('http://localhost/parcels');
    await vi.waitFor(() => expect(next.requests).toHaveLength(4));
    expect(asked(next.requests)).toContain(`GET ${api}/parcels?limit=20&offset=0&sort=createdAt%3Adesc`);
    next.open();
  });

  it('ask for the booking form’s pickup locations and categories with the shop’s calls', async () => {
    setAuth({ kind: 'user', token: 'token-1' });
    setSelectedShopId(shopId);
    const { open, requests } = holdAnswers();
    merchantShellLoader();
    bookParcelLoader();
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    expect(asked(requests)).toEqual([
      'GET /api/v1/parcel-categories',
      'GET /api/v1/shops',
      `GET /api/v1/shops/${shopId}/pickup-locations?limit=100&status=active`,
      `POST /api/v1/shops/${shopId}/select`,
    ]);
    // Under the key the page reads.
    const key = pickupLocationsQueryOptions(shopId, { status: 'active' }).queryKey;
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    open();
  });

  it('ask for nothing of a shop signed out or with no shop kept', async () => {
    const { open, requests } = holdAnswers();
    loadParcels('http://localhost/parcels');
    bookParcelLoader();
    setAuth({ kind: 'user', token: 'token-1' });
    parcelsLoader({ request: new Request('http://localhost/parcels'), ...route } as Parameters<
      typeof parcelsLoader
    >[0]);
    bookParcelLoader();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(0);
    open();
  });
});
