import { Outlet } from 'react-router';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { TermsGate } from '../features/terms/components/terms-gate';
import { ShopBar } from './shop-bar';
import { useShopState } from './shop-context';

/**
 * Every signed-in merchant page: the shop switcher with the notification bell (and the live
 * toasts of the selected shop), the terms reminder, then the page.
 */
export function MerchantShell() {
  const { shop } = useShopState();
  return (
    <div className="merchant-shell">
      <div className="merchant-shell__bar">
        <ShopBar />
        {shop ? <NotificationBell key={shop.id} shopId={shop.id} /> : null}
      </div>
      {shop ? <TermsGate key={shop.id} shopId={shop.id} canAccept={shop.can('terms.accept')} /> : null}
      <Outlet />
    </div>
  );
}
