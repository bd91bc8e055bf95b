import { SendOutlined } from '@ant-design/icons';
import type { DeliveryRunSummary, RunCandidate } from '@dak/domain/delivery-runs';
import { Alert, Button, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useHubs } from '../../../features/ops-hubs/api/hubs';
import { useRiders } from '../../../features/ops-hubs/api/riders';
import { useCreateRun, useRunCandidates, useRuns } from '../../../features/ops-runs/api/runs';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { withParams } from '../../../components/list/use-list-params';

/** Delivery runs: pick a rider of the hub and the parcels waiting there; follow today's runs. */
export function RunsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const [params, setParams] = useSearchParams();
  const hubs = useHubs({ q: '', limit: 200, offset: 0 });
  const hubItems = hubs.data?.items ?? [];
  const hubId = params.get('hub') ?? (hubItems.length === 1 ? (hubItems[0]?.id ?? null) : null);
  const riders = useRiders({ hubId, active: 'true', q: '', limit: 100, offset: 0 });
  const candidates = useRunCandidates(hubId);
  const runs = useRuns(hubId);
  const create = useCreateRun();
  const [riderId, setRiderId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [refusals, setRefusals] = useState<{ trackingId: string; message: string }[]>([]);
  const name = (n: { en: string; bn: string }) => (language === 'bn' ? n.bn : n.en);

  const send = async () => {
    if (!riderId || selected.length === 0) return;
    try {
      const answer = await create.mutateAsync({ riderId, trackingIds: selected });
      const refused = answer.results.filter((r) => !r.ok);
      setRefusals(refused.map((r) => ({ trackingId: r.trackingId, message: r.error?.message ?? '' })));
      setSelected([]);
      toast.success(
        t('opsConsole.runs.result', {
          ok: formatNumber(answer.results.length - refused.length, language),
          failed: formatNumber(refused.length, language),
        }),
      );
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const candidateColumns: TableColumnsType<RunCandidate> = [
    {
      key: 'id',
      title: t('opsConsole.runs.trackingId'),
      render: (_, c) => <span className="tracking-id">{c.trackingId}</span>,
    },
    { key: 'customer', title: t('opsConsole.runs.customer'), dataIndex: 'customerName' },
    { key: 'area', title: t('opsConsole.runs.area'), render: (_, c) => name(c.areaName) },
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

  const runColumns: TableColumnsType<DeliveryRunSummary> = [
    {
      key: 'rider',
      title: t('opsConsole.runs.rider'),
      render: (_, r) => (
        <>
          <strong>{r.rider.name}</strong> <span className="phone-number ops-secondary">{r.rider.phone}</span>
        </>
      ),
    },
    {
      key: 'parcels',
      title: t('opsConsole.runs.parcels'),
      align: 'right',
      render: (_, r) => formatNumber(r.parcelCount, language),
    },
    {
      key: 'open',
      title: t('opsConsole.runs.open'),
      align: 'right',
      render: (_, r) => formatNumber(r.openCount, language),
    },
    {
      key: 'delivered',
      title: t('opsConsole.runs.delivered'),
      align: 'right',
      render: (_, r) => formatNumber(r.deliveredCount, language),
    },
    {
      key: 'failed',
      title: t('opsConsole.runs.failed'),
      align: 'right',
      render: (_, r) => formatNumber(r.failedCount, language),
    },
    {
      key: 'cash',
      title: t('opsConsole.runs.cash'),
      align: 'right',
      render: (_, r) => formatTaka(r.cashCollected, language),
    },
  ];

  return (
    <>
      <OpsPageHeader title={t('opsConsole.runs.title')} subtitle={t('opsConsole.runs.intro')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item">
            <label htmlFor="ops-run-hub">{t('opsConsole.runs.hub')}</label>
            <Select
              id="ops-run-hub"
              className="ops-select-district"
              showSearch={{ optionFilterProp: 'label' }}
              value={hubId ?? undefined}
              onChange={(value: string) => {
                // A new hub: nothing chosen carries over.
                setRiderId(null);
                setSelected([]);
                setRefusals([]);
                setParams(withParams(params, { hub: value }));
              }}
              placeholder={t('opsConsole.runs.chooseHub')}
              loading={hubs.isPending}
              options={hubItems.map((h) => ({ value: h.id, label: name(h.name) }))}
            />
          </div>
          <div className="ops-toolbar__item">
            <label htmlFor="ops-run-rider">{t('opsConsole.runs.rider')}</label>
            <Select
              id="ops-run-rider"
              className="ops-select-district"
              value={riderId ?? undefined}
              onChange={(value: string) => setRiderId(value)}
              placeholder={t('opsConsole.runs.chooseRider')}
              disabled={!hubId}
              loading={riders.isPending && hubId !== null}
              options={(riders.data?.items ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </div>
          <div className="ops-toolbar__item">
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              disabled={!riderId || selected.length === 0}
              loading={create.isPending}
              onClick={() => void send()}
            >
              {t('opsConsole.runs.create')}
              {selected.length > 0 ? ` (${formatNumber(selected.length, language)})` : ''}
            </Button>
          </div>
        </div>
        {refusals.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={refusals
              .map((r) => t('opsConsole.runs.refused', { id: r.trackingId, message: r.message }))
              .join(' · ')}
          />
        ) : null}
        <h2 className="ops-section-title">{t('opsConsole.runs.ready')}</h2>
        {candidates.isError ? (
          <OpsLoadError error={candidates.error} onRetry={() => void candidates.refetch()} />
        ) : (
          <Table<RunCandidate>
            className="ops-table"
            rowKey="trackingId"
            size="middle"
            columns={candidateColumns}
            dataSource={hubId ? (candidates.data?.items ?? []) : []}
            loading={hubId !== null && candidates.isPending}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            locale={{ emptyText: t('opsConsole.runs.none') }}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          />
        )}
        <h2 className="ops-section-title">{t('opsConsole.runs.today')}</h2>
        <Table<DeliveryRunSummary>
          className="ops-table"
          rowKey="id"
          size="middle"
          columns={runColumns}
          dataSource={hubId ? (runs.data?.items ?? []) : []}
          loading={hubId !== null && runs.isPending}
          locale={{ emptyText: t('opsConsole.runs.noRuns') }}
          pagination={false}
        />
      </div>
    </>
  );
}
