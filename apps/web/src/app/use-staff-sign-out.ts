import { useNavigate } from 'react-router';
import { useOpsLogout } from '../features/ops-auth/api/ops-logout';
import { endSession } from '../lib/session';

/**
 * Signs a staff member (console or rider) out: tells the server, then leaves for `loginPath` and
 * forgets the session. The session ends in this browser whatever the server said.
 */
export function useStaffSignOut(loginPath: string) {
  const navigate = useNavigate();
  const logout = useOpsLogout();

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The session ends here whatever the server said.
    }
    // Leave first (flushSync: rendered at once), then forget the session.
    await navigate(loginPath, { replace: true, flushSync: true, state: { signedOut: true } });
    endSession();
  };

  return { signOut, signingOut: logout.isPending };
}
