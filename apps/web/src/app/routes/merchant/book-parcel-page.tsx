import { UploadOutlined } from '@ant-design/icons';
import { Alert, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LinkButton } from '../../../components/ui/link-button';
import { ParcelForm } from '../../../features/parcels/components/parcel-form';
import { usePickupLocations } from '../../../features/pickup-locations/api/list-pickup-locations';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function BookParcel({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errorText } = useErrorText();
  const pickups = usePickupLocations(shop.id, { status: 'active' });

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('parcels.form.title')}
        </Typography.Title>
        <div className="page__actions">
          <LinkButton icon={<UploadOutlined aria-hidden />} to="/parcels/bulk">
            {t('bulk.link')}
          </LinkButton>
          {shop.can('parcel.view') ? <LinkButton to="/parcels">{t('parcels.title')}</LinkButton> : null}
        </div>
      </div>
      {pickups.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {pickups.isError ? <Alert type="error" showIcon title={errorText(pickups.error)} /> : null}
      {pickups.data && pickups.data.items.length === 0 ? (
        <Result
          className="page-card"
          status="info"
          title={t('parcels.form.noPickupTitle')}
          subTitle={t('parcels.form.noPickupBody')}
          extra={
            <LinkButton type="primary" to={`/shops/${shop.id}/pickup-locations`}>
              {t('parcels.form.noPickupAction')}
            </LinkButton>
          }
        />
      ) : null}
      {pickups.data && pickups.data.items.length > 0 ? (
        <ParcelForm
          key={shop.id}
          shopId={shop.id}
          pickups={pickups.data.items}
          onBooked={(parcel) => {
            toast.success(t('parcels.form.booked', { trackingId: parcel.trackingId }));
            void navigate(`/parcels/${parcel.id}`, { state: { booked: true } });
          }}
        />
      ) : null}
    </>
  );
}

/** Book parcel: one parcel for the selected shop, with its charge shown as the form changes. */
export function BookParcelPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.create">{(shop) => <BookParcel shop={shop} />}</RequireShop>
    </div>
  );
}
