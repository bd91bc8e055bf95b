import { createBrowserRouter } from 'react-router';
import { toast } from 'react-toastify';
import { configureApiClient } from '../lib/api-client';
import { i18n, loadConsoleStrings } from '../lib/i18n';
import { endSession } from '../lib/session';
import { OfflineNotice } from './offline-notice';
import { PageLoading } from './page-loading';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { bookParcelLoader, dashboardLoader, merchantShellLoader, parcelsLoader } from './route-data';
import { TitledOutlet, titled } from './route-title';
import { LoginPage } from './routes/public/login-page';
import { PublicSitePage } from './routes/public/public-site-page';
import { RouteErrorPage } from './routes/public/route-error-page';
import { SignedOutFrame } from './signed-out-frame';

/** antd's theme, locale and App context for the child routes (the pages still written with antd). */
const antdOutlet = async () => ({ Component: (await import('./antd-providers')).AntdOutlet });

/**
 * Only the sign-in page loads with the app (the first screen, issue 16); every other page, the
 * merchant panel's and the console's, comes on first visit. No antd above the sign-in page: the
 * root holds what every page needs, the signed-out pages have a plain frame, and antd comes with
 * the panel's frame (`PanelFrame`, lazy) or with a page that uses it (`AntdOutlet`, lazy).
 * The panel's frame and the dashboard use no antd either: after sign-in, antd comes with the first
 * page that uses it (`AntdOutlet` around every other page).
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // The home page is the public site's, rendered by the server: leave the app for it.
      { index: true, element: <PublicSitePage /> },
      {
        // Signed out: a plain frame (no antd); sign-up and reset still use antd, the sign-in none.
        element: <SignedOutFrame />,
        children: [
          { path: 'login', ...titled('pageTitles.login'), element: <LoginPage /> },
          {
            lazy: antdOutlet,
            children: [
              {
                path: 'register',
                ...titled('pageTitles.register'),
                lazy: async () => ({
                  Component: (await import('./routes/public/register-page')).RegisterPage,
                }),
              },
              {
                path: 'reset-password',
                ...titled('pageTitles.resetPassword'),
                lazy: async () => ({
                  Component: (await import('./routes/public/reset-password-page')).ResetPasswordPage,
                }),
              },
            ],
          },
        ],
      },
      {
        // The panel's and the console's frame, with antd's providers (lazy: after sign-in).
        lazy: async () => ({ Component: (await import('./panel-frame')).PanelFrame }),
        children: [
          {
            element: <RequireAuth kind="user" />,
            children: [
              {
                // Signed-in merchant pages: the shop switcher and the terms reminder above each.
                // The loader asks for the shop list and the kept shop's permissions while the
                // chunks load (route-data.ts).
                loader: merchantShellLoader,
                lazy: async () => ({ Component: (await import('./merchant-shell')).MerchantShell }),
                children: [
                  {
                    path: 'dashboard',
                    ...titled('pageTitles.dashboard'),
                    loader: dashboardLoader,
                    lazy: async () => ({
                      Component: (await import('./routes/merchant/dashboard-page')).DashboardPage,
                    }),
                  },
                  {
                    // The parcel list: plain React, antd only with its tools when used (issue 16).
                    path: 'parcels',
                    ...titled('pageTitles.parcels'),
                    // Its preferences and first page, while the chunks load (route-data.ts).
                    loader: parcelsLoader,
                    lazy: async () => ({
                      Component: (await import('./routes/merchant/parcels-page')).ParcelsPage,
                    }),
                  },
                  {
                    // The booking form is plain too (issue 16): antd comes only with its rare dialogs.
                    path: 'parcels/new',
                    ...titled('pageTitles.bookParcel'),
                    // The pickup locations and categories, while the chunks load (route-data.ts).
                    loader: bookParcelLoader,
                    lazy: async () => ({
                      Component: (await import('./routes/merchant/book-parcel-page')).BookParcelPage,
                    }),
                  },
                  {
                    // Every other merchant page still uses antd: its providers come with the first of them.
                    lazy: antdOutlet,
                    children: [
                      {
                        path: 'shops',
                        ...titled('pageTitles.shops'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/shops-page')).ShopsPage,
                        }),
                      },
                      {
                        path: 'shops/new',
                        ...titled('pageTitles.createShop'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/create-shop-page')).CreateShopPage,
                        }),
                      },
                      {
                        path: 'shops/:shopId/settings',
                        ...titled('pageTitles.shopSettings'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/shop-settings-page')).ShopSettingsPage,
                        }),
                      },
                      {
                        path: 'shops/:shopId/pickup-locations',
                        ...titled('pageTitles.pickupLocations'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/pickup-locations-page'))
                            .PickupLocationsPage,
                        }),
                      },
                      {
                        path: 'shops/:shopId/team',
                        ...titled('pageTitles.team'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/team-page')).TeamPage,
                        }),
                      },
                      {
                        path: 'developer-apis',
                        ...titled('pageTitles.developerApis'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/developer-apis-page'))
                            .DeveloperApisPage,
                        }),
                      },
                      {
                        path: 'returned-parcels',
                        ...titled('pageTitles.returns'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/returned-parcels-page'))
                            .ReturnedParcelsPage,
                        }),
                      },
                      {
                        path: 'track-parcel',
                        ...titled('pageTitles.trackParcel'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/track-parcel-page')).TrackParcelPage,
                        }),
                      },
                      {
                        path: 'call-logs',
                        ...titled('pageTitles.callLogs'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/call-logs-page')).CallLogsPage,
                        }),
                      },
                      {
                        path: 'customers',
                        ...titled('pageTitles.customers'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/customers-page')).CustomersPage,
                        }),
                      },
                      {
                        path: 'parcels/bulk',
                        ...titled('pageTitles.bulkUpload'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/bulk-upload-page')).BulkUploadPage,
                        }),
                      },
                      {
                        path: 'parcels/:parcelId',
                        ...titled('pageTitles.parcel'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/parcel-detail-page')).ParcelDetailPage,
                        }),
                      },
                      {
                        path: 'payments',
                        ...titled('pageTitles.payments'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/payments-page')).PaymentsPage,
                        }),
                      },
                      {
                        path: 'payments/invoices/:invoiceId',
                        ...titled('pageTitles.invoice'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/invoice-page')).InvoicePage,
                        }),
                      },
                      {
                        path: 'transactions',
                        ...titled('pageTitles.transactions'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/transactions-page')).TransactionsPage,
                        }),
                      },
                      {
                        path: 'settings',
                        ...titled('pageTitles.settings'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/settings-page')).SettingsPage,
                        }),
                      },
                      {
                        path: 'nid',
                        ...titled('pageTitles.nid'),
                        lazy: async () => ({
                          Component: (await import('./routes/merchant/nid-page')).NidPage,
                        }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            // The console and the not-found page use antd.
            lazy: antdOutlet,
            children: [
              {
                path: 'ops/login',
                ...titled('pageTitles.opsLogin'),
                lazy: async () => {
                  const [{ OpsLoginPage }] = await Promise.all([
                    import('./routes/ops/ops-login-page'),
                    loadConsoleStrings(),
                  ]);
                  return { Component: OpsLoginPage };
                },
              },
              {
                element: <RequireAuth kind="staff" />,
                children: [
                  {
                    path: 'ops',
                    lazy: async () => {
                      const [{ OpsLayout }] = await Promise.all([
                        import('./routes/ops/ops-layout'),
                        loadConsoleStrings(),
                      ]);
                      return { Component: OpsLayout };
                    },
                    children: [
                      {
                        index: true,
                        ...titled('opsConsole.nav.overview'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/ops-home-page')).OpsHomePage,
                        }),
                      },
                      {
                        path: 'shops',
                        ...titled('opsConsole.nav.shops'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/shops-page')).ShopsPage,
                        }),
                      },
                      {
                        path: 'shops/:shopId',
                        ...titled('opsConsole.pageTitles.shop'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/shop-detail-page')).ShopDetailPage,
                        }),
                      },
                      {
                        path: 'nid',
                        ...titled('opsConsole.nav.nid'),
                        lazy: async () => ({ Component: (await import('./routes/ops/nid-page')).NidPage }),
                      },
                      {
                        path: 'banks',
                        ...titled('opsConsole.nav.banks'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/banks-page')).BanksPage,
                        }),
                      },
                      {
                        path: 'terms',
                        ...titled('opsConsole.nav.terms'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/terms-page')).TermsPage,
                        }),
                      },
                      {
                        path: 'flags',
                        ...titled('opsConsole.nav.flags'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/flags-page')).FlagsPage,
                        }),
                      },
                      {
                        path: 'sms',
                        ...titled('opsConsole.nav.sms'),
                        lazy: async () => ({ Component: (await import('./routes/ops/sms-page')).SmsPage }),
                      },
                      {
                        path: 'content',
                        ...titled('opsConsole.nav.content'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/content-page')).ContentPage,
                        }),
                      },
                      {
                        path: 'banners',
                        ...titled('opsConsole.nav.banners'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/banners-page')).BannersPage,
                        }),
                      },
                      {
                        path: 'leads',
                        ...titled('opsConsole.nav.leads'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/leads-page')).LeadsPage,
                        }),
                      },
                      {
                        path: 'hubs',
                        ...titled('opsConsole.nav.hubs'),
                        lazy: async () => ({ Component: (await import('./routes/ops/hubs-page')).HubsPage }),
                      },
                      {
                        path: 'riders',
                        ...titled('opsConsole.nav.riders'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/riders-page')).RidersPage,
                        }),
                      },
                      {
                        path: 'pickups',
                        ...titled('opsConsole.nav.pickups'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/pickups-page')).PickupsPage,
                        }),
                      },
                      {
                        path: 'hub-scan',
                        ...titled('opsConsole.nav.hub-scan'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/hub-scan-page')).HubScanPage,
                        }),
                      },
                      {
                        path: 'runs',
                        ...titled('opsConsole.nav.runs'),
                        lazy: async () => ({ Component: (await import('./routes/ops/runs-page')).RunsPage }),
                      },
                      {
                        path: 'returns',
                        ...titled('opsConsole.nav.returns'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/returns-page')).ReturnsPage,
                        }),
                      },
                      {
                        path: 'parcel-status',
                        ...titled('opsConsole.nav.parcel-status'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/parcel-status-page')).ParcelStatusPage,
                        }),
                      },
                      {
                        path: 'cash',
                        ...titled('opsConsole.nav.cash'),
                        lazy: async () => ({ Component: (await import('./routes/ops/cash-page')).CashPage }),
                      },
                      {
                        path: 'payouts',
                        ...titled('opsConsole.nav.payouts'),
                        lazy: async () => ({
                          Component: (await import('./routes/ops/payouts-page')).PayoutsPage,
                        }),
                      },
                    ],
                  },
                ],
              },
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('./routes/public/not-found-page')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
      {
        // The 503 page in the panel's frame; when the server that would send their scripts is the
        // one that is down, the plain notice that came with the app.
        lazy: async () => {
          try {
            return { Component: (await import('./panel-frame')).PanelFrame };
          } catch {
            return { Component: OfflineNotice };
          }
        },
        children: [
          {
            path: '503',
            ...titled('pageTitles.unavailable'),
            lazy: async () => {
              try {
                const [{ ServiceUnavailablePage }, { AntdProviders }] = await Promise.all([
                  import('./routes/public/service-unavailable-page'),
                  import('./antd-providers'),
                ]);
                return {
                  element: (
                    <AntdProviders>
                      <ServiceUnavailablePage />
                    </AntdProviders>
                  ),
                };
              } catch {
                return { Component: OfflineNotice };
              }
            },
          },
        ],
      },
    ],
  },
  {
    // The rider's phone view: outside the site's frame, its own small chunks, none of the console's.
    element: <TitledOutlet />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        lazy: antdOutlet,
        children: [
          {
            path: 'rider/login',
            ...titled('pageTitles.riderLogin'),
            lazy: async () => {
              const [{ RiderLoginPage }] = await Promise.all([
                import('./routes/rider/rider-login-page'),
                loadConsoleStrings(),
              ]);
              return { Component: RiderLoginPage };
            },
          },
          {
            element: <RequireAuth kind="staff" loginPath="/rider/login" />,
            children: [
              {
                path: 'rider',
                lazy: async () => {
                  const [{ RiderShell }] = await Promise.all([
                    import('./routes/rider/rider-shell'),
                    loadConsoleStrings(),
                  ]);
                  return { Component: RiderShell };
                },
                children: [
                  {
                    index: true,
                    ...titled('pageTitles.riderRun'),
                    lazy: async () => ({ Component: (await import('./routes/rider/rider-home')).RiderHome }),
                  },
                  {
                    path: 'run',
                    ...titled('pageTitles.riderRun'),
                    lazy: async () => ({
                      Component: (await import('./routes/rider/rider-run-page')).RiderRunPage,
                    }),
                  },
                  {
                    path: 'pickups',
                    ...titled('pageTitles.riderPickups'),
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
