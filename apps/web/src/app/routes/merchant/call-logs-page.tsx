import { CallLogList } from '../../../features/call-logs/components/call-log-list';
import '../../../features/returns/components/returns.css';
import { RequireShop } from '../../require-shop';

/** Call logs (spec 2): calls to the shop's customers, with their recordings for 45 days. */
export function CallLogsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">
        {(shop) => <CallLogList key={shop.id} shopId={shop.id} />}
      </RequireShop>
    </div>
  );
}
