import { PlusOutlined } from '@ant-design/icons';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';
import { ShopList } from '../../../features/shops/components/shop-list';
import { RequireShop } from '../../require-shop';
import { useShopState } from '../../shop-context';

/** My shops: every shop I own or work in, with my role; switch, open settings, or create one. */
export function ShopsPage() {
  const { t } = useTranslation();
  const { shops, selectedId, switchShop, status } = useShopState();
  return (
    <div className="page">
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('shops.title')}
        </Typography.Title>
        <LinkButton type="primary" to="/shops/new" icon={<PlusOutlined aria-hidden />}>
          {t('shops.createShop')}
        </LinkButton>
      </div>
      {status === 'none' ? (
        <Empty
          className="page-card"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('shops.noShopBody')}
        />
      ) : (
        <RequireShop>
          {() => <ShopList shops={shops} selectedId={selectedId} onSelect={switchShop} />}
        </RequireShop>
      )}
    </div>
  );
}
