import type { Permission } from '@dak/domain/permissions';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, LinkButton } from '../components/light/button';
import { Result } from '../components/light/result';
import { Skeleton } from '../components/light/skeleton';
import { type SelectedShop, useShopState } from './shop-context';

/**
 * A page about one shop: the shop in the URL (/shops/:shopId/…) or else the selected one. A shop
 * in the URL that is not the selected one becomes selected, so its permissions are the ones
 * loaded. Without the page's permission the page says so instead of showing what the server
 * would refuse. Plain React, no antd (issue 16): the page inside brings its own.
 */
export function RequireShop({
  permission,
  children,
}: {
  permission?: Permission;
  children: (shop: SelectedShop) => ReactNode;
}) {
  const { t } = useTranslation();
  const { shopId } = useParams();
  const state = useShopState();
  const { shops, selectedId, switchShop } = state;
  const inList = shopId ? shops.some((item) => item.id === shopId) : true;

  useEffect(() => {
    if (shopId && inList && shopId !== selectedId) switchShop(shopId);
  }, [shopId, inList, selectedId, switchShop]);

  if (state.status === 'error') {
    return (
      <Result
        status="warning"
        title={t('shops.loadFailed')}
        extra={
          <Button variant="primary" onClick={state.retry}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (state.status === 'none') {
    return (
      <Result
        status="info"
        title={t('shops.noShopTitle')}
        subTitle={t('shops.noShopBody')}
        extra={
          <LinkButton variant="primary" to="/shops/new">
            {t('shops.createShop')}
          </LinkButton>
        }
      />
    );
  }
  if (shops.length > 0 && !inList) {
    return (
      <Result
        status="warning"
        title={t('shops.notFound')}
        extra={<LinkButton to="/shops">{t('shops.backToShops')}</LinkButton>}
      />
    );
  }
  const shop = state.shop;
  if (!shop || (shopId && shop.id !== shopId)) return <Skeleton rows={5} />;
  if (permission && !shop.can(permission)) {
    return (
      <Result status="warning" title={t('shops.noPermissionTitle')} subTitle={t('shops.noPermissionBody')} />
    );
  }
  return <>{children(shop)}</>;
}
