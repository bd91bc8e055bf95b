import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../../components/list/use-list-params';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type InvoiceItem, invoicePageSize, useInvoices } from '../api/list-invoices';
import { InvoiceStatusTag } from './invoice-status-tag';
import { formatDhakaDate, Taka, useFailureToast } from './money';
import { MoneyList } from './money-list';
import './payments.css';

/** Where an invoice opens; the list hands the invoice along so its page can head with it. */
export const invoicePath = (invoiceId: string) => `/payments/invoices/${encodeURIComponent(invoiceId)}`;
/** What the invoice page heads with: the list's row, or what the parcel page knows of it. */
export type InvoiceHead = Pick<InvoiceItem, 'id' | 'number' | 'status'> &
  Partial<Pick<InvoiceItem, 'netAmount' | 'createdAt'>>;
export type InvoiceLinkState = { invoice?: InvoiceHead };

function InvoiceLink({ invoice }: { invoice: InvoiceItem }) {
  const { t } = useTranslation();
  return (
    <Link
      to={invoicePath(invoice.id)}
      state={{ invoice } satisfies InvoiceLinkState}
      className="invoice-number"
      aria-label={t('money.invoices.open', { number: invoice.number })}
    >
      {invoice.number}
    </Link>
  );
}

/** The shop's invoices, newest first, by pages of 20 (the page in the address). */
export function InvoiceList({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { page, offset, setPage } = useListParams({ pageSize: invoicePageSize, replace: true });
  const list = useInvoices(shopId, offset);
  useFailureToast(list.isError, 'fetchPaymentsFailed');

  const parcels = (n: number) => t('money.invoices.parcels', { count: n, n: formatNumber(n, language) });
  const columns: TableColumnsType<InvoiceItem> = [
    {
      key: 'number',
      title: t('money.invoices.columns.number'),
      render: (_, i) => <InvoiceLink invoice={i} />,
    },
    {
      key: 'date',
      title: t('money.invoices.columns.date'),
      render: (_, i) => formatDhakaDate(i.createdAt, language),
    },
    {
      key: 'status',
      title: t('money.invoices.columns.status'),
      render: (_, i) => <InvoiceStatusTag status={i.status} />,
    },
    {
      key: 'net',
      title: t('money.invoices.columns.net'),
      align: 'right',
      render: (_, i) => <Taka amount={i.netAmount} />,
    },
    {
      key: 'parcels',
      title: t('money.invoices.columns.parcels'),
      align: 'right',
      render: (_, i) => formatNumber(i.parcelCount, language),
    },
  ];

  return (
    <section aria-labelledby="invoices-title" className="money-section">
      <Typography.Title level={2} className="money-section__title" id="invoices-title">
        {t('money.invoices.title')}
      </Typography.Title>
      <MoneyList
        list={list}
        page={page}
        pageSize={invoicePageSize}
        onPage={setPage}
        empty={{ description: t('money.invoices.empty') }}
        countText={(count) => t('money.invoices.count', { count, n: formatNumber(count, language) })}
        columns={columns}
        rowData={(invoice) => ({ 'data-invoice': invoice.number })}
        card={(invoice) => (
          <>
            <div className="money-list-card__head">
              <InvoiceLink invoice={invoice} />
              <InvoiceStatusTag status={invoice.status} />
            </div>
            <div className="money-list-card__row">
              <span className="money-secondary">
                {formatDhakaDate(invoice.createdAt, language)} · {parcels(invoice.parcelCount)}
              </span>
              <strong>
                <Taka amount={invoice.netAmount} />
              </strong>
            </div>
          </>
        )}
      />
    </section>
  );
}
