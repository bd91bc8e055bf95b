import { Alert, Button, DatePicker, Select, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../components/list/use-phone';
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

/** The range (presets and custom) and the pickup location, written to the address. */
function DashboardFilters({
  state,
  pickupLocations,
}: {
  state: ReturnType<typeof useDashboardRange>;
  pickupLocations: PickupOption[];
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const { range, preset } = state;
  return (
    <div className="dashboard-filters">
      <Select<DashboardPreset | 'custom'>
        className="dashboard-filters__preset"
        aria-label={t('dashboard.range.label')}
        value={preset ?? 'custom'}
        onChange={(value) => {
          if (value !== 'custom') state.setPreset(value);
        }}
        options={[
          ...dashboardPresets.map((p) => ({ value: p, label: t(`dashboard.range.${p}`) })),
          { value: 'custom' as const, label: t('dashboard.range.custom'), disabled: true },
        ]}
      />
      <DatePicker.RangePicker
        className="dashboard-filters__dates"
        aria-label={t('dashboard.range.dates')}
        value={[dayjs(range.since), dayjs(range.until)]}
        allowClear={false}
        inputReadOnly={phone}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(value) => {
          const [since, until] = value ?? [];
          if (since && until)
            state.setRange({ since: since.format('YYYY-MM-DD'), until: until.format('YYYY-MM-DD') });
        }}
      />
      {pickupLocations.length > 1 ? (
        <Select<string>
          allowClear
          className="dashboard-filters__pickup"
          aria-label={t('dashboard.pickupFilter')}
          placeholder={t('dashboard.allPickupLocations')}
          value={state.pickupLocationId}
          onChange={(value) => state.setPickupLocation(value)}
          options={pickupLocations.map((location) => ({ value: location.id, label: location.name }))}
        />
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
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : dashboard.isError ? (
          <Alert
            type="error"
            showIcon
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
            <StageCounts counts={dashboard.data.counts} range={range} />
            <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
              <DashboardCharts dashboard={dashboard.data} />
            </Suspense>
          </div>
        )}
      </section>
      {dashboard.data?.lastDaySorting ? <LastDaySorting sorting={dashboard.data.lastDaySorting} /> : null}
    </>
  );
}
