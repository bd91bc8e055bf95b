import { Navigate, Outlet, useLocation } from 'react-router';
import { type AuthKind, useAuth } from '../lib/auth-storage';

/** Pages behind sign-in: anyone else goes to the matching login page, and comes back after. */
export function RequireAuth({ kind, loginPath }: { kind: AuthKind; loginPath?: string }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth?.kind === kind) return <Outlet />;
  return (
    <Navigate
      to={loginPath ?? (kind === 'staff' ? '/ops/login' : '/login')}
      replace
      state={{ from: location.pathname }}
    />
  );
}
