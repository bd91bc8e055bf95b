import { pagerTotal } from '@dak/domain/lists';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { Alert } from './alert';
import { Empty } from './empty';
import { Pagination } from './pagination';
import { Skeleton } from './skeleton';
import { usePhone } from './use-phone';
import './list.css';

/** `countCapped`: the server stopped counting at `count` (the parcel list's cap); more may follow. */
type Page<T> = { items: T[]; count: number; countCapped?: boolean };

/**
 * components/list's ListResults without antd (the parcel list, issue 16): a skeleton while
 * loading, the error, the empty state, or the count, the rows (`children`: cards on a phone, a
 * table elsewhere) and the pages. A count that stopped at a cap links the cap's pages and, past
 * them, goes on while pages come back full (`pagerTotal`).
 */
export function ListResults<T>({
  list,
  page,
  pageSize,
  onPage,
  empty,
  countText,
  countTestId,
  children,
}: {
  list: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: { description: ReactNode; action?: ReactNode };
  countText: (count: number, capped: boolean) => ReactNode;
  countTestId?: string;
  children: (items: T[], phone: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const phone = usePhone();
  if (list.isPending) return <Skeleton rows={6} />;
  if (list.isError && !list.data) return <Alert type="error" title={errorText(list.error)} />;
  const data = list.data;
  if (!data) return null;
  const error = list.isError ? <Alert type="error" title={errorText(list.error)} /> : null;
  const capped = data.countCapped ?? false;
  const total = pagerTotal({
    count: data.count,
    countCapped: capped,
    page,
    pageSize,
    itemsOnPage: data.items.length,
  });
  const pager =
    total > pageSize ? (
      <Pagination
        className="parcel-pagination"
        current={page}
        pageSize={pageSize}
        total={total}
        simple={phone}
        onChange={onPage}
        words={{
          label: t('pager.label'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          page: (n) => t('pager.page', { n: formatNumber(n, language) }),
          number: (n) => formatNumber(n, language),
        }}
      />
    ) : null;
  if (data.items.length === 0) {
    return (
      <>
        {error}
        <Empty className="page-card" description={empty.description}>
          {empty.action}
        </Empty>
        {/* Past a capped count the last full page may have had no successor: a way back. */}
        {capped ? pager : null}
      </>
    );
  }
  return (
    <>
      {error}
      <p className="light-list-count" aria-live="polite" data-testid={countTestId}>
        {countText(data.count, capped)}
      </p>
      {children(data.items, phone)}
      {pager}
    </>
  );
}
