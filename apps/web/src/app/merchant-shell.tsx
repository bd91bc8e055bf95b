import { Outlet } from 'react-router';
import { HeaderBanner } from '../features/banners/components/header-banner';
import { PopupBanner } from '../features/banners/components/popup-banner';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useSettings } from '../features/settings/api/get-settings';
import { useShopTerms } from '../features/terms/api/get-shop-terms';
import { TermsGate } from '../features/terms/components/terms-gate';
import { ShopBar } from './shop-bar';
import { useShopState } from './shop-context';

/**
 * A popup banner waits for the terms to be accepted and for the first sign-in's tour to be done
 * (both come first, on the dashboard): one thing over the page at a time.
 */
function ShopPopup({ shopId }: { shopId: string }) {
  const terms = useShopTerms(shopId);
  const settings = useSettings();
  const tourDone = settings.data !== undefined && settings.data.onboardingTourSeenAt !== null;
  return <PopupBanner shopId={shopId} enabled={terms.data?.accepted === true && tourDone} />;
}

/**
 * Every signed-in merchant page: the shop switcher with the notification bell (and the live
 * toasts of the selected shop), the terms reminder, the campaign's header banner and popup, then
 * the page.
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
      {shop ? <HeaderBanner key={shop.id} shopId={shop.id} /> : null}
      {shop ? <ShopPopup key={shop.id} shopId={shop.id} /> : null}
      <Outlet />
    </div>
  );
}
