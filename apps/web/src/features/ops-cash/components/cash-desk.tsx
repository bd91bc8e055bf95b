import type { HubCash } from '@dak/domain/money-api';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Empty, Grid, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useHubCash } from '../api/cash';
import { Deposits } from './deposits';
import { HandoverDialog, type HandoverRider } from './handover-dialog';
import './cash.css';

type Rider = HubCash['riders'][number];

/** The hub's cash, the riders holding cash with "Hand over" each, and (for finance) the bank deposits. */
function Desk({ hubId, canDeposit }: { hubId: string; canDeposit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const desk = useHubCash(hubId);
  const [rider, setRider] = useState<HandoverRider | null>(null);
  const compact = Grid.useBreakpoint().sm === false;
  if (desk.isPending) return <Skeleton active />;
  if (desk.isError) return <OpsLoadError error={desk.error} onRetry={() => void desk.refetch()} />;
  const taka = (n: number) => formatTaka(n, language);

  const handOver = (r: Rider) => (
    <Button
      type="primary"
      size="small"
      disabled={r.holding <= 0}
      onClick={() => setRider({ riderId: r.riderId, name: r.name, holding: r.holding })}
      aria-label={t('opsConsole.cash.handOverLabel', { name: r.name })}
    >
      {t('opsConsole.cash.handOver')}
    </Button>
  );
  const who = (r: Rider) => (
    <>
      <strong>{r.name}</strong>
      <span className="ops-secondary phone-number">{formatPhoneLocal(r.phone)}</span>
    </>
  );
  const shortage = (r: Rider) =>
    r.shortage > 0 ? <span className="ops-nowrap cash-short">{taka(r.shortage)}</span> : taka(0);

  // A 360 px phone: one column per rider, the figures and the button under the name.
  const columns: TableColumnsType<Rider> = compact
    ? [
        {
          key: 'rider',
          title: t('opsConsole.cash.columns.rider'),
          render: (_, r) => (
            <div className="cash-rider-card">
              {who(r)}
              <span>
                {t('opsConsole.cash.columns.holding')}: <span className="cash-amount">{taka(r.holding)}</span>
              </span>
              {r.shortage > 0 ? (
                <span>
                  {t('opsConsole.cash.columns.shortage')}: {shortage(r)}
                </span>
              ) : null}
              <div>{handOver(r)}</div>
            </div>
          ),
        },
      ]
    : [
        { key: 'rider', title: t('opsConsole.cash.columns.rider'), render: (_, r) => who(r) },
        {
          key: 'holding',
          title: t('opsConsole.cash.columns.holding'),
          align: 'right',
          render: (_, r) => <span className="ops-nowrap cash-amount">{taka(r.holding)}</span>,
        },
        {
          key: 'shortage',
          title: t('opsConsole.cash.columns.shortage'),
          align: 'right',
          render: (_, r) => shortage(r),
        },
        { key: 'actions', title: '', render: (_, r) => handOver(r) },
      ];

  return (
    <>
      <div className="cash-hub" aria-live="polite">
        <span className="cash-hub__label">{t('opsConsole.cash.hubCash')}</span>
        <span className="cash-hub__amount" data-testid="hub-cash">
          {taka(desk.data.hubCash)}
        </span>
        <span className="ops-secondary">{t('opsConsole.cash.hubCashHint')}</span>
      </div>
      <section className="cash-section" aria-labelledby="cash-riders-title">
        <Typography.Title level={2} className="ops-section-title" id="cash-riders-title">
          {t('opsConsole.cash.riders')}
        </Typography.Title>
        <Table<Rider>
          className="ops-table"
          rowKey="riderId"
          columns={columns}
          dataSource={desk.data.riders}
          pagination={false}
          locale={{ emptyText: t('opsConsole.cash.noRiders') }}
          onRow={(r) => ({ 'data-rider-id': r.riderId }) as React.HTMLAttributes<HTMLElement>}
        />
      </section>
      {canDeposit ? <Deposits hubId={hubId} /> : null}
      <HandoverDialog hubId={hubId} rider={rider} onClose={() => setRider(null)} />
    </>
  );
}

/** The cash desk room: a hub picked (the page hands in its picker), then that hub's desk. */
export function CashDesk({
  hubId,
  hubPicker,
  canDeposit,
  noHub,
}: {
  hubId: string | null;
  hubPicker: ReactNode;
  canDeposit: boolean;
  /** The staff member works in no hub (a hub manager not yet placed). */
  noHub: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <OpsPageHeader title={t('opsConsole.cash.title')} subtitle={t('opsConsole.cash.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="cash-hub">{t('opsConsole.cash.hub')}</label>
            {hubPicker}
          </div>
        </div>
        {hubId ? (
          <Desk key={hubId} hubId={hubId} canDeposit={canDeposit} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={noHub ? t('opsConsole.cash.noHub') : t('opsConsole.cash.chooseHub')}
          />
        )}
      </div>
    </>
  );
}
