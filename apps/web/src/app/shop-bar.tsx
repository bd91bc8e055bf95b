import { ShopOutlined } from '@ant-design/icons';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useShopState } from './shop-context';

const shopPath = /^\/shops\/[^/]+\/(.+)$/;

/**
 * The shop switcher under the top bar: the selected shop first; picking another selects it (and
 * loads my permissions in it). On a page about one shop, the same page opens for the new shop.
 */
export function ShopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { shops, selectedId, switchShop, status } = useShopState();
  if (shops.length === 0) return null;

  const change = (shopId: string) => {
    switchShop(shopId);
    const rest = shopPath.exec(pathname)?.[1];
    if (rest && rest !== 'new') void navigate(`/shops/${shopId}/${rest}`);
  };

  return (
    <div className="shop-bar" id="shop-switcher">
      <ShopOutlined aria-hidden className="shop-bar__icon" />
      <label htmlFor="shop-switcher-select" className="shop-bar__label">
        {t('shopBar.label')}
      </label>
      <Select<string>
        id="shop-switcher-select"
        className="shop-bar__select"
        value={selectedId ?? undefined}
        loading={status === 'loading'}
        onChange={change}
        popupMatchSelectWidth={false}
        options={shops.map((shop) => ({
          value: shop.id,
          label: (
            <span className="shop-bar__option">
              <span className="shop-bar__name">{shop.name}</span>
              <Tag className="shop-bar__role">{t(`roles.${shop.role}`)}</Tag>
            </span>
          ),
        }))}
      />
    </div>
  );
}
