import type { Customer } from '@dak/domain/customers';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListResults, ListSearch } from '../../../components/list/list-results';
import { useListParams, useListSearch } from '../../../components/list/use-list-params';
import { customerPageSize, useCustomers } from '../../../features/customers/api/list-customers';
import { CustomerDrawer } from '../../../features/customers/components/customer-drawer';
import { CustomerCards, CustomerTable } from '../../../features/customers/components/customer-list';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function Customers({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const listParams = useListParams({
    pageSize: customerPageSize,
    replace: true,
  });
  const { page, offset, setPage } = listParams;
  const { q, search } = useListSearch(listParams);
  const [editing, setEditing] = useState<Customer | null>(null);
  const list = useCustomers(shop.id, { q, offset });
  const onEdit = shop.can('parcel.edit') ? setEditing : undefined;

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('customers.title')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">{t('customers.intro')}</Typography.Paragraph>
      <div className="list-filters">
        <ListSearch search={search} section="customers" />
      </div>
      <ListResults
        list={list}
        page={page}
        pageSize={customerPageSize}
        onPage={setPage}
        empty={{ description: q ? t('customers.noMatch') : t('customers.empty') }}
        countText={(count) => t('customers.count', { n: formatNumber(count, language) })}
        countTestId="customer-count"
      >
        {(items, phone) =>
          phone ? (
            <CustomerCards items={items} onEdit={onEdit} />
          ) : (
            <CustomerTable items={items} onEdit={onEdit} />
          )
        }
      </ListResults>
      <CustomerDrawer shopId={shop.id} customer={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** Customer address book: the shop's saved customers, searched by phone or name, 20 a page, edited. */
export function CustomersPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">{(shop) => <Customers key={shop.id} shop={shop} />}</RequireShop>
    </div>
  );
}
