import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Dashboard, dashboardSchema } from '@dak/domain/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { HttpResponse, http, recordRequests, server } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { byStatusConfig, perDayConfig } from './dashboard-charts';
import { DashboardOverview, loadDashboardCharts } from './dashboard-overview';

const shopId = '00000000-0000-4000-8000-000000000001';
const dashboardUrl = `/api/v1/shops/${shopId}/dashboard`;

const noAction: Dashboard['needsAction'] = {
  failedAttempts: [],
  failedAttemptCount: 0,
  pickupsOnHold: 0,
  bouncedPayment: false,
};

/** The contract's shape and nothing more: what the server promises. */
function aDashboard(since: string, until: string, needsAction = noAction): Dashboard {
  return dashboardSchema.parse({
    since,
    until,
    needsAction,
    counts: {
      pickup_pending: 12,
      pickup_hold: 2,
      at_sorting: 1234,
      in_transit: 4,
      at_delivery_hub: 5,
      out_for_delivery: 6,
      delivery_attempted: 3,
      delivered: 80,
      return_at_delivery_hub: 1,
      return_in_transit: 0,
      at_return_hub: 2,
      out_for_return: 1,
      returned: 16,
    },
    successRate: 80,
    returnRate: 20,
    lastDaySorting: { date: until, received: 7, sentOn: 5 },
    series: [
      { date: since, booked: 10, delivered: 4 },
      { date: until, booked: 7, delivered: 9 },
    ],
  });
}

/** The API answers the dashboard for whatever range it is asked; the requests are kept. */
function answerDashboard(needsAction = noAction) {
  const requests = recordRequests();
  server.use(
    http.get(dashboardUrl, ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(
        aDashboard(url.searchParams.get('since') ?? '', url.searchParams.get('until') ?? '', needsAction),
      );
    }),
  );
  return () => requests.filter((r) => r.url.pathname === dashboardUrl).map((r) => r.url.searchParams);
}

/** The dashboard with a button that takes it off the page, as leaving for another page does. */
function Leaving() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(false)}>
        Leave
      </button>
      {shown ? <DashboardOverview shopId={shopId} pickupLocations={[]} /> : null}
    </>
  );
}

// jsdom draws no canvas (and says so on every chart): the charts are checked by their text alternative.
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
  // user-event's arrow keys find a radio's group by CSS.escape(name), which jsdom lacks (React's
  // useId names have colons).
  if (!window.CSS?.escape) {
    Object.assign(window, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) } });
  }
});

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('the dashboard overview', () => {
  it('shows the counts by stage, each linking to the parcel list with its stage and the range', async () => {
    const asked = answerDashboard();
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    const sorting = await screen.findByTestId('count-at_sorting');
    expect(within(sorting).getByText('At sorting')).toBeTruthy();
    expect(within(sorting).getByText('1,234')).toBeTruthy();
    expect(sorting.getAttribute('href')).toBe(
      '/parcels?group=forward_in_progress&status=at_sorting&from=2026-11-01&to=2026-11-10',
    );
    expect(screen.getByTestId('count-pickup_hold').getAttribute('href')).toBe(
      '/parcels?group=pickup&status=pickup_hold&from=2026-11-01&to=2026-11-10',
    );
    expect(screen.getByTestId('count-returned').getAttribute('href')).toBe(
      '/parcels?group=returned&status=returned&from=2026-11-01&to=2026-11-10',
    );
    expect(screen.getByTestId('count-delivery_attempted').className).toContain('stage-count--warning');
    // Both rates are the server's.
    expect(within(screen.getByTestId('success-rate')).getByText('80%')).toBeTruthy();
    expect(within(screen.getByTestId('return-rate')).getByText('20%')).toBeTruthy();
    const params = asked()[0];
    expect(params?.get('since')).toBe('2026-11-01');
    expect(params?.get('until')).toBe('2026-11-10');
    expect(params?.has('pickupLocationId')).toBe(false);
  });

  it('counts in Bengali digits in the Bengali panel', async () => {
    answerDashboard();
    await i18n.changeLanguage('bn');
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    const sorting = await screen.findByTestId('count-at_sorting');
    expect(within(sorting).getByText('১,২৩৪')).toBeTruthy();
    expect(within(screen.getByTestId('success-rate')).getByText('৮০%')).toBeTruthy();
  });

  it('asks for the last 15 whole days by default: today, still running, left out (Dhaka time)', async () => {
    // 01:30 on 26 November in Dhaka, still the 25th in UTC: the range ends on the 25th all the same.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T19:30:00Z'));
    const asked = answerDashboard();
    const { location } = renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard',
    });
    await screen.findByTestId('count-at_sorting');
    const params = asked()[0];
    expect(params?.get('since')).toBe('2026-11-11');
    expect(params?.get('until')).toBe('2026-11-25');
    expect(screen.getByTestId('dashboard-range').textContent).toBe(
      'Parcels booked from 11 November 2026 to 25 November 2026',
    );
    expect(screen.getByTestId('count-delivered').getAttribute('href')).toContain(
      'from=2026-11-11&to=2026-11-25',
    );
    // The default keeps the address clean; its preset is the one shown.
    expect(location().search).toBe('');
    expect(screen.getByRole('radio', { name: 'Last 15 days' })).toHaveProperty('checked', true);
  });

  it('takes a custom range from the two date inputs, no later than today in Dhaka', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    const asked = answerDashboard();
    const { location } = renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard',
    });
    await screen.findByTestId('count-at_sorting');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect(from.value).toBe('2026-11-11');
    expect(to.max).toBe('2026-11-26');
    fireEvent.change(from, { target: { value: '2026-11-03' } });
    await waitFor(() => expect(location().searchParams.get('since')).toBe('2026-11-03'));
    expect(location().searchParams.get('until')).toBe('2026-11-25');
    // A date typed halfway (an empty value) leaves the range as it is.
    fireEvent.change(to, { target: { value: '' } });
    expect(location().searchParams.get('until')).toBe('2026-11-25');
    await waitFor(() => expect(asked().at(-1)?.get('since')).toBe('2026-11-03'));
    // No preset is checked, and the group says why.
    const presets = screen.getByRole('radiogroup', { name: 'Date range' });
    expect(
      within(presets)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toEqual([]);
    expect(presets.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(presets.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Custom dates',
    );
  });

  it('writes a preset and the pickup location to the address and asks for them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    const asked = answerDashboard();
    const user = userEvent.setup();
    const pickup = '30000000-0000-4000-8000-000000000002';
    const { location } = renderWithApp(
      <DashboardOverview
        shopId={shopId}
        pickupLocations={[
          { id: '30000000-0000-4000-8000-000000000001', name: 'Mirpur shop' },
          { id: pickup, name: 'Uttara store' },
        ]}
      />,
      { url: '/dashboard' },
    );
    await screen.findByTestId('count-at_sorting');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(location().searchParams.get('since')).toBe('2026-11-19'));
    expect(location().searchParams.get('until')).toBe('2026-11-25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pickup location' }), 'Uttara store');
    await waitFor(() => expect(location().searchParams.get('pickup')).toBe(pickup));
    await waitFor(() => {
      const last = asked().at(-1);
      expect(last?.get('since')).toBe('2026-11-19');
      expect(last?.get('pickupLocationId')).toBe(pickup);
    });
  });

  it('shows a new range at once, and each figure with the range it counts until the new ones come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    // The last 7 days' figures are held back until the test lets them go.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(dashboardUrl, async ({ request }) => {
        const url = new URL(request.url);
        const since = url.searchParams.get('since') ?? '';
        const until = url.searchParams.get('until') ?? '';
        if (since !== '2026-11-19') return HttpResponse.json(aDashboard(since, until));
        await held;
        return HttpResponse.json({
          ...aDashboard(since, until),
          counts: { ...aDashboard(since, until).counts, at_sorting: 7 },
          series: [{ date: until, booked: 3, delivered: 1 }],
        });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    await screen.findByTestId('chart-per-day');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    // The control and the range line show the choice; the figures still show the range they count.
    expect(screen.getByTestId('dashboard-range').textContent).toBe(
      'Parcels booked from 19 November 2026 to 25 November 2026',
    );
    expect(screen.getByRole('radio', { name: 'Last 7 days', checked: true })).toBeTruthy();
    const sorting = screen.getByTestId('count-at_sorting');
    expect(within(sorting).getByText('1,234')).toBeTruthy();
    expect(sorting.getAttribute('href')).toContain('from=2026-11-01&to=2026-11-10');
    expect(sorting.closest('.dashboard-overview__body')?.className).toContain('is-stale');
    expect(screen.getByTestId('chart-per-day').getAttribute('aria-label')).toBe(
      '17 parcels booked and 13 delivered in this range',
    );
    release();
    // The new figures, their links and both charts, together.
    await waitFor(() => expect(within(screen.getByTestId('count-at_sorting')).getByText('7')).toBeTruthy());
    expect(screen.getByTestId('count-at_sorting').getAttribute('href')).toContain(
      'from=2026-11-19&to=2026-11-25',
    );
    await waitFor(() =>
      expect(screen.getByTestId('chart-per-day').getAttribute('aria-label')).toBe(
        '3 parcels booked and 1 delivered in this range',
      ),
    );
    expect(screen.getByTestId('chart-by-status').getAttribute('aria-label')).toContain('At sorting: 7');
    expect(
      screen.getByTestId('count-at_sorting').closest('.dashboard-overview__body')?.className,
    ).not.toContain('is-stale');
  });

  it('drops a choice not yet written to the address when the page is left', async () => {
    answerDashboard();
    const { location } = renderWithApp(<Leaving />, { url: '/dashboard?since=2026-11-01&until=2026-11-10' });
    await screen.findByTestId('count-at_sorting');
    // The choice and leaving in the same moment, before the next frame.
    fireEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(location().search).toBe('?since=2026-11-01&until=2026-11-10');
  });

  it('offers the presets as one radio group: Tab reaches the chosen one, the arrows choose', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    const asked = answerDashboard();
    const user = userEvent.setup();
    const { location } = renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard',
    });
    await screen.findByTestId('count-at_sorting');
    const presets = screen.getByRole('radiogroup', { name: 'Date range' });
    const radios = within(presets).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Today',
      'Last 7 days',
      'Last 15 days',
      'Last 30 days',
      'This month',
      'Last month',
    ]);
    // Only the chosen one is checked (what a screen reader announces), and no custom pill shows.
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toEqual([
      screen.getByRole('radio', { name: 'Last 15 days' }),
    ]);
    expect(within(presets).queryByText('Custom dates')).toBeNull();
    expect(presets.hasAttribute('aria-describedby')).toBe(false);
    // One tab stop: Tab lands on the chosen preset, not the first.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Last 15 days' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Last 30 days' }));
    expect(screen.getByRole('radio', { name: 'Last 30 days', checked: true })).toBeTruthy();
    expect(screen.getByTestId('dashboard-range').textContent).toBe(
      'Parcels booked from 27 October 2026 to 25 November 2026',
    );
    await waitFor(() => expect(location().searchParams.get('since')).toBe('2026-10-27'));
    await waitFor(() => expect(asked().at(-1)?.get('since')).toBe('2026-10-27'));
    // The next Tab leaves the group for the first date.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('From'));
  });

  it('names the presets in Bengali, with Bengali digits', async () => {
    answerDashboard();
    await i18n.changeLanguage('bn');
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    await screen.findByTestId('count-at_sorting');
    const presets = screen.getByRole('radiogroup', { name: 'তারিখের সীমা' });
    expect(within(presets).getByRole('radio', { name: 'গত ৭ দিন' })).toBeTruthy();
    expect(within(presets).getByText('নিজের বাছাই করা তারিখ')).toBeTruthy();
    // The dates in the page's words over the browser's mm/dd/yyyy.
    expect(screen.getByText('১ নভেম্বর ২০২৬')).toBeTruthy();
  });

  it('draws the charts from a module loaded on its own', async () => {
    answerDashboard();
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    const perDay = await screen.findByTestId('chart-per-day');
    expect(perDay.getAttribute('aria-label')).toBe('17 parcels booked and 13 delivered in this range');
    expect(screen.getByTestId('chart-by-status').getAttribute('aria-label')).toContain('At sorting: 1,234');
    const module = await loadDashboardCharts();
    expect(typeof module.default).toBe('function');
  });
});

describe('what needs the merchant now', () => {
  const hour = 3_600_000;
  const waiting = (trackingId: string, hoursLeft: number) => ({
    parcelId: `${trackingId}-id`,
    trackingId,
    autoReturnAt: new Date(Date.now() + hoursLeft * hour + 90_000),
  });

  it('lists failed deliveries with the time left, held pickups and a bounced payment, each linking on', async () => {
    answerDashboard({
      failedAttempts: [waiting('DK2345678AB', 5), waiting('DK2345678CD', 0.5)],
      failedAttemptCount: 3,
      pickupsOnHold: 2,
      bouncedPayment: true,
    });
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    const panel = await screen.findByTestId('needs-action');
    const failed = within(panel).getByRole('link', { name: '3 failed deliveries wait for your decision' });
    expect(failed.getAttribute('href')).toBe('/returned-parcels?view=attempted');
    const first = within(panel).getByRole('link', { name: /DK2345678AB/ });
    expect(first.textContent).toContain('Returns in 5 h');
    expect(first.getAttribute('href')).toBe('/returned-parcels?view=attempted&q=DK2345678AB');
    expect(within(panel).getByRole('link', { name: /DK2345678CD/ }).textContent).toContain(
      'Returns in 31 min',
    );
    expect(within(panel).getByRole('link', { name: 'and 1 more' })).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: '2 pickups on hold: prepayment needed' }).getAttribute('href'),
    ).toBe('/parcels?group=pickup&status=pickup_hold');
    expect(
      within(panel).getByRole('link', { name: 'A payment bounced: see Payments' }).getAttribute('href'),
    ).toBe('/payments');
  });

  it('says the time left in Bengali', async () => {
    answerDashboard({ ...noAction, failedAttempts: [waiting('DK2345678AB', 5)], failedAttemptCount: 1 });
    await i18n.changeLanguage('bn');
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    const panel = await screen.findByTestId('needs-action');
    expect(within(panel).getByText('আপনার পদক্ষেপ দরকার')).toBeTruthy();
    expect(within(panel).getByText('১টি ব্যর্থ ডেলিভারি আপনার সিদ্ধান্তের অপেক্ষায়')).toBeTruthy();
    expect(within(panel).getByText('৫ ঘণ্টা পর রিটার্ন হবে')).toBeTruthy();
  });

  it('shows last day’s sorting: received and sent on', async () => {
    answerDashboard();
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    const sorting = await screen.findByTestId('last-sorting');
    expect(within(sorting).getByText('10 November 2026')).toBeTruthy();
    expect(within(screen.getByTestId('sorting-received')).getByText('7')).toBeTruthy();
    expect(within(screen.getByTestId('sorting-sent-on')).getByText('5')).toBeTruthy();
  });

  it('is not there when nothing waits', async () => {
    answerDashboard();
    renderWithApp(<DashboardOverview shopId={shopId} pickupLocations={[]} />, {
      url: '/dashboard?since=2026-11-01&until=2026-11-10',
    });
    await screen.findByTestId('count-at_sorting');
    expect(screen.queryByTestId('needs-action')).toBeNull();
  });
});

describe('the charts in Bengali', () => {
  type Tick = { ticks: { callback: (value: number) => string } };
  type Callbacks = {
    label: (item: unknown) => string;
    title?: (items: unknown[]) => string;
  };
  type Config = ReturnType<typeof perDayConfig>;
  const axis = (config: Config, name: 'x' | 'y') => (config.options?.scales?.[name] ?? {}) as unknown as Tick;
  const tooltipOf = (config: Config) =>
    (config.options?.plugins?.tooltip?.callbacks ?? {}) as unknown as Callbacks;
  const dashboard = aDashboard('2026-11-24', '2026-11-25');

  it('writes dates, axis counts and tooltips in Bengali digits', () => {
    const config = perDayConfig(dashboard.series, i18n.getFixedT('bn'), 'bn');
    expect(config.data.labels).toEqual(['২৪/১১', '২৫/১১']);
    expect(axis(config, 'y').ticks.callback(1500)).toBe('১,৫০০');
    const tooltip = tooltipOf(config);
    expect(tooltip.label({ dataset: { label: config.data.datasets[0]?.label }, parsed: { y: 12 } })).toBe(
      `${config.data.datasets[0]?.label}: ১২`,
    );
    // And Latin digits in English.
    const english = perDayConfig(dashboard.series, i18n.getFixedT('en'), 'en');
    expect(english.data.labels).toEqual(['24/11', '25/11']);
    expect(axis(english, 'y').ticks.callback(1500)).toBe('1,500');
  });

  it('counts each stage in Bengali digits, its tooltip naming the stage whole', () => {
    const config = byStatusConfig(dashboard.counts, i18n.getFixedT('bn'), 'bn');
    expect(axis(config, 'x').ticks.callback(1234)).toBe('১,২৩৪');
    const tooltip = tooltipOf(config);
    expect(tooltip.label({ parsed: { x: 80 } })).toBe('৮০');
    // The first stage's name is on two lines beside its bar, on one in the tooltip (no comma).
    const name = i18n.getFixedT('bn')('parcels.statuses.pickup_pending');
    expect(((config.data.labels?.[0] ?? []) as string[]).join(' ')).toBe(name);
    expect(tooltip.title?.([{ dataIndex: 0 }])).toBe(name);
  });
});

describe('the chart library', () => {
  // Chart.js stays out of the main bundle: only the charts module imports it, and that module is
  // reached only through a dynamic import(), which Vite splits into its own chunk.
  const root = join(__dirname, '..', '..', '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    );

  it('is imported by the dashboard charts module alone', () => {
    const importers = sources(root).filter((file) => /from ['"]chart\.js/.test(readFileSync(file, 'utf8')));
    expect(importers.map((file) => file.slice(root.length + 1))).toEqual([
      'features/dashboard/components/dashboard-charts.tsx',
    ]);
  });

  it('is reached only through a dynamic import', () => {
    const importers = sources(root).filter((file) =>
      /['"]\.{1,2}\/[\w./-]*dashboard-charts['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => file.slice(root.length + 1))).toEqual([
      'features/dashboard/components/dashboard-overview.tsx',
    ]);
    const overview = readFileSync(join(root, 'features/dashboard/components/dashboard-overview.tsx'), 'utf8');
    expect(overview).toMatch(/import\(\s*'\.\/dashboard-charts'\s*\)/);
    expect(overview).not.toMatch(/^import[^;]*dashboard-charts/m);
  });
});
