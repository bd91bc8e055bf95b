import { Suspense } from 'react';
import { Alert } from '../../../components/light/alert';
import { Skeleton } from '../../../components/light/skeleton';
import { withAntd } from '../../../components/light/with-antd';
import { useParcelListPreferences } from '../../../features/parcels/api/parcel-list-preferences';
import { ParcelListView } from '../../../features/parcels/components/parcel-list-view';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

// The labels' button (antd's Select) loads once a parcel is ticked, not with the list (issue 16).
const LabelPrint = withAntd(
  async () => (await import('../../../features/labels/components/label-print')).LabelPrint,
);

function Parcels({ shop }: { shop: SelectedShop }) {
  const preferences = useParcelListPreferences(shop.id);
  const { errorText } = useErrorText();
  if (preferences.isPending) return <Skeleton rows={6} />;
  if (preferences.isError) return <Alert type="error" title={errorText(preferences.error)} />;
  return (
    <ParcelListView
      shopId={shop.id}
      canCreate={shop.can('parcel.create')}
      preferences={preferences.data}
      printLabels={(ids) => (
        <Suspense fallback={null}>
          <LabelPrint shopId={shop.id} parcelIds={ids} />
        </Suspense>
      )}
    />
  );
}

/**
 * Parcels: the selected shop's parcels by stage, payment, date and a search; 20 a page unless the
 * user saved otherwise. Plain React (issue 16): outside the router's AntdOutlet.
 */
export function ParcelsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">{(shop) => <Parcels key={shop.id} shop={shop} />}</RequireShop>
    </div>
  );
}
