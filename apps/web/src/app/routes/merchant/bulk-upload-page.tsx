import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';
import { BulkUpload } from '../../../features/bulk-parcels/components/bulk-upload';
import { usePickupLocations } from '../../../features/pickup-locations/api/list-pickup-locations';
import { RequireShop } from '../../require-shop';

/** The bulk sheet with the shop's active pickup locations to choose from. */
function ShopBulkUpload({ shopId }: { shopId: string }) {
  const pickups = usePickupLocations(shopId, { status: 'active' });
  return (
    <BulkUpload shopId={shopId} pickups={{ items: pickups.data?.items ?? [], loading: pickups.isPending }} />
  );
}

/** Bulk upload: a sheet of parcels read, checked row by row, fixed in place and booked at once. */
export function BulkUploadPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--wide bulk-page">
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('bulk.title')}
        </Typography.Title>
        <LinkButton to="/parcels">{t('parcels.title')}</LinkButton>
      </div>
      <RequireShop permission="parcel.create">
        {(shop) => <ShopBulkUpload key={shop.id} shopId={shop.id} />}
      </RequireShop>
    </div>
  );
}
