import { ParcelStatusTag } from '../../../features/parcels/components/parcel-status-tag';
import { ReturnedList } from '../../../features/returns/components/returned-list';
import '../../../features/returns/components/returns.css';
import { RequireShop } from '../../require-shop';

/** Returned parcels (spec 2): failed deliveries to decide, parcels on the way back, returned ones. */
export function ReturnedParcelsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">
        {(shop) => (
          <ReturnedList
            key={shop.id}
            shopId={shop.id}
            canDecide={shop.can('parcel.edit')}
            statusTag={(status) => <ParcelStatusTag status={status} />}
          />
        )}
      </RequireShop>
    </div>
  );
}
