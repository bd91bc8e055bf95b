import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLayout, type NavItem } from '../components/layouts/app-layout';
import { useAuth } from '../lib/auth-storage';
import { AccountActions } from './account-actions';
import { useShopState } from './shop-context';

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

/**
 * The frame of the merchant panel and the console (top bar with the menu and the account's
 * buttons, footer), and of the 503 and not-found pages. Loaded with the first such page, so the
 * sign-in page never downloads it. Written without antd (issue 16): antd's providers sit below it,
 * around the pages that still use antd (`AntdOutlet` in the router), so the first screen after
 * sign-in (this frame and the dashboard) loads no antd. Renders `children`, else the child route.
 */
export function PanelFrame({ children }: { children?: ReactNode }) {
  return (
    <AppLayout links={useNavLinks()} actions={<AccountActions />}>
      {children ?? <Outlet />}
    </AppLayout>
  );
}
