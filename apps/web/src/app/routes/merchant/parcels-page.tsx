import { Alert, Skeleton } from 'antd';
import { LabelPrint } from '../../../features/labels/components/label-print';
import { useParcelListPreferences } from '../../../features/parcels/api/parcel-list-preferences';
import { ParcelListView } from '../../../features/parcels/components/parcel-list-view';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function Parcels({ shop }: { shop: SelectedShop }) {
  const preferences = useParcelListPreferences(shop.id);
  const { errorText } = useErrorText();
  if (preferences.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (preferences.isError) return <Alert type="error" showIcon title={errorText(preferences.error)} />;
  return (
    <ParcelListView
      shopId={shop.id}
      canCreate={shop.can('parcel.create')}
      preferences={preferences.data}
      printLabels={(ids) => <LabelPrint shopId={shop.id} parcelIds={ids} />}
    />
  );
}

/** Parcels: the selected shop's parcels by stage, payment, date and a search; 20 a page unless the user saved otherwise. */
export function ParcelsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">{(shop) => <Parcels key={shop.id} shop={shop} />}</RequireShop>
    </div>
  );
}
