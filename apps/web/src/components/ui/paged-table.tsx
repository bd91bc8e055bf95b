import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';

/** One page of a list the server pages: its rows and how many there are in all. */
export type PageOf<T> = { items: T[]; count: number };

/** What a page of a console list gets from its page: the answer and where the pager stands. */
export type PagedListProps<List> = {
  data: List | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

type PagedTableProps<T> = PagedListProps<PageOf<T>> &
  Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale' | 'pagination'> & {
    emptyText: ReactNode;
    /** The line under the pager ("12 shops"): the count, and the count in the page's digits. */
    total?: (count: number, n: string) => ReactNode;
  };

/**
 * A console table of one server page: rows keyed by id, the pager under it only when there is
 * more than one page, no page-size changer.
 */
export function PagedTable<T extends object>({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  emptyText,
  total,
  ...table
}: PagedTableProps<T>) {
  const language = useLanguage();
  return (
    <Table<T>
      className="ops-table"
      rowKey="id"
      {...table}
      dataSource={data?.items ?? []}
      loading={loading}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize,
        total: data?.count ?? 0,
        onChange: onPageChange,
        showSizeChanger: false,
        hideOnSinglePage: true,
        ...(total ? { showTotal: (count: number) => total(count, formatNumber(count, language)) } : {}),
      }}
    />
  );
}
