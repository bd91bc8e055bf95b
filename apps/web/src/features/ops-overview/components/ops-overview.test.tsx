import {
  type HubOverview,
  type OpsOverview as OpsOverviewBody,
  opsOverviewSchema,
} from '@dak/domain/ops-overview';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { OpsOverview } from './ops-overview';

const zero = {
  waiting: { toSort: 0, toDeliver: 0, returnsToSend: 0, returnsToHandBack: 0 },
  pickupsUnassigned: { pickups: 0, parcels: 0 },
  runsToday: { runs: 0, parcels: 0, done: 0 },
  failedAwaitingMerchant: 0,
  reattemptRequests: 0,
  pastPromise: 0,
  riderCash: { riders: 0, amount: 0 },
};
const hub = (id: string, en: string, bn: string, figures: Partial<HubOverview> = {}): HubOverview => ({
  hub: { id, name: { en, bn } },
  ...zero,
  ...figures,
});

/** The route's shape, as the server test checks it: Gulshan busy, Mirpur and Uttara quiet. */
const overview = opsOverviewSchema.parse({
  today: '2026-11-25',
  pickupDay: '2026-11-25',
  hubs: [
    hub('hub-dhaka-gulshan', 'Gulshan hub', 'গুলশান হাব', {
      waiting: { toSort: 0, toDeliver: 1234, returnsToSend: 1, returnsToHandBack: 0 },
      runsToday: { runs: 1, parcels: 3, done: 2 },
      failedAwaitingMerchant: 2,
      reattemptRequests: 1,
      pastPromise: 1,
      riderCash: { riders: 1, amount: 1250 },
    }),
    hub('hub-dhaka-mirpur', 'Mirpur hub', 'মিরপুর হাব'),
    hub('hub-dhaka-uttara', 'Uttara hub', 'উত্তরা হাব'),
  ],
});

function answer(body: OpsOverviewBody = overview) {
  const requests = recordRequests();
  server.use(http.get('/api/v1/ops/overview', () => HttpResponse.json(body)));
  return () => requests.filter((r) => r.url.pathname === '/api/v1/ops/overview').length;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the operations overview', () => {
  it('shows a card for each hub with work, each figure a link to the screen that acts on it', async () => {
    answer();
    const { location } = renderWithApp(<OpsOverview />, { url: '/ops' });
    const card = await screen.findByTestId('hub-card-hub-dhaka-gulshan');
    expect(within(card).getByRole('heading', { name: 'Gulshan hub' })).toBeTruthy();
    const toDeliver = screen.getByTestId('figure-toDeliver-hub-dhaka-gulshan');
    expect(within(toDeliver).getByText('1,234')).toBeTruthy();
    expect(toDeliver.getAttribute('href')).toBe('/ops/runs?hub=hub-dhaka-gulshan');
    expect(screen.getByTestId('figure-toSort-hub-dhaka-gulshan').getAttribute('href')).toBe(
      '/ops/hub-scan?hub=hub-dhaka-gulshan&step=bag',
    );
    expect(screen.getByTestId('figure-pickupsUnassigned-hub-dhaka-gulshan').getAttribute('href')).toBe(
      '/ops/pickups?hub=hub-dhaka-gulshan',
    );
    expect(screen.getByTestId('figure-reattemptRequests-hub-dhaka-gulshan').getAttribute('href')).toBe(
      '/ops/returns',
    );
    expect(
      within(screen.getByTestId('figure-runsToday-hub-dhaka-gulshan')).getByText('2/3 done'),
    ).toBeTruthy();
    expect(screen.getByTestId('figure-pastPromise-hub-dhaka-gulshan').className).toContain(
      'hub-figure--warning',
    );
    // Quiet hubs get no card, only their names.
    expect(screen.queryByTestId('hub-card-hub-dhaka-mirpur')).toBeNull();
    expect(screen.getByText('Nothing is waiting at Mirpur hub, Uttara hub.')).toBeTruthy();

    const cash = screen.getByTestId('figure-riderCash-hub-dhaka-gulshan');
    expect(within(cash).getByText('৳1,250')).toBeTruthy();
    await userEvent.click(cash);
    await waitFor(() =>
      expect(`${location().pathname}${location().search}`).toBe('/ops/cash?hub=hub-dhaka-gulshan'),
    );
  });

  it('writes the figures in Bengali digits in Bengali', async () => {
    answer();
    await i18n.changeLanguage('bn');
    renderWithApp(<OpsOverview />, { url: '/ops' });
    const toDeliver = await screen.findByTestId('figure-toDeliver-hub-dhaka-gulshan');
    expect(within(toDeliver).getByText('১,২৩৪')).toBeTruthy();
    expect(within(screen.getByTestId('figure-riderCash-hub-dhaka-gulshan')).getByText('৳১,২৫০')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'গুলশান হাব' })).toBeTruthy();
  });

  it('says so when nothing waits, and when the staff member has no hub', async () => {
    answer({ ...overview, hubs: [hub('hub-dhaka-mirpur', 'Mirpur hub', 'মিরপুর হাব')] });
    const first = renderWithApp(<OpsOverview />, { url: '/ops' });
    expect(await screen.findByText('Nothing is waiting at Mirpur hub right now.')).toBeTruthy();
    first.unmount();
    answer({ ...overview, hubs: [] });
    renderWithApp(<OpsOverview />, { url: '/ops' });
    expect(await screen.findByText(/You do not work in any hub yet/)).toBeTruthy();
  });

  it('asks again when the window gets focus', async () => {
    const asked = answer();
    renderWithApp(<OpsOverview />, { url: '/ops' });
    await screen.findByTestId('hub-card-hub-dhaka-gulshan');
    expect(asked()).toBe(1);
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(asked()).toBe(2));
  });
});
