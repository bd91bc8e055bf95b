import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from './route-title';
import { ShopProvider } from './shop-context';

function Page() {
  useRouteTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * What every page of the app needs, and nothing more (no antd, no frame): the shop state, the
 * tab's title and the scroll position. The sign-in page's plain frame (`SignedOutFrame`) and the
 * panel's (`PanelFrame`, lazy) are child routes. The shop state stays mounted whoever is signed
 * in, so signing in or out never remounts the page that did it.
 */
export function RootLayout() {
  return (
    <ShopProvider>
      <Page />
    </ShopProvider>
  );
}
