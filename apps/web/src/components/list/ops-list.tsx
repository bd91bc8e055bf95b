import type { UseQueryResult } from '@tanstack/react-query';
import { Input, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLatinDigits } from '../../lib/format';
import { isForbidden, OpsLoadError } from '../ops/ops-error';
import { PagedTable } from '../ui/paged-table';

type Page<T> = { items: T[]; count: number };

type TableFrame<T> = {
  columns: TableColumnsType<T>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  emptyText: ReactNode;
  totalText: (total: number) => ReactNode;
  rowKey?: TableProps<T>['rowKey'];
  rowSelection?: TableProps<T>['rowSelection'];
};

/** A console table of one page of a list: its pages (hidden when one), the total under it, the empty text. */
export function OpsTable<T extends object>({
  onPage,
  totalText,
  ...table
}: TableFrame<T> & { data: Page<T> | undefined; loading: boolean }) {
  return <PagedTable<T> {...table} onPageChange={onPage} total={(count) => totalText(count)} />;
}

/**
 * The frame of a console list: the load error (403 says so) or the table, loading while the next
 * page comes. On a phone the caller passes one compact column instead of many.
 */
export function OpsListTable<T extends object>({
  list,
  ...frame
}: TableFrame<T> & { list: UseQueryResult<Page<T>> }) {
  if (list.isError && (isForbidden(list.error) || !list.data)) {
    return <OpsLoadError error={list.error} onRetry={() => void list.refetch()} />;
  }
  return <OpsTable<T> data={list.data} loading={list.isPending || list.isPlaceholderData} {...frame} />;
}

/** The console lists whose search reads `opsConsole.<room>.searchLabel` and `.searchPlaceholder`. */
type SearchRoom = 'riders' | 'returns' | 'hubs' | 'shops';

/** A console list's search: a labelled box sent on Enter or its button, in Latin digits. */
export function OpsSearch({
  room,
  search: [value, onChange],
  onSearch,
  maxLength = 60,
}: {
  room: SearchRoom;
  search: readonly [string, (text: string) => void];
  onSearch: (query: string | null) => void;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const id = `ops-${room}-search`;
  return (
    <div className="ops-toolbar__item ops-toolbar__grow">
      <label htmlFor={id}>{t(`opsConsole.${room}.searchLabel`)}</label>
      <Input.Search
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onSearch={(text) => onSearch(toLatinDigits(text.trim()) || null)}
        placeholder={t(`opsConsole.${room}.searchPlaceholder`)}
        enterButton={t('opsConsole.common.search')}
        allowClear
        maxLength={maxLength}
      />
    </div>
  );
}
