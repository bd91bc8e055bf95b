import type { OpsInvoice } from '@dak/domain/money-api';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Grid, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsListTable } from '../../../components/list/ops-list';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { DecideInvoiceDialog, type Decision } from './decide-invoice-dialog';

const statusColors = { payment_processing: 'blue', paid: 'green', bounced: 'red' } as const;

/** Invoices with their shop, amount and outcome; one still processing can be marked paid or bounced. */
export function InvoiceTable({
  list,
  page,
  pageSize,
  onPage,
}: {
  list: UseQueryResult<{ items: OpsInvoice[]; count: number }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const compact = Grid.useBreakpoint().md === false;
  const [target, setTarget] = useState<{ invoice: OpsInvoice; decision: Decision } | null>(null);

  const status = (i: OpsInvoice) => (
    <Tag color={statusColors[i.status]}>{t(`opsConsole.payouts.invoices.statuses.${i.status}`)}</Tag>
  );
  const outcome = (i: OpsInvoice) =>
    i.status === 'paid' ? i.reference : i.status === 'bounced' ? i.bounceReason : null;
  const actions = (i: OpsInvoice) =>
    i.status === 'payment_processing' ? (
      <div className="ops-actions">
        <Button size="small" type="primary" onClick={() => setTarget({ invoice: i, decision: 'paid' })}>
          {t('opsConsole.payouts.invoices.markPaid')}
        </Button>
        <Button size="small" danger onClick={() => setTarget({ invoice: i, decision: 'bounced' })}>
          {t('opsConsole.payouts.invoices.markBounced')}
        </Button>
      </div>
    ) : (
      <span className="ops-wrap ops-secondary">{outcome(i)}</span>
    );
  const amount = (i: OpsInvoice) => <span className="ops-nowrap">{formatTaka(i.netAmount, language)}</span>;

  const columns: TableColumnsType<OpsInvoice> = compact
    ? [
        {
          key: 'invoice',
          title: t('opsConsole.payouts.invoices.columns.number'),
          render: (_, i) => (
            <div className="payouts-card" data-invoice={i.number}>
              <div>
                <strong className="ops-mono">{i.number}</strong> {status(i)}
              </div>
              <div className="ops-wrap">{i.shopName}</div>
              <div>
                {amount(i)} · {t(`opsConsole.payouts.invoices.methods.${i.method}`)}
              </div>
              {actions(i)}
            </div>
          ),
        },
      ]
    : [
        {
          key: 'number',
          title: t('opsConsole.payouts.invoices.columns.number'),
          render: (_, i) => (
            <span className="ops-mono" data-invoice={i.number}>
              {i.number}
            </span>
          ),
        },
        {
          key: 'shop',
          title: t('opsConsole.payouts.invoices.columns.shop'),
          render: (_, i) => <span className="ops-wrap">{i.shopName}</span>,
        },
        {
          key: 'amount',
          title: t('opsConsole.payouts.invoices.columns.amount'),
          align: 'right',
          render: (_, i) => amount(i),
        },
        {
          key: 'parcels',
          title: t('opsConsole.payouts.invoices.columns.parcels'),
          align: 'right',
          responsive: ['lg'],
          render: (_, i) => formatNumber(i.parcelCount, language),
        },
        {
          key: 'method',
          title: t('opsConsole.payouts.invoices.columns.method'),
          render: (_, i) => t(`opsConsole.payouts.invoices.methods.${i.method}`),
        },
        {
          key: 'status',
          title: t('opsConsole.payouts.invoices.columns.status'),
          render: (_, i) => status(i),
        },
        {
          key: 'created',
          title: t('opsConsole.payouts.invoices.columns.created'),
          responsive: ['xl'],
          render: (_, i) => <DateTime value={new Date(i.createdAt)} />,
        },
        {
          key: 'actions',
          title: t('opsConsole.payouts.invoices.columns.actions'),
          render: (_, i) => actions(i),
        },
      ];

  return (
    <>
      <OpsListTable<OpsInvoice>
        list={list}
        columns={columns}
        page={page}
        pageSize={pageSize}
        onPage={onPage}
        emptyText={t('opsConsole.payouts.invoices.empty')}
        totalText={(total) => t('opsConsole.payouts.invoices.total', { n: formatNumber(total, language) })}
      />
      <DecideInvoiceDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
