import type { Transaction } from '@dak/domain/money-api';
import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../../components/list/use-list-params';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { transactionPageSize, useTransactions } from '../api/list-transactions';
import { SignedTaka, useFailureToast } from './money';
import { MoneyList } from './money-list';
import './payments.css';

const knownKinds = [
  'delivery',
  'return',
  'compensation',
  'invoice',
  'invoice_paid',
  'invoice_bounced',
  'reversal',
  'adjustment',
  'cash_handover',
  'hub_deposit',
] as const;
type KnownKind = (typeof knownKinds)[number];
const isKnownKind = (kind: string): kind is KnownKind => (knownKinds as readonly string[]).includes(kind);

/** The shop's ledger lines, newest first: when, what, the parcel and invoice, and the signed amount. */
export function TransactionList({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { page, offset, setPage } = useListParams({ pageSize: transactionPageSize, replace: true });
  const list = useTransactions(shopId, offset);
  useFailureToast(list.isError, 'fetchTransactionsFailed');

  // A kind this screen does not know yet says what the ledger wrote (its memo, else its name).
  const what = (line: Transaction) =>
    isKnownKind(line.kind) ? t(`money.transactions.kinds.${line.kind}`) : (line.memo ?? line.kind);
  const parcel = (line: Transaction) =>
    line.trackingId ? (
      <Link to={`/parcels/${encodeURIComponent(line.trackingId)}`} className="tracking-id" dir="ltr">
        {line.trackingId}
      </Link>
    ) : null;
  const when = (line: Transaction) => <DateTime value={new Date(line.at)} />;

  const columns: TableColumnsType<Transaction> = [
    { key: 'date', title: t('money.transactions.columns.date'), render: (_, l) => when(l) },
    { key: 'what', title: t('money.transactions.columns.what'), render: (_, l) => what(l) },
    { key: 'parcel', title: t('money.transactions.columns.parcel'), render: (_, l) => parcel(l) ?? '—' },
    {
      key: 'invoice',
      title: t('money.transactions.columns.invoice'),
      render: (_, l) => l.invoiceNumber ?? '—',
    },
    {
      key: 'amount',
      title: t('money.transactions.columns.amount'),
      align: 'right',
      render: (_, l) => <SignedTaka amount={l.amount} />,
    },
  ];

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('money.transactions.title')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">{t('money.transactions.intro')}</Typography.Paragraph>
      <MoneyList
        list={list}
        page={page}
        pageSize={transactionPageSize}
        onPage={setPage}
        empty={{ description: t('money.transactions.empty') }}
        countText={(count) => t('money.transactions.count', { count, n: formatNumber(count, language) })}
        columns={columns}
        rowData={(line) => ({ 'data-transaction': line.id })}
        card={(line) => (
          <>
            <div className="money-list-card__head">
              <span>{what(line)}</span>
              <strong>
                <SignedTaka amount={line.amount} />
              </strong>
            </div>
            <div className="money-secondary">
              {when(line)}
              {line.trackingId ? <> · {parcel(line)}</> : null}
              {line.invoiceNumber ? <> · {line.invoiceNumber}</> : null}
            </div>
          </>
        )}
      />
    </>
  );
}
