import { Table, type TableColumnsType } from 'antd';
import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { ListResults } from '../../../components/list/list-results';

/**
 * A page of the shop's money rows (invoices, ledger lines) in the list frame: cards on a phone, a
 * table elsewhere, each row and card carrying the same `data-*` attribute for the tests.
 */
export function MoneyList<T extends { id: string | number }>({
  columns,
  rowData,
  card,
  ...frame
}: Omit<ComponentProps<typeof ListResults<T>>, 'children'> & {
  columns: TableColumnsType<T>;
  /** The row's `data-*` attribute (`{ 'data-invoice': number }`). */
  rowData: (item: T) => Record<`data-${string}`, string | number>;
  /** A card's inside on a phone. */
  card: (item: T) => ReactNode;
}) {
  return (
    <ListResults {...frame}>
      {(items, phone) =>
        phone ? (
          <ul className="money-list-cards">
            {items.map((item) => (
              <li key={item.id} className="page-card money-list-card" {...rowData(item)}>
                {card(item)}
              </li>
            ))}
          </ul>
        ) : (
          <Table<T>
            className="money-table"
            rowKey="id"
            columns={columns}
            dataSource={items}
            pagination={false}
            loading={frame.list.isPlaceholderData}
            onRow={(item) => rowData(item) as HTMLAttributes<HTMLElement>}
          />
        )
      }
    </ListResults>
  );
}
