import { EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import type { PickupLocation } from '@dak/domain/shop';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { areaLabel } from '../../../components/ui/area-select';
import { useLanguage } from '../../../lib/i18n';

/** Pickup locations as cards (they read well on a phone): name, status, address, area, phones. */
export function PickupLocationList({
  items,
  canManage,
  onEdit,
}: {
  items: PickupLocation[];
  canManage: boolean;
  onEdit: (pickup: PickupLocation) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="card-list" aria-label={t('pickup.listLabel')}>
      {items.map((pickup) => (
        <li key={pickup.id} className="card-list__item" data-testid="pickup-location">
          <EnvironmentOutlined aria-hidden className="card-list__icon" />
          <div className="card-list__main">
            <div className="card-list__title">
              {pickup.name}{' '}
              <Tag color={pickup.status === 'active' ? 'green' : 'default'}>
                {t(`pickup.statuses.${pickup.status}`)}
              </Tag>
            </div>
            <div className="card-list__text">{pickup.address}</div>
            <div className="card-list__text card-list__muted">{areaLabel(pickup.area, language)}</div>
            <div className="card-list__text card-list__muted">
              <PhoneOutlined aria-hidden />{' '}
              <span dir="ltr" className="phone-number">
                {formatPhoneLocal(pickup.phone)}
              </span>
              {pickup.alternatePhone ? (
                <>
                  {' · '}
                  <span dir="ltr" className="phone-number">
                    {formatPhoneLocal(pickup.alternatePhone)}
                  </span>
                </>
              ) : null}
            </div>
          </div>
          {canManage ? (
            <div className="card-list__actions">
              <Button
                icon={<EditOutlined aria-hidden />}
                onClick={() => onEdit(pickup)}
                aria-label={t('pickup.editNamed', { name: pickup.name })}
              >
                {t('actions.edit')}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
