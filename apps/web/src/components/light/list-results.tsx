import { pagerTotal } from '@dak/domain/lists';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
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

export type PagerProps = {
  current: number;
  pageSize: number;
  total: number;
  /** A phone's "3 / 500". */
  simple: boolean;
  onChange: (page: number) => void;
};

/**
 * How a list's states are drawn: light's parts below (the parcel list, no antd), antd's in
 * components/list (the lists still under AntdOutlet). Components, so a part may use hooks.
 */
export type ListParts = {
  Loading: ComponentType;
  Failed: ComponentType<{ title: string }>;
  Nothing: ComponentType<{ description: ReactNode; action?: ReactNode }>;
  Count: ComponentType<{ children: ReactNode; testId?: string }>;
  Pager: ComponentType<PagerProps>;
};

export type ListResultsProps<T> = {
  list: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The empty state's words and, when there is one, its call to action. */
  empty: { description: ReactNode; action?: ReactNode };
  /** `capped`: the count stopped there (say "10,000+"). */
  countText: (count: number, capped: boolean) => ReactNode;
  countTestId?: string;
  children: (items: T[], phone: boolean) => ReactNode;
};

/**
 * The frame of a merchant list under its filters, drawn with `parts`: a skeleton while loading,
 * the error, the empty state, or the count, the rows (`children`: cards on a phone, a table
 * elsewhere) and the pages. A count that stopped at a cap links the cap's pages and, past them,
 * goes on while pages come back full (`pagerTotal`).
 */
export function ListResultsWith<T>({
  parts: { Loading, Failed, Nothing, Count, Pager },
  list,
  page,
  pageSize,
  onPage,
  empty,
  countText,
  countTestId,
  children,
}: ListResultsProps<T> & { parts: ListParts }) {
  const { errorText } = useErrorText();
  const phone = usePhone();
  if (list.isPending) return <Loading />;
  if (list.isError && !list.data) return <Failed title={errorText(list.error)} />;
  const data = list.data;
  if (!data) return null;
  const error = list.isError ? <Failed title={errorText(list.error)} /> : null;
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
      <Pager current={page} pageSize={pageSize} total={total} simple={phone} onChange={onPage} />
    ) : null;
  if (data.items.length === 0) {
    return (
      <>
        {error}
        <Nothing description={empty.description} action={empty.action} />
        {/* Past a capped count the last full page may have had no successor: a way back. */}
        {capped ? pager : null}
      </>
    );
  }
  return (
    <>
      {error}
      <Count testId={countTestId}>{countText(data.count, capped)}</Count>
      {children(data.items, phone)}
      {pager}
    </>
  );
}

function LightPager(props: PagerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Pagination
      className="parcel-pagination"
      {...props}
      words={{
        label: t('pager.label'),
        previous: t('pager.previous'),
        next: t('pager.next'),
        page: (n) => t('pager.page', { n: formatNumber(n, language) }),
        number: (n) => formatNumber(n, language),
      }}
    />
  );
}

const lightParts: ListParts = {
  Loading: () => <Skeleton rows={6} />,
  Failed: ({ title }) => <Alert type="error" title={title} />,
  Nothing: ({ description, action }) => (
    <Empty className="page-card" description={description}>
      {action}
    </Empty>
  ),
  Count: ({ children, testId }) => (
    <p className="light-list-count" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  ),
  Pager: LightPager,
};

/** A merchant list's results without antd (the parcel list, issue 16). */
export function ListResults<T>(props: ListResultsProps<T>) {
  return <ListResultsWith parts={lightParts} {...props} />;
}
