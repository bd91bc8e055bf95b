import { DownloadOutlined } from '@ant-design/icons';
import { type SettlementType, settlementTypes } from '@dak/domain/money';
import type { InvoiceParcel } from '@dak/domain/money-api';
import { Alert, Button, Descriptions, Empty, Pagination, Skeleton, Table, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { usePhone } from '../../../components/list/list-results';
import { LinkButton } from '../../../components/ui/link-button';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDownloadInvoiceCsv } from '../api/download-invoice-csv';
import { invoiceParcelCap, useInvoiceParcels } from '../api/list-invoice-parcels';
import type { InvoiceHead } from './invoice-list';
import { InvoiceStatusTag } from './invoice-status-tag';
import { formatDhakaDate, Taka, useFailureToast } from './money';
import './payments.css';

const pageSize = 20;

/** The money columns of a parcel on an invoice, in the order the CSV has them. */
const amountFields = [
  'cashCollected',
  'deliveryCharge',
  'codCharge',
  'returnCharge',
  'compensation',
  'netAmount',
] as const;
type AmountField = (typeof amountFields)[number];
type Totals = Record<AmountField, number>;

/** Sums in poisha, so ৳0.10 + ৳0.20 is ৳0.30 and not 0.30000000000000004. */
function totalsOf(parcels: InvoiceParcel[]): Totals {
  const poisha = Object.fromEntries(amountFields.map((f) => [f, 0])) as Totals;
  for (const parcel of parcels) {
    for (const field of amountFields) poisha[field] += Math.round(parcel[field] * 100);
  }
  return Object.fromEntries(amountFields.map((f) => [f, poisha[f] / 100])) as Totals;
}

function useColumnTitles(): Record<AmountField, string> {
  const { t } = useTranslation();
  return {
    cashCollected: t('money.invoice.columns.cashCollected'),
    deliveryCharge: t('money.invoice.columns.deliveryCharge'),
    codCharge: t('money.invoice.columns.codCharge'),
    returnCharge: t('money.invoice.columns.returnCharge'),
    compensation: t('money.invoice.columns.compensation'),
    netAmount: t('money.invoice.columns.net'),
  };
}

/** One settlement type's parcels: a table with its totals row, or cards and a totals card on a phone. */
function SettlementGroup({ type, parcels }: { type: SettlementType; parcels: InvoiceParcel[] }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const titles = useColumnTitles();
  const [page, setPage] = useState(1);
  const totals = totalsOf(parcels);
  const shown = parcels.slice((page - 1) * pageSize, page * pageSize);
  const trackingLink = (p: InvoiceParcel) => (
    <Link to={`/parcels/${encodeURIComponent(p.trackingId)}`} className="tracking-id" dir="ltr">
      {p.trackingId}
    </Link>
  );
  const pages =
    parcels.length > pageSize ? (
      <Pagination
        className="parcel-pagination"
        current={page}
        pageSize={pageSize}
        total={parcels.length}
        showSizeChanger={false}
        simple={phone}
        onChange={setPage}
      />
    ) : null;
  const amountLines = (values: Totals) => (
    <dl className="money-lines">
      {amountFields.map((field) => (
        <div key={field} className={field === 'netAmount' ? 'money-lines__net' : undefined}>
          <dt>{titles[field]}</dt>
          <dd>
            <Taka amount={values[field]} />
          </dd>
        </div>
      ))}
    </dl>
  );

  if (phone) {
    return (
      <div data-settlement-type={type}>
        <ul className="money-list-cards">
          {shown.map((parcel) => (
            <li
              key={parcel.trackingId}
              className="page-card money-list-card"
              data-tracking-id={parcel.trackingId}
            >
              <div className="money-list-card__head">{trackingLink(parcel)}</div>
              {amountLines(parcel)}
            </li>
          ))}
        </ul>
        {pages}
        <div className="page-card money-list-card money-list-card--total" data-testid={`totals-${type}`}>
          <div className="money-list-card__head">
            <strong>{t('money.invoice.total')}</strong>
          </div>
          {amountLines(totals)}
        </div>
      </div>
    );
  }
  return (
    <div data-settlement-type={type}>
      <Table<InvoiceParcel>
        className="money-table"
        rowKey="trackingId"
        dataSource={shown}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(p) => ({ 'data-tracking-id': p.trackingId }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'trackingId',
            title: t('money.invoice.columns.trackingId'),
            render: (_, p) => trackingLink(p),
          },
          ...amountFields.map((field) => ({
            key: field,
            title: titles[field],
            align: 'right' as const,
            render: (_: unknown, p: InvoiceParcel) => <Taka amount={p[field]} />,
          })),
        ]}
        summary={() => (
          <Table.Summary.Row className="money-table__total" data-testid={`totals-${type}`}>
            <Table.Summary.Cell index={0}>
              <strong>{t('money.invoice.total')}</strong>
            </Table.Summary.Cell>
            {amountFields.map((field, index) => (
              <Table.Summary.Cell key={field} index={index + 1} align="right">
                <strong>
                  <Taka amount={totals[field]} />
                </strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
      {pages}
    </div>
  );
}

/**
 * The invoice's figures: the parcels' net and, when the link handed the invoice over, its net (the
 * difference is the dues it paid off), date and status.
 */
function InvoiceFigures({ invoice, parcelsNet }: { invoice?: InvoiceHead; parcelsNet: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'parcelsNet', label: t('money.invoice.parcelsNet'), children: <Taka amount={parcelsNet} /> },
  ];
  if (invoice?.netAmount !== undefined) {
    const dues = Math.round(invoice.netAmount * 100 - parcelsNet * 100) / 100;
    if (dues !== 0) {
      items.push({ key: 'dues', label: t('money.invoice.duesTaken'), children: <Taka amount={dues} /> });
    }
    items.push({
      key: 'net',
      label: t('money.invoice.invoiceNet'),
      children: (
        <strong>
          <Taka amount={invoice.netAmount} />
        </strong>
      ),
    });
  }
  if (invoice?.createdAt) {
    const date = formatDhakaDate(invoice.createdAt, language);
    items.push({ key: 'date', label: t('money.invoices.columns.date'), children: date });
  }
  if (invoice) {
    const tag = <InvoiceStatusTag status={invoice.status} />;
    items.push({ key: 'status', label: t('money.invoices.columns.status'), children: tag });
  }
  return (
    <Descriptions
      className="page-card money-figures"
      column={{ xs: 1, sm: 2, lg: 3 }}
      size="small"
      layout="vertical"
      colon={false}
      items={items}
    />
  );
}

/**
 * One invoice: its parcels grouped by settlement type (a tab each, with its count), each group's
 * charges and totals, and the `logistics-invoice.csv` download.
 */
export function InvoiceDetail({
  shopId,
  invoiceId,
  invoice,
}: {
  shopId: string;
  invoiceId: string;
  /** The invoice as the list showed it, when the page was opened from there. */
  invoice?: InvoiceHead;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const parcels = useInvoiceParcels(shopId, invoiceId);
  const download = useDownloadInvoiceCsv();
  useFailureToast(parcels.isError, 'fetchPaymentsFailed');

  const groups = settlementTypes
    .map((type) => ({ type, parcels: (parcels.data?.items ?? []).filter((p) => p.settlementType === type) }))
    .filter((group) => group.parcels.length > 0);
  const downloadCsv = () =>
    download.mutate({ shopId, invoiceId }, { onError: (cause) => toast.error(errorText(cause)) });

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {invoice ? t('money.invoice.title', { number: invoice.number }) : t('money.invoice.titleNoNumber')}
        </Typography.Title>
        <div className="form-actions">
          <LinkButton to="/payments">{t('money.invoice.back')}</LinkButton>
          <Button
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            loading={download.isPending}
            onClick={downloadCsv}
          >
            {t('money.invoice.download')}
          </Button>
        </div>
      </div>
      {parcels.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {parcels.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('money.messages.fetchPaymentsFailed')}
          action={<Button onClick={() => void parcels.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : null}
      {parcels.data ? (
        <>
          <InvoiceFigures invoice={invoice} parcelsNet={totalsOf(parcels.data.items).netAmount} />
          {parcels.data.count > parcels.data.items.length ? (
            <Alert
              type="info"
              showIcon
              title={t('money.invoice.capped', {
                shown: formatNumber(Math.min(parcels.data.items.length, invoiceParcelCap), language),
                count: formatNumber(parcels.data.count, language),
              })}
            />
          ) : null}
          {groups.length === 0 ? (
            <Empty
              className="page-card"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('money.invoice.empty')}
            />
          ) : (
            <Tabs
              aria-label={t('money.invoice.groups')}
              className="money-tabs"
              items={groups.map((group) => ({
                key: group.type,
                label: `${t(`money.invoice.settlementTypes.${group.type}`)} (${formatNumber(group.parcels.length, language)})`,
                children: <SettlementGroup type={group.type} parcels={group.parcels} />,
              }))}
            />
          )}
        </>
      ) : null}
    </>
  );
}
