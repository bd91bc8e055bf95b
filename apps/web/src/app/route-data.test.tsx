import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { shopsQueryKey } from '../features/shops/api/list-shops';
import { clearAuth, setAuth } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { setSelectedShopId } from '../lib/selected-shop';
import { HttpResponse, http, recordRequests, server } from '../test/api';
import { dashboardLoader, merchantShellLoader } from './route-data';

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
