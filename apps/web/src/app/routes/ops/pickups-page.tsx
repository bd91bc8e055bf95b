import { formatPhoneLocal } from '@dak/domain/phone';
import { Empty, Select, Skeleton, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { type PickupList, useAssignPickup, usePickups } from '../../../features/hub-work/api/hub-work';
import '../../../features/hub-work/components/hub-work.css';
import { withParams } from '../../../components/list/use-list-params';
import { useHubs } from '../../../features/ops-hubs/api/hubs';
import { useRiders } from '../../../features/ops-hubs/api/riders';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

type Row = PickupList['items'][number];

/** A hub manager's pickups of the day: each pickup location with its counts and its rider. */
export function PickupsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const [params, setParams] = useSearchParams();
  const hubs = useHubs({ q: '', limit: 200, offset: 0 });
  const hubId = params.get('hub') ?? hubs.data?.items[0]?.id ?? null;
  const pickups = usePickups(hubId);
  const riders = useRiders({ hubId, active: 'true', q: '', limit: 200, offset: 0 });
  const assign = useAssignPickup();
  const num = (n: number) => formatNumber(n, language);

  if (hubs.isError) return <OpsLoadError error={hubs.error} onRetry={() => void hubs.refetch()} />;
  if (hubs.isPending) return <Skeleton active />;
  if (!hubId) return <Empty description={t('opsConsole.hubWork.noHub')} />;

  const riderOptions = (riders.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }));
  const onAssign = async (row: Row, riderId: string) => {
    try {
      await assign.mutateAsync({ hubId, pickupLocationId: row.pickupLocationId, riderId });
      const rider = riderOptions.find((r) => r.value === riderId)?.label ?? '';
      toast.success(t('opsConsole.pickups.assigned', { location: row.name, rider }));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'location',
      title: t('opsConsole.pickups.columns.location'),
      render: (_, r) => (
        <div>
          <strong>{r.name}</strong> · {r.shop.name}
          <div className="ops-secondary">{r.address}</div>
          {r.phone ? <div className="phone-number ops-secondary">{formatPhoneLocal(r.phone)}</div> : null}
        </div>
      ),
    },
    {
      key: 'area',
      title: t('opsConsole.pickups.columns.area'),
      render: (_, r) => (language === 'bn' ? r.area.name.bn : r.area.name.en),
    },
    {
      key: 'parcels',
      title: t('opsConsole.pickups.columns.parcels'),
      render: (_, r) => (
        <div className="pickup-counts">
          <strong>{t('opsConsole.pickups.counts.total', { n: num(r.counts.total) })}</strong>
          {r.counts.pending ? (
            <Tag color="gold">{t('opsConsole.pickups.counts.pending', { n: num(r.counts.pending) })}</Tag>
          ) : null}
          {r.counts.collected ? (
            <Tag color="green">
              {t('opsConsole.pickups.counts.collected', { n: num(r.counts.collected) })}
            </Tag>
          ) : null}
          {r.counts.missed ? (
            <Tag color="red">{t('opsConsole.pickups.counts.missed', { n: num(r.counts.missed) })}</Tag>
          ) : null}
          {r.counts.onHold ? (
            <Tag>{t('opsConsole.pickups.counts.onHold', { n: num(r.counts.onHold) })}</Tag>
          ) : null}
        </div>
      ),
    },
    {
      key: 'rider',
      title: t('opsConsole.pickups.columns.rider'),
      width: 240,
      render: (_, r) => (
        <Select
          className="pickup-rider"
          placeholder={t('opsConsole.pickups.assign')}
          aria-label={`${t('opsConsole.pickups.assign')}: ${r.name}`}
          value={r.rider?.id ?? null}
          options={riderOptions}
          notFoundContent={t('opsConsole.pickups.noRiders')}
          onChange={(v) => void onAssign(r, v)}
          style={{ width: '100%' }}
        />
      ),
    },
  ];

  return (
    <div>
      <OpsPageHeader
        title={t('opsConsole.pickups.title')}
        subtitle={t('opsConsole.pickups.subtitle')}
        extra={
          <Select
            className="hub-scan-page__hub"
            aria-label={t('opsConsole.hubWork.hub')}
            value={hubId}
            onChange={(v) => setParams(withParams(params, { hub: v }), { replace: true })}
            options={(hubs.data?.items ?? []).map((h) => ({
              value: h.id,
              label: language === 'bn' ? h.name.bn : h.name.en,
            }))}
          />
        }
      />
      {pickups.isError ? (
        <OpsLoadError error={pickups.error} onRetry={() => void pickups.refetch()} />
      ) : (
        <>
          {pickups.data ? (
            <p>
              <strong>
                {t('opsConsole.pickups.date', { date: formatDate(pickups.data.date, language) })}
              </strong>{' '}
              ·{' '}
              {t('opsConsole.pickups.totals', {
                locations: num(pickups.data.totals.locations),
                parcels: num(pickups.data.totals.parcels),
              })}
            </p>
          ) : null}
          <Table
            rowKey="pickupLocationId"
            loading={pickups.isPending}
            columns={columns}
            dataSource={pickups.data?.items ?? []}
            pagination={false}
            scroll={{ x: 720 }}
            locale={{ emptyText: t('opsConsole.pickups.empty') }}
          />
        </>
      )}
    </div>
  );
}
