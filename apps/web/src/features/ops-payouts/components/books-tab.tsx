import type { shopStatementSchema, trialBalanceSchema } from '@dak/domain/money-api';
import { DatePicker, Empty, Grid, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { withParams } from '../../../components/list/use-list-params';
import { DateTime } from '../../../components/ops/date-time';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useShopStatement, useTrialBalance } from '../api/books';

type Account = z.infer<typeof trialBalanceSchema>['accounts'][number];
type Line = z.infer<typeof shopStatementSchema>['lines'][number];

const money = (amount: number, language: 'en' | 'bn') => (
  <span className={`ops-nowrap${amount < 0 ? ' payouts-negative' : ''}`}>{formatTaka(amount, language)}</span>
);

/** Every ledger account's balance; the total is zero when the books balance, and says so. */
function TrialBalance() {
  const { t } = useTranslation();
  const language = useLanguage();
  const balance = useTrialBalance();
  // The kind column folds away on a phone; the total's label then spans one column, not two.
  const phone = Grid.useBreakpoint().sm === false;
  if (balance.isPending) return <Skeleton active />;
  if (balance.isError) return <OpsLoadError error={balance.error} onRetry={() => void balance.refetch()} />;
  const { accounts, total } = balance.data;
  const columns: TableColumnsType<Account> = [
    {
      key: 'code',
      title: t('opsConsole.payouts.books.account'),
      render: (_, a) => <span className="ops-mono ops-wrap">{a.code}</span>,
    },
    { key: 'kind', title: t('opsConsole.payouts.books.kind'), responsive: ['sm'], render: (_, a) => a.kind },
    {
      key: 'balance',
      title: t('opsConsole.payouts.books.balance'),
      align: 'right',
      render: (_, a) => money(a.balance, language),
    },
  ];
  return (
    <section className="payouts-books" aria-labelledby="trial-balance-title">
      <Typography.Title level={3} className="ops-section-title" id="trial-balance-title">
        {t('opsConsole.payouts.books.trialBalance')}
      </Typography.Title>
      <Table<Account>
        className="ops-table"
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={accounts}
        pagination={accounts.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={phone ? 1 : 2}>
              <strong>{t('opsConsole.payouts.books.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <span data-testid="trial-balance-total">
                {total === 0 ? (
                  <Tag color="green">{t('opsConsole.payouts.books.balanced')}</Tag>
                ) : (
                  <Tag color="red">
                    {t('opsConsole.payouts.books.unbalanced', { amount: formatTaka(total, language) })}
                  </Tag>
                )}
              </span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}

/** A shop's ledger over a period: opening, each line with the running balance, closing. */
function Statement({ shopId, from, to }: { shopId: string; from?: string; to?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const statement = useShopStatement({ shopId, from, to });
  const phone = Grid.useBreakpoint().sm === false;
  if (statement.isPending) return <Skeleton active />;
  if (statement.isError)
    return <OpsLoadError error={statement.error} onRetry={() => void statement.refetch()} />;
  const { opening, closing, lines } = statement.data;
  const columns: TableColumnsType<Line> = [
    {
      key: 'at',
      title: t('opsConsole.payouts.books.columns.at'),
      responsive: ['sm'],
      render: (_, l) => <DateTime value={new Date(l.at)} />,
    },
    {
      key: 'entry',
      title: t('opsConsole.payouts.books.columns.entry'),
      render: (_, l) => (
        <div className="ops-wrap">
          {/* On a phone the date folds into the entry. */}
          {phone ? (
            <span className="ops-secondary">
              <DateTime value={new Date(l.at)} />
            </span>
          ) : null}
          <div>{l.memo ?? l.kind}</div>
          {l.trackingId ? <span className="ops-secondary ops-mono">{l.trackingId}</span> : null}
          {l.invoiceNumber ? <span className="ops-secondary ops-mono">{l.invoiceNumber}</span> : null}
        </div>
      ),
    },
    {
      key: 'amount',
      title: t('opsConsole.payouts.books.columns.amount'),
      align: 'right',
      render: (_, l) => money(l.amount, language),
    },
    {
      key: 'balance',
      title: t('opsConsole.payouts.books.columns.balance'),
      align: 'right',
      render: (_, l) => money(l.balance, language),
    },
  ];
  return (
    <>
      <dl className="payouts-figures">
        <div>
          <dt>{t('opsConsole.payouts.books.opening')}</dt>
          <dd>{money(opening, language)}</dd>
        </div>
        <div>
          <dt>{t('opsConsole.payouts.books.closing')}</dt>
          <dd data-testid="statement-closing">{money(closing, language)}</dd>
        </div>
      </dl>
      <Table<Line>
        className="ops-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={lines}
        locale={{ emptyText: t('opsConsole.payouts.books.noLines') }}
        pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      />
    </>
  );
}

/**
 * The books: the trial balance, and a shop's statement over a period. The page hands in its shop
 * picker (the shops room's search); the shop and the period live in the address.
 */
export function BooksTab({
  shopPicker,
}: {
  shopPicker: (shopId: string | null, onPick: (id: string | null) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shopId = params.get('shop');
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const set = (changes: Record<string, string | null>) =>
    setParams((current) => withParams(current, changes), { replace: true });
  return (
    <>
      <TrialBalance />
      <section className="payouts-books" aria-labelledby="statement-title">
        <Typography.Title level={3} className="ops-section-title" id="statement-title">
          {t('opsConsole.payouts.books.statement')}
        </Typography.Title>
        <div className="ops-toolbar">
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="statement-shop">{t('opsConsole.payouts.books.shop')}</label>
            {shopPicker(shopId, (id) => set({ shop: id }))}
          </div>
          <div className="ops-toolbar__item">
            <label htmlFor="statement-period">{t('opsConsole.payouts.books.period')}</label>
            <DatePicker.RangePicker
              id={{ start: 'statement-period' }}
              value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
              allowEmpty={[true, true]}
              format="YYYY-MM-DD"
              onChange={(range) =>
                set({
                  from: range?.[0]?.format('YYYY-MM-DD') ?? null,
                  to: range?.[1]?.format('YYYY-MM-DD') ?? null,
                })
              }
            />
          </div>
        </div>
        {shopId ? (
          <Statement shopId={shopId} from={from} to={to} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('opsConsole.payouts.books.pickShop')} />
        )}
      </section>
    </>
  );
}
