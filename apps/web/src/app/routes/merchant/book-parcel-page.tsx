import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/light/alert';
import { LinkButton } from '../../../components/light/button';
import { UploadIcon } from '../../../components/light/icons';
import { Result } from '../../../components/light/result';
import { Skeleton } from '../../../components/light/skeleton';
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
        <h1 className="page__title booking-page__title">{t('parcels.form.title')}</h1>
        <div className="page__actions">
          <LinkButton to="/parcels/bulk" className="booking-page__bulk">
            <UploadIcon /> {t('bulk.link')}
          </LinkButton>
          {shop.can('parcel.view') ? <LinkButton to="/parcels">{t('parcels.title')}</LinkButton> : null}
        </div>
      </div>
      {pickups.isPending ? <Skeleton rows={6} /> : null}
      {pickups.isError ? <Alert type="error" title={errorText(pickups.error)} /> : null}
      {pickups.data && pickups.data.items.length === 0 ? (
        <Result
          status="info"
          title={t('parcels.form.noPickupTitle')}
          subTitle={t('parcels.form.noPickupBody')}
          extra={
            <LinkButton variant="primary" to={`/shops/${shop.id}/pickup-locations`}>
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
    <div className="page page--wide booking-page">
      <RequireShop permission="parcel.create">{(shop) => <BookParcel shop={shop} />}</RequireShop>
    </div>
  );
}
