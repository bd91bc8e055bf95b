import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { AppLayout, type NavItem } from '../components/layouts/app-layout';
import { useAuth } from '../lib/auth-storage';
import { AccountActions } from './account-actions';

export function RootLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const links: NavItem[] =
    auth?.kind === 'user'
      ? [{ to: '/dashboard', label: t('nav.dashboard') }]
      : auth?.kind === 'staff'
        ? [{ to: '/ops', label: t('nav.operations') }]
        : [];
  return (
    <AppLayout links={links} actions={<AccountActions />}>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}
