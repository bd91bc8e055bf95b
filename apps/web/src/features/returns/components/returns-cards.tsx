import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/list/list-results';

/**
 * Renders a merchant list's results: cards on a phone (a head with the parcel and its tag, then `body`),
 * a table otherwise. `markTrackingId` puts `data-tracking-id` on cards and rows alike.
 */
export function returnsCardsOrTable<T extends { id: string; trackingId: string }>({
  columns,
  loading,
  markTrackingId = false,
  head,
  body,
}: {
  columns: TableColumnsType<T>;
  loading: boolean;
  markTrackingId?: boolean;
  head: (item: T) => ReactNode;
  body: (item: T) => ReactNode;
}) {
  return (items: T[], phone: boolean) =>
    cardsOrTable({ items, phone, columns, loading, markTrackingId, head, body });
}

function cardsOrTable<T extends { id: string; trackingId: string }>({
  items,
  phone,
  columns,
  loading,
  markTrackingId,
  head,
  body,
}: {
  items: T[];
  phone: boolean;
  columns: TableColumnsType<T>;
  loading: boolean;
  markTrackingId: boolean;
  head: (item: T) => ReactNode;
  body: (item: T) => ReactNode;
}) {
  if (!phone) {
    return (
      <ListTable
        className="returns-table"
        columns={columns}
        items={items}
        loading={loading}
        markTrackingId={markTrackingId}
      />
    );
  }
  return (
    <ul className="returns-cards">
      {items.map((item) => (
        <li
          key={item.id}
          className="returns-card page-card"
          data-tracking-id={markTrackingId ? item.trackingId : undefined}
        >
          <div className="returns-card__head">{head(item)}</div>
          {body(item)}
        </li>
      ))}
    </ul>
  );
}
