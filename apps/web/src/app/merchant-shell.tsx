import { Outlet } from 'react-router';
import { TermsGate } from '../features/terms/components/terms-gate';
import { ShopBar } from './shop-bar';
import { useShopState } from './shop-context';

/** Every signed-in merchant page: the shop switcher, the terms reminder, then the page. */
export function MerchantShell() {
  const { shop } = useShopState();
  return (
    <div className="merchant-shell">
      <ShopBar />
      {shop ? <TermsGate key={shop.id} shopId={shop.id} canAccept={shop.can('terms.accept')} /> : null}
      <Outlet />
    </div>
  );
}
