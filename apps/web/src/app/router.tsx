import { Spin } from 'antd';
import { createBrowserRouter } from 'react-router';
import { toast } from 'react-toastify';
import { configureApiClient } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { endSession } from '../lib/session';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { HomePage } from './routes/public/home-page';
import { LoginPage } from './routes/public/login-page';
import { NotFoundPage } from './routes/public/not-found-page';
import { RegisterPage } from './routes/public/register-page';
import { ResetPasswordPage } from './routes/public/reset-password-page';
import { RouteErrorPage } from './routes/public/route-error-page';
import { ServiceUnavailablePage } from './routes/public/service-unavailable-page';

function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}

/** Public pages load with the app; the merchant panel and the operations console on first visit. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth kind="user" />,
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('./routes/merchant/dashboard-page')).DashboardPage,
            }),
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
            lazy: async () => ({ Component: (await import('./routes/ops/ops-home-page')).OpsHomePage }),
          },
        ],
      },
      { path: '503', element: <ServiceUnavailablePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

configureApiClient({
  // The session is gone on the server: leave the signed-in page first (flushSync: rendered at
  // once), then forget the session, so the page's sign-in guard does not send them to /login.
  onUnauthorized: () => {
    void router.navigate('/', { replace: true, flushSync: true }).then(() => {
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
