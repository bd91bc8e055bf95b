import type { DeliveryRunSummary, RunCandidate } from '@dak/domain/delivery-runs';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useRunCandidates, useRuns } from '../api/runs';

/** The parcels waiting at the hub for a run, ticked to go out with the chosen rider. */
export function RunCandidatesTable({
  hubId,
  selected,
  onSelect,
}: {
  hubId: string | null;
  selected: string[];
  onSelect: (trackingIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const candidates = useRunCandidates(hubId);
  const columns: TableColumnsType<RunCandidate> = [
    {
      key: 'id',
      title: t('opsConsole.runs.trackingId'),
      render: (_, c) => <span className="tracking-id">{c.trackingId}</span>,
    },
    { key: 'customer', title: t('opsConsole.runs.customer'), dataIndex: 'customerName' },
    { key: 'area', title: t('opsConsole.runs.area'), render: (_, c) => c.areaName[language] },
    {
      key: 'cash',
      title: t('opsConsole.runs.cashToCollect'),
      align: 'right',
      render: (_, c) => formatTaka(c.cashToCollect, language),
    },
    {
      key: 'status',
      title: t('opsConsole.runs.status'),
      render: (_, c) =>
        c.status === 'delivery_attempted' ? (
          <Tag color="orange">{t('opsConsole.runs.attempted')}</Tag>
        ) : (
          <Tag>{t('opsConsole.runs.atHub')}</Tag>
        ),
    },
  ];
  if (candidates.isError) {
    return <OpsLoadError error={candidates.error} onRetry={() => void candidates.refetch()} />;
  }
  return (
    <Table<RunCandidate>
      className="ops-table"
      rowKey="trackingId"
      size="middle"
      columns={columns}
      dataSource={hubId ? (candidates.data?.items ?? []) : []}
      loading={hubId !== null && candidates.isPending}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys as string[]) }}
      locale={{ emptyText: t('opsConsole.runs.none') }}
      pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

/** Today's runs of the hub: each rider's parcels, how many are open, delivered, failed, and the cash. */
export function RunsTodayTable({ hubId }: { hubId: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const runs = useRuns(hubId);
  const count = (
    key: 'parcels' | 'open' | 'delivered' | 'failed',
    value: (r: DeliveryRunSummary) => number,
  ) => ({
    key,
    title: t(`opsConsole.runs.${key}`),
    align: 'right' as const,
    render: (_: unknown, r: DeliveryRunSummary) => formatNumber(value(r), language),
  });
  const columns: TableColumnsType<DeliveryRunSummary> = [
    {
      key: 'rider',
      title: t('opsConsole.runs.rider'),
      render: (_, r) => (
        <>
          <strong>{r.rider.name}</strong> <span className="phone-number ops-secondary">{r.rider.phone}</span>
        </>
      ),
    },
    count('parcels', (r) => r.parcelCount),
    count('open', (r) => r.openCount),
    count('delivered', (r) => r.deliveredCount),
    count('failed', (r) => r.failedCount),
    {
      key: 'cash',
      title: t('opsConsole.runs.cash'),
      align: 'right',
      render: (_, r) => formatTaka(r.cashCollected, language),
    },
  ];
  return (
    <Table<DeliveryRunSummary>
      className="ops-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={hubId ? (runs.data?.items ?? []) : []}
      loading={hubId !== null && runs.isPending}
      locale={{ emptyText: t('opsConsole.runs.noRuns') }}
      pagination={false}
    />
  );
}
