import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ShopIcon } from '../components/light/icons';
import { useShopState } from './shop-context';

const shopPath = /^\/shops\/[^/]+\/(.+)$/;

/**
 * The shop switcher under the top bar: a native select (the phone's own picker), each shop with my
 * role in it; picking another selects it (and loads my permissions in it). On a page about one shop, the same page opens for the new shop.
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
      <ShopIcon className="shop-bar__icon" />
      <label htmlFor="shop-switcher-select" className="shop-bar__label">
        {t('shopBar.label')}
      </label>
      <select
        id="shop-switcher-select"
        className="shop-bar__select"
        value={selectedId ?? ''}
        aria-busy={status === 'loading' || undefined}
        onChange={(event) => change(event.target.value)}
      >
        {selectedId ? null : <option value="" disabled />}
        {shops.map((shop) => (
          <option key={shop.id} value={shop.id}>
            {`${shop.name} · ${t(`roles.${shop.role}`)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
