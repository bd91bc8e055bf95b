import { createBrowserRouter } from 'react-router';
import { toast } from 'react-toastify';
import { configureApiClient } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { endSession } from '../lib/session';
import { PageLoading } from './page-loading';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { LoginPage } from './routes/public/login-page';
import { NotFoundPage } from './routes/public/not-found-page';
import { PublicSitePage } from './routes/public/public-site-page';
import { RegisterPage } from './routes/public/register-page';
import { ResetPasswordPage } from './routes/public/reset-password-page';
import { RouteErrorPage } from './routes/public/route-error-page';
import { ServiceUnavailablePage } from './routes/public/service-unavailable-page';

/** Public pages load with the app; the merchant panel and the operations console on first visit. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // The home page is the public site's, rendered by the server: leave the app for it.
      { index: true, element: <PublicSitePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth kind="user" />,
        children: [
          {
            // Signed-in merchant pages: the shop switcher and the terms reminder above each.
            lazy: async () => ({ Component: (await import('./merchant-shell')).MerchantShell }),
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/dashboard-page')).DashboardPage,
                }),
              },
              {
                path: 'shops',
                lazy: async () => ({ Component: (await import('./routes/merchant/shops-page')).ShopsPage }),
              },
              {
                path: 'shops/new',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/create-shop-page')).CreateShopPage,
                }),
              },
              {
                path: 'shops/:shopId/settings',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/shop-settings-page')).ShopSettingsPage,
                }),
              },
              {
                path: 'shops/:shopId/pickup-locations',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/pickup-locations-page')).PickupLocationsPage,
                }),
              },
              {
                path: 'shops/:shopId/team',
                lazy: async () => ({ Component: (await import('./routes/merchant/team-page')).TeamPage }),
              },
              {
                path: 'parcels',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/parcels-page')).ParcelsPage,
                }),
              },
              {
                path: 'returned-parcels',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/returned-parcels-page')).ReturnedParcelsPage,
                }),
              },
              {
                path: 'track-parcel',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/track-parcel-page')).TrackParcelPage,
                }),
              },
              {
                path: 'call-logs',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/call-logs-page')).CallLogsPage,
                }),
              },
              {
                path: 'customers',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/customers-page')).CustomersPage,
                }),
              },
              {
                path: 'parcels/new',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/book-parcel-page')).BookParcelPage,
                }),
              },
              {
                path: 'parcels/bulk',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/bulk-upload-page')).BulkUploadPage,
                }),
              },
              {
                path: 'parcels/:parcelId',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/parcel-detail-page')).ParcelDetailPage,
                }),
              },
              {
                path: 'payments',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/payments-page')).PaymentsPage,
                }),
              },
              {
                path: 'payments/invoices/:invoiceId',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/invoice-page')).InvoicePage,
                }),
              },
              {
                path: 'transactions',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/transactions-page')).TransactionsPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('./routes/merchant/settings-page')).SettingsPage,
                }),
              },
              {
                path: 'nid',
                lazy: async () => ({ Component: (await import('./routes/merchant/nid-page')).NidPage }),
              },
            ],
          },
        ],
      },
      {
        path: 'ops/login',
        lazy: async () => ({ Component: (await import('./routes/ops/ops-login-page')).OpsLoginPage }),
      },
      {
        element: <RequireAuth kind="staff" />,
        children: [
          {
            path: 'ops',
            lazy: async () => ({ Component: (await import('./routes/ops/ops-layout')).OpsLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/ops/ops-home-page')).OpsHomePage }),
              },
              {
                path: 'shops',
                lazy: async () => ({ Component: (await import('./routes/ops/shops-page')).ShopsPage }),
              },
              {
                path: 'shops/:shopId',
                lazy: async () => ({
                  Component: (await import('./routes/ops/shop-detail-page')).ShopDetailPage,
                }),
              },
              {
                path: 'nid',
                lazy: async () => ({ Component: (await import('./routes/ops/nid-page')).NidPage }),
              },
              {
                path: 'banks',
                lazy: async () => ({ Component: (await import('./routes/ops/banks-page')).BanksPage }),
              },
              {
                path: 'terms',
                lazy: async () => ({ Component: (await import('./routes/ops/terms-page')).TermsPage }),
              },
              {
                path: 'flags',
                lazy: async () => ({ Component: (await import('./routes/ops/flags-page')).FlagsPage }),
              },
              {
                path: 'sms',
                lazy: async () => ({ Component: (await import('./routes/ops/sms-page')).SmsPage }),
              },
              {
                path: 'content',
                lazy: async () => ({ Component: (await import('./routes/ops/content-page')).ContentPage }),
              },
              {
                path: 'leads',
                lazy: async () => ({ Component: (await import('./routes/ops/leads-page')).LeadsPage }),
              },
              {
                path: 'hubs',
                lazy: async () => ({ Component: (await import('./routes/ops/hubs-page')).HubsPage }),
              },
              {
                path: 'riders',
                lazy: async () => ({ Component: (await import('./routes/ops/riders-page')).RidersPage }),
              },
              {
                path: 'pickups',
                lazy: async () => ({ Component: (await import('./routes/ops/pickups-page')).PickupsPage }),
              },
              {
                path: 'hub-scan',
                lazy: async () => ({ Component: (await import('./routes/ops/hub-scan-page')).HubScanPage }),
              },
              {
                path: 'runs',
                lazy: async () => ({ Component: (await import('./routes/ops/runs-page')).RunsPage }),
              },
              {
                path: 'returns',
                lazy: async () => ({ Component: (await import('./routes/ops/returns-page')).ReturnsPage }),
              },
              {
                path: 'parcel-status',
                lazy: async () => ({
                  Component: (await import('./routes/ops/parcel-status-page')).ParcelStatusPage,
                }),
              },
              {
                path: 'cash',
                lazy: async () => ({ Component: (await import('./routes/ops/cash-page')).CashPage }),
              },
              {
                path: 'payouts',
                lazy: async () => ({ Component: (await import('./routes/ops/payouts-page')).PayoutsPage }),
              },
            ],
          },
        ],
      },
      { path: '503', element: <ServiceUnavailablePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // The rider's phone view: outside the site's frame, its own small chunks, none of the console's.
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: 'rider/login',
        lazy: async () => ({ Component: (await import('./routes/rider/rider-login-page')).RiderLoginPage }),
      },
      {
        element: <RequireAuth kind="staff" loginPath="/rider/login" />,
        children: [
          {
            path: 'rider',
            lazy: async () => ({ Component: (await import('./routes/rider/rider-shell')).RiderShell }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/rider/rider-home')).RiderHome }),
              },
              {
                path: 'run',
                lazy: async () => ({
                  Component: (await import('./routes/rider/rider-run-page')).RiderRunPage,
                }),
              },
              {
                path: 'pickups',
                lazy: async () => ({
                  Component: (await import('./routes/rider/rider-pickups-page')).RiderPickupsPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
]);

configureApiClient({
  // The session is gone on the server: leave the signed-in page first (flushSync: rendered at
  // once), then forget the session, so the page's sign-in guard does not send them to /login.
  onUnauthorized: () => {
    // A staff session that ended goes back to the staff sign-in, not the merchants' home page.
    const { pathname } = router.state.location;
    const to = pathname.startsWith('/ops')
      ? '/ops/login'
      : pathname.startsWith('/rider')
        ? '/rider/login'
        : '/';
    void router.navigate(to, { replace: true, flushSync: true, state: { signedOut: true } }).then(() => {
      endSession();
      toast.info(i18n.t('errors.codes.UNAUTHENTICATED'), { toastId: 'unauthenticated' });
    });
  },
  onUnreachable: () => {
    const { pathname, search } = router.state.location;
    if (pathname === '/503') return;
    void router.navigate('/503', { state: { from: `${pathname}${search}` } });
  },
});
