import { SearchOutlined } from '@ant-design/icons';
import type { Customer } from '@dak/domain/customers';
import { Alert, Empty, Grid, Input, Pagination, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { customerPageSize, useCustomers } from '../../../features/customers/api/list-customers';
import { CustomerDrawer } from '../../../features/customers/components/customer-drawer';
import { CustomerCards, CustomerTable } from '../../../features/customers/components/customer-list';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function Customers({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const phone = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const [text, setText] = useState(q ?? '');
  const [editing, setEditing] = useState<Customer | null>(null);
  const list = useCustomers(shop.id, { q, offset: (page - 1) * customerPageSize });

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The search runs when typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((q ?? '') !== text.trim()) update({ q: text.trim() || undefined });
    }, 350);
    return () => window.clearTimeout(timer);
  });

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
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('customers.searchPlaceholder')}
          aria-label={t('customers.search')}
          className="list-filters__search"
          type="search"
        />
      </div>
      {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      {list.data ? (
        list.data.items.length === 0 ? (
          <Empty
            className="page-card"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q ? t('customers.noMatch') : t('customers.empty')}
          />
        ) : (
          <>
            <Typography.Paragraph
              type="secondary"
              className="list-count"
              aria-live="polite"
              data-testid="customer-count"
            >
              {t('customers.count', { n: formatNumber(list.data.count, language) })}
            </Typography.Paragraph>
            {phone ? (
              <CustomerCards items={list.data.items} onEdit={onEdit} />
            ) : (
              <CustomerTable items={list.data.items} onEdit={onEdit} />
            )}
            {list.data.count > customerPageSize ? (
              <Pagination
                className="parcel-pagination"
                current={page}
                pageSize={customerPageSize}
                total={list.data.count}
                showSizeChanger={false}
                simple={phone}
                onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
              />
            ) : null}
          </>
        )
      ) : null}
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
