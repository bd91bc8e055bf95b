import { dhakaDate } from '@dak/domain/delivery-runs';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { Button } from '../../../components/light/button';
import { DateInput } from '../../../components/light/date-input';
import { Skeleton } from '../../../components/light/skeleton';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDashboard } from '../api/get-dashboard';
import { useDashboardRange } from '../hooks/use-dashboard-range';
import { DashboardRates } from './dashboard-rates';
import { LastDaySorting } from './last-day-sorting';
import { NeedsActionPanel } from './needs-action';
import { RangePresets } from './range-presets';
import { StageCounts } from './stage-counts';
import './dashboard.css';

/** Chart.js comes with this import only: the dashboard's counts show before it arrives. */
export const loadDashboardCharts = () =>
  import('./dashboard-charts').then((module) => ({ default: module.DashboardCharts }));
const DashboardCharts = lazy(loadDashboardCharts);

export type PickupOption = { id: string; name: string };

/**
 * The range (a row of presets, two dates for a custom one) and the pickup location, written to
 * the address. No popup for the range (the native select's alone was over issue 16's INP line);
 * the dates and the pickup location are native controls: the phone's own pickers, and no antd on
 * the dashboard.
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
  // DateInput gives a whole date or '' (cleared, or typed halfway): '' leaves the range as it is.
  const setDay = (end: 'since' | 'until', value: string) => {
    if (value) state.setRange({ ...range, [end]: value });
  };
  return (
    <div className="dashboard-filters">
      <RangePresets preset={preset} onChoose={state.setPreset} />
      <fieldset className="light-dates">
        <legend className="visually-hidden">{t('dashboard.range.dates')}</legend>
        <DateInput
          label={t('dashboard.range.from')}
          value={range.since}
          max={today}
          placeholder=""
          onChange={(value) => setDay('since', value)}
        />
        <DateInput
          label={t('dashboard.range.to')}
          value={range.until}
          max={today}
          placeholder=""
          onChange={(value) => setDay('until', value)}
        />
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
