import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card';
import { OpsLoginFlow } from '../../../features/ops-auth/components/ops-login-flow';
import { getAuth } from '../../../lib/auth-storage';

type LoginState = { from?: unknown; signedOut?: unknown } | null;

/** A console page the sign-in guard sent here from, to go back to after signing in. */
function returnPath(state: LoginState): string {
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('/ops/') && from !== '/ops/login' ? from : '/ops';
}

export function OpsLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LoginState;
  // Signing out comes here while the session is still being forgotten: stay on the form.
  const [alreadySignedIn] = useState(() => getAuth()?.kind === 'staff' && state?.signedOut !== true);
  if (alreadySignedIn) return <Navigate to="/ops" replace />;
  return (
    <AuthCard title={t('ops.loginTitle')} subtitle={t('ops.loginSubtitle')}>
      <OpsLoginFlow onSignedIn={() => void navigate(returnPath(state), { replace: true })} />
    </AuthCard>
  );
}
