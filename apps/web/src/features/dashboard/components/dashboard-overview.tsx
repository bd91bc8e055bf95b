import { dhakaDate } from '@dak/domain/delivery-runs';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { Button } from '../../../components/light/button';
import { Skeleton } from '../../../components/light/skeleton';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDashboard } from '../api/get-dashboard';
import { type DashboardPreset, dashboardPresets, useDashboardRange } from '../hooks/use-dashboard-range';
import { DashboardRates } from './dashboard-rates';
import { LastDaySorting } from './last-day-sorting';
import { NeedsActionPanel } from './needs-action';
import { StageCounts } from './stage-counts';
import './dashboard.css';

/** Chart.js comes with this import only: the dashboard's counts show before it arrives. */
export const loadDashboardCharts = () =>
  import('./dashboard-charts').then((module) => ({ default: module.DashboardCharts }));
const DashboardCharts = lazy(loadDashboardCharts);

export type PickupOption = { id: string; name: string };

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The range (presets and custom) and the pickup location, written to the address. Native
 * controls (a select, two date inputs): the phone's own pickers, and no antd on the dashboard
 * (issue 16).
 */
function DashboardFilters({
  state,
  pickupLocations,
}: {
  state: ReturnType<typeof useDashboardRange>;
  pickupLocations: PickupOption[];
}) {
  const { t } = useTranslation();
  const { range, preset } = state;
  const today = dhakaDate(new Date());
  const setDay = (end: 'since' | 'until', value: string) => {
    // A date typed halfway is empty: the range changes once the date is whole.
    if (isDate(value)) state.setRange({ ...range, [end]: value });
  };
  return (
    <div className="dashboard-filters">
      <select
        className="light-control dashboard-filters__preset"
        aria-label={t('dashboard.range.label')}
        value={preset ?? 'custom'}
        onChange={(event) => {
          const value = event.target.value as DashboardPreset | 'custom';
          if (value !== 'custom') state.setPreset(value);
        }}
      >
        {dashboardPresets.map((p) => (
          <option key={p} value={p}>
            {t(`dashboard.range.${p}`)}
          </option>
        ))}
        <option value="custom" disabled>
          {t('dashboard.range.custom')}
        </option>
      </select>
      <fieldset className="dashboard-filters__dates">
        <legend className="visually-hidden">{t('dashboard.range.dates')}</legend>
        <label className="dashboard-filters__date">
          <span className="dashboard-filters__date-label">{t('dashboard.range.from')}</span>
          <input
            type="date"
            className="light-control"
            value={range.since}
            max={today}
            required
            onChange={(event) => setDay('since', event.target.value)}
          />
        </label>
        <label className="dashboard-filters__date">
          <span className="dashboard-filters__date-label">{t('dashboard.range.to')}</span>
          <input
            type="date"
            className="light-control"
            value={range.until}
            max={today}
            required
            onChange={(event) => setDay('until', event.target.value)}
          />
        </label>
      </fieldset>
      {pickupLocations.length > 1 ? (
        <select
          className="light-control dashboard-filters__pickup"
          aria-label={t('dashboard.pickupFilter')}
          value={state.pickupLocationId ?? ''}
          onChange={(event) => state.setPickupLocation(event.target.value || undefined)}
        >
          <option value="">{t('dashboard.allPickupLocations')}</option>
          {pickupLocations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

/**
 * What needs the merchant now (above), then the shop's parcels for a range: the filters, the
 * rates, counts by stage linking to the parcel list, and the charts (loaded on their own).
 */
export function DashboardOverview({
  shopId,
  pickupLocations,
}: {
  shopId: string;
  pickupLocations: PickupOption[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const state = useDashboardRange();
  const { range, pickupLocationId } = state;
  const dashboard = useDashboard(shopId, { ...range, pickupLocationId });
  // The charts take new figures after the rest of the page has painted them (a render of their
  // own, which React may interrupt); until then they show the figures before, dimmed with them.
  const chartFigures = useDeferredValue(dashboard.data);

  return (
    <>
      {dashboard.data ? <NeedsActionPanel needs={dashboard.data.needsAction} /> : null}
      <section className="dashboard__card dashboard-overview" aria-labelledby="dashboard-parcels">
        <h2 id="dashboard-parcels" className="dashboard-overview__title">
          {t('dashboard.parcelsTitle')}
        </h2>
        <DashboardFilters state={state} pickupLocations={pickupLocations} />
        <p className="dashboard-overview__range" data-testid="dashboard-range">
          {t('dashboard.range.showing', {
            since: formatDate(range.since, language),
            until: formatDate(range.until, language),
          })}
        </p>
        {dashboard.isPending ? (
          <Skeleton rows={6} />
        ) : dashboard.isError ? (
          <Alert
            type="error"
            title={errorText(dashboard.error)}
            action={<Button onClick={() => void dashboard.refetch()}>{t('actions.retry')}</Button>}
          />
        ) : (
          <div
            className={
              dashboard.isPlaceholderData ? 'dashboard-overview__body is-stale' : 'dashboard-overview__body'
            }
          >
            <DashboardRates dashboard={dashboard.data} />
            {/* Each count links to the range it counts: the figures', not a newer one still loading. */}
            <StageCounts
              counts={dashboard.data.counts}
              range={{ since: dashboard.data.since, until: dashboard.data.until }}
            />
            <Suspense fallback={<Skeleton rows={5} />}>
              <DashboardCharts dashboard={chartFigures ?? dashboard.data} />
            </Suspense>
          </div>
        )}
      </section>
      {dashboard.data?.lastDaySorting ? <LastDaySorting sorting={dashboard.data.lastDaySorting} /> : null}
    </>
  );
}
