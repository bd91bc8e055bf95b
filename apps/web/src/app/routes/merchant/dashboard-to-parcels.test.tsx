import { dashboardSchema } from '@dak/domain/dashboard';
import { defaultParcelListPreferences, type ParcelListPreferences } from '@dak/domain/parcel-list';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardOverview } from '../../../features/dashboard/components/dashboard-overview';
import { ParcelListView } from '../../../features/parcels/components/parcel-list-view';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';

const shopId = '00000000-0000-4000-8000-000000000001';
const base = `/api/v1/shops/${shopId}`;
const separate: ParcelListPreferences = { ...defaultParcelListPreferences, prepaymentPreference: 'separate' };

const counts = Object.fromEntries(
  [
    'pickup_pending',
    'pickup_hold',
    'at_sorting',
    'in_transit',
    'at_delivery_hub',
    'out_for_delivery',
    'delivery_attempted',
    'delivered',
    'return_at_delivery_hub',
    'return_in_transit',
    'at_return_hub',
    'out_for_return',
    'returned',
  ].map((status, i) => [status, i + 1]),
);

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

/** The list's requests (not the tab counts'), as their query parameters. */
function answerParcels() {
  const requests = recordRequests();
  server.use(
    http.get(`${base}/parcels`, () => HttpResponse.json({ items: [], count: 0 })),
    // The range asked for, as the server answers it.
    http.get(`${base}/dashboard`, ({ request }) =>
      HttpResponse.json(
        dashboardSchema.parse({
          since: new URL(request.url).searchParams.get('since'),
          until: new URL(request.url).searchParams.get('until'),
          counts,
          successRate: 50,
          returnRate: 50,
          series: [],
          needsAction: { failedAttempts: [], failedAttemptCount: 0, pickupsOnHold: 0, bouncedPayment: false },
        }),
      ),
    ),
  );
  return () =>
    requests
      .filter((r) => r.url.pathname === `${base}/parcels` && r.url.searchParams.get('limit') !== '1')
      .map((r) => r.url.searchParams);
}

function app(preferences: ParcelListPreferences) {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardOverview shopId={shopId} pickupLocations={[]} />} />
      <Route
        path="/parcels"
        element={
          <ParcelListView
            shopId={shopId}
            canCreate={false}
            preferences={preferences}
            printLabels={() => null}
          />
        }
      />
    </Routes>
  );
}

describe('the parcel list opened from a dashboard count', () => {
  it('lists that stage of the range: the count clicked on the dashboard is the list asked for', async () => {
    const listed = answerParcels();
    const user = userEvent.setup();
    const { location } = renderWithApp(app(defaultParcelListPreferences), {
      url: '/dashboard?since=2026-11-01&until=2026-11-15',
    });
    await user.click(await screen.findByTestId('count-out_for_delivery'));
    await waitFor(() => expect(location().pathname).toBe('/parcels'));
    await waitFor(() => expect(listed().length).toBeGreaterThan(0));
    const query = listed()[0];
    expect(query?.get('statusGroup')).toBe('forward_in_progress');
    expect(query?.get('status')).toBe('out_for_delivery');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.get('to')).toBe('2026-11-15');
    expect(screen.getByTestId('status-filter').textContent).toContain('Out for delivery');
  });

  it('shows held parcels asked for by name even when they are kept separate, and drops the stage on request', async () => {
    const listed = answerParcels();
    const user = userEvent.setup();
    const { location } = renderWithApp(app(separate), {
      url: '/parcels?group=pickup&status=pickup_hold&from=2026-11-01&to=2026-11-15',
    });
    await waitFor(() => expect(listed().length).toBeGreaterThan(0));
    const query = listed()[0];
    expect(query?.get('status')).toBe('pickup_hold');
    expect(query?.has('excludeStatus')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show every stage' }));
    await waitFor(() => expect(location().searchParams.has('status')).toBe(false));
    expect(location().searchParams.get('group')).toBe('pickup');
    await waitFor(() => {
      const last = listed().at(-1);
      expect(last?.has('status')).toBe(false);
      // Without a stage named, held parcels are left out of the Pickup tab again.
      expect(last?.get('excludeStatus')).toBe('pickup_hold');
    });
  });

  it('ignores a stage that is not one', async () => {
    const listed = answerParcels();
    renderWithApp(app(defaultParcelListPreferences), { url: '/parcels?status=nonsense' });
    await waitFor(() => expect(listed().length).toBeGreaterThan(0));
    expect(listed()[0]?.has('status')).toBe(false);
    expect(screen.queryByTestId('status-filter')).toBeNull();
  });
});
