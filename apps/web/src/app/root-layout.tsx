import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { AppLayout, type NavItem } from '../components/layouts/app-layout';
import { useAuth } from '../lib/auth-storage';
import { AccountActions } from './account-actions';
import { useRouteTitle } from './route-title';
import { ShopProvider, useShopState } from './shop-context';

/**
 * The menu: for a merchant, what their role in the selected shop may open (the server refuses the
 * rest anyway); for staff, the console.
 */
function useNavLinks(): NavItem[] {
  const { t } = useTranslation();
  const auth = useAuth();
  const { shop } = useShopState();
  if (auth?.kind === 'staff') return [{ to: '/ops', label: t('nav.operations') }];
  if (auth?.kind !== 'user') return [];
  const links: NavItem[] = [
    { to: '/dashboard', label: t('nav.dashboard') },
    { to: '/shops', label: t('nav.shops'), end: true },
  ];
  if (shop) {
    if (shop.can('parcel.view')) links.push({ to: '/parcels', label: t('nav.parcels'), end: true });
    if (shop.can('parcel.create')) links.push({ to: '/parcels/new', label: t('nav.bookParcel') });
    if (shop.can('parcel.view')) links.push({ to: '/track-parcel', label: t('nav.trackParcel') });
    if (shop.can('parcel.view')) links.push({ to: '/returned-parcels', label: t('nav.returns') });
    if (shop.can('parcel.view')) links.push({ to: '/customers', label: t('nav.customers') });
    // Money is the owner's (payment.view): editors and viewers are not shown it (issue 13).
    if (shop.can('payment.view')) links.push({ to: '/payments', label: t('nav.payments') });
    if (shop.can('payment.view')) links.push({ to: '/transactions', label: t('nav.transactions') });
    links.push({ to: `/shops/${shop.id}/pickup-locations`, label: t('nav.pickup') });
    if (shop.can('team.view')) links.push({ to: `/shops/${shop.id}/team`, label: t('nav.team') });
    if (shop.can('apikey.manage')) links.push({ to: '/developer-apis', label: t('nav.developerApis') });
  }
  links.push({ to: '/settings', label: t('nav.settings') });
  return links;
}

function Shell() {
  useRouteTitle();
  return (
    <AppLayout links={useNavLinks()} actions={<AccountActions />}>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}

// The shop state sits above the shell (the menu depends on the role) and stays mounted whoever is
// signed in, so signing in or out never remounts the page that did it.
export function RootLayout() {
  return (
    <ShopProvider>
      <Shell />
    </ShopProvider>
  );
}
