import { SearchOutlined } from '@ant-design/icons';
import { Alert, Empty, Input, Pagination, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListParts, type ListResultsProps, ListResultsWith } from '../light/list-results';
import { usePhone } from '../light/use-phone';

export { usePhone };

/** The list's states in antd's components, for the merchant lists still under AntdOutlet. */
const antdParts: ListParts = {
  Loading: () => <Skeleton active paragraph={{ rows: 6 }} />,
  Failed: ({ title }) => <Alert type="error" showIcon title={title} />,
  Nothing: ({ description, action }) => (
    <Empty className="page-card" image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  ),
  Count: ({ children, testId }) => (
    <Typography.Paragraph type="secondary" className="list-count" aria-live="polite" data-testid={testId}>
      {children}
    </Typography.Paragraph>
  ),
  Pager: (props) => <Pagination className="parcel-pagination" showSizeChanger={false} {...props} />,
};

/**
 * The frame of a merchant list under its filters in antd's look: components/light's
 * `ListResultsWith` (loading, error, empty, count, rows, pages) drawn with antd's parts.
 */
export function ListResults<T>(props: ListResultsProps<T>) {
  return <ListResultsWith parts={antdParts} {...props} />;
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
