import { SearchOutlined } from '@ant-design/icons';
import { pagerTotal } from '@dak/domain/lists';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Empty, Input, Pagination, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';
import { usePhone } from './use-phone';

/** `countCapped`: the server stopped counting at `count` (the parcel list's cap); more may follow. */
type Page<T> = { items: T[]; count: number; countCapped?: boolean };

export { usePhone };

/**
 * The frame of a merchant list under its filters: a skeleton while loading, the error, the empty
 * state, or the count, the rows (`children`: cards on a phone, a table elsewhere) and the pages.
 * A count that stopped at a cap links the cap's pages and, past them, goes on while pages come
 * back full (`pagerTotal`).
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
  /** The empty state's words and, when there is one, its call to action. */
  empty: { description: ReactNode; action?: ReactNode };
  /** `capped`: the count stopped there (say "10,000+"). */
  countText: (count: number, capped: boolean) => ReactNode;
  countTestId?: string;
  children: (items: T[], phone: boolean) => ReactNode;
}) {
  const { errorText } = useErrorText();
  const phone = usePhone();
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError && !list.data) return <Alert type="error" showIcon title={errorText(list.error)} />;
  const data = list.data;
  if (!data) return null;
  const error = list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null;
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
        showSizeChanger={false}
        simple={phone}
        onChange={onPage}
      />
    ) : null;
  if (data.items.length === 0) {
    return (
      <>
        {error}
        <Empty className="page-card" image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.description}>
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
      <Typography.Paragraph
        type="secondary"
        className="list-count"
        aria-live="polite"
        data-testid={countTestId}
      >
        {countText(data.count, capped)}
      </Typography.Paragraph>
      {children(data.items, phone)}
      {pager}
    </>
  );
}

/** The merchant lists whose search box reads `<section>.search` and `<section>.searchPlaceholder`. */
type SearchSection = 'parcels' | 'callLogs' | 'returns' | 'customers';

/** A merchant list's search box; the list sends its text when typing pauses (`useSearchText`). */
export function ListSearch({
  search: [value, onChange],
  section,
  className,
}: {
  search: readonly [string, (text: string) => void];
  section: SearchSection;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Input
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={t(`${section}.searchPlaceholder`)}
      aria-label={t(`${section}.search`)}
      className={className ? `list-filters__search ${className}` : 'list-filters__search'}
      type="search"
    />
  );
}

/** A page of a merchant list as a table (one row per item by its id); the list's own pages are below it. */
export function ListTable<T extends { id: string; trackingId?: string }>({
  className,
  columns,
  items,
  loading,
  markTrackingId = false,
}: {
  className: string;
  columns: TableColumnsType<T>;
  items: T[];
  loading: boolean;
  /** Rows carry `data-tracking-id` (for the browser tests and the cards' parity). */
  markTrackingId?: boolean;
}) {
  return (
    <Table<T>
      className={className}
      rowKey="id"
      columns={columns}
      dataSource={items}
      pagination={false}
      loading={loading}
      onRow={
        markTrackingId
          ? (item) => ({ 'data-tracking-id': item.trackingId }) as React.HTMLAttributes<HTMLElement>
          : undefined
      }
    />
  );
}
