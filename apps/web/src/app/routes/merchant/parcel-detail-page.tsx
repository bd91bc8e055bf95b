import { PlusOutlined } from '@ant-design/icons';
import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import { LabelPrint } from '../../../features/labels/components/label-print';
import { useParcel } from '../../../features/parcels/api/get-parcel';
import { ParcelDetailView } from '../../../features/parcels/components/parcel-detail';
import { ParcelMoneyCard } from '../../../features/payments/components/parcel-money-card';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function ParcelDetail({ shop, parcelId }: { shop: SelectedShop; parcelId: string }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const parcel = useParcel(shop.id, parcelId);

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('parcels.detail.title')}
        </Typography.Title>
        <div className="form-actions">
          <LinkButton to="/parcels">{t('parcels.detail.backToList')}</LinkButton>
          {parcel.data && parcel.data.status !== 'deleted' ? (
            <LabelPrint shopId={shop.id} parcelIds={[parcel.data.id]} single />
          ) : null}
          {shop.can('parcel.create') ? (
            <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to="/parcels/new">
              {t('parcels.detail.bookAnother')}
            </LinkButton>
          ) : null}
        </div>
      </div>
      {parcel.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {parcel.isError ? <Alert type="error" showIcon title={errorText(parcel.error)} /> : null}
      {parcel.data ? (
        <ParcelDetailView shopId={shop.id} parcel={parcel.data} canDelete={shop.can('parcel.edit')} />
      ) : null}
      {/* Money is the owner's (payment.view): an editor's or viewer's page never asks for it. */}
      {parcel.data && shop.can('payment.view') ? (
        <ParcelMoneyCard shopId={shop.id} trackingId={parcel.data.trackingId} />
      ) : null}
    </>
  );
}

/** One parcel of the selected shop: every field, the charge and the timeline. */
export function ParcelDetailPage() {
  const { parcelId = '' } = useParams();
  return (
    <div className="page">
      <RequireShop permission="parcel.view">
        {(shop) => <ParcelDetail key={shop.id} shop={shop} parcelId={parcelId} />}
      </RequireShop>
    </div>
  );
}
