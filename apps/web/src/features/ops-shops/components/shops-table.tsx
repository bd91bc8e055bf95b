import { formatPhoneLocal } from '@dak/domain/phone';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OpsTable } from '../../../components/list/ops-list';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { OpsShopList, OpsShopListItem } from '../api/list-ops-shops';

type ShopsTableProps = {
  data: OpsShopList | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

/** Shops found: each links to its detail page. Owner, type and size fold away on phones. */
export function ShopsTable({ data, loading, page, pageSize, onPageChange }: ShopsTableProps) {
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
    <OpsTable<OpsShopListItem>
      data={data}
      loading={loading}
      columns={columns}
      page={page}
      pageSize={pageSize}
      onPage={onPageChange}
      emptyText={t('opsConsole.shops.empty')}
      totalText={(total) => t('opsConsole.shops.total', { count: total, n: formatNumber(total, language) })}
    />
  );
}
