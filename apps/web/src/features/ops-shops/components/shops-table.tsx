import { formatPhoneLocal } from '@dak/domain/phone';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ops/date-time';
import { type PagedListProps, PagedTable } from '../../../components/ui/paged-table';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { OpsShopList, OpsShopListItem } from '../api/list-ops-shops';

/** Shops found: each links to its detail page. Owner, type and size fold away on phones. */
export function ShopsTable(list: PagedListProps<OpsShopList>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: TableColumnsType<OpsShopListItem> = [
    {
      key: 'shop',
      title: t('opsConsole.shops.columns.shop'),
      render: (_, shop) => (
        <>
          <Link to={`/ops/shops/${shop.id}`} className="ops-strong-link">
            {shop.name}
          </Link>
          <span className="ops-secondary phone-number">{formatPhoneLocal(shop.owner.phone)}</span>
        </>
      ),
    },
    {
      key: 'owner',
      title: t('opsConsole.shops.columns.owner'),
      responsive: ['md'],
      render: (_, shop) => shop.owner.name ?? '—',
    },
    {
      key: 'type',
      title: t('opsConsole.shops.columns.type'),
      responsive: ['lg'],
      render: (_, shop) => <Tag>{t(`merchantTypes.${shop.merchantType}`)}</Tag>,
    },
    {
      key: 'members',
      title: t('opsConsole.shops.columns.members'),
      responsive: ['md'],
      align: 'right',
      render: (_, shop) => formatNumber(shop.memberCount, language),
    },
    {
      key: 'created',
      title: t('opsConsole.shops.columns.created'),
      responsive: ['sm'],
      render: (_, shop) => <DateTime value={shop.createdAt} />,
    },
  ];
  return (
    <PagedTable<OpsShopListItem>
      {...list}
      emptyText={t('opsConsole.shops.empty')}
      total={(count, n) => t('opsConsole.shops.total', { count, n })}
      columns={columns}
    />
  );
}
