import { CheckCircleFilled, SettingOutlined, ShopOutlined } from '@ant-design/icons';
import type { ShopRole } from '@dak/domain/permissions';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';

export type ShopRow = { id: string; name: string; role: ShopRole };

/** My shops: each with my role; the selected one first and marked. */
export function ShopList({
  shops,
  selectedId,
  onSelect,
}: {
  shops: ShopRow[];
  selectedId: string | null;
  onSelect: (shopId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="card-list" aria-label={t('shops.title')}>
      {shops.map((shop) => {
        const selected = shop.id === selectedId;
        return (
          <li key={shop.id} className={`card-list__item${selected ? ' card-list__item--selected' : ''}`}>
            <ShopOutlined aria-hidden className="card-list__icon" />
            <div className="card-list__main">
              <div className="card-list__title" data-testid="shop-name">
                {shop.name}
              </div>
              <div className="card-list__meta">
                <Tag>{t(`roles.${shop.role}`)}</Tag>
                {selected ? (
                  <span className="card-list__current">
                    <CheckCircleFilled aria-hidden /> {t('shops.current')}
                  </span>
                ) : null}
              </div>
            </div>
            <div className="card-list__actions">
              {selected ? null : (
                <Button
                  onClick={() => onSelect(shop.id)}
                  aria-label={t('shops.switchTo', { name: shop.name })}
                >
                  {t('shops.switch')}
                </Button>
              )}
              <LinkButton
                to={`/shops/${shop.id}/settings`}
                icon={<SettingOutlined aria-hidden />}
                aria-label={t('shops.settingsOf', { name: shop.name })}
              >
                {t('nav.settings')}
              </LinkButton>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
