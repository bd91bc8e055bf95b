import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { LoginFlow, type SignedIn } from '../../../features/auth/components/login-flow';
import { getAuth } from '../../../lib/auth-storage';

function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Checked once: signing in on this page must not bounce before our own navigation runs.
  const [alreadySignedIn] = useState(() => getAuth()?.kind === 'user');
  if (alreadySignedIn) return <Navigate to="/dashboard" replace />;

  const onSignedIn = ({ isNewUser, accountType, phone }: SignedIn) => {
    if (isNewUser && accountType === 'merchant') {
      // The code made an account with no shop yet: finish registering with the number filled in.
      toast.info(t('login.newUserWelcome'));
      void navigate('/register', { replace: true, state: { phone } });
      return;
    }
    if (isNewUser) toast.success(t('login.partnerNewUser'));
    void navigate(returnPath(location.state) ?? '/dashboard', { replace: true });
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <Link to="/reset-password">{t('login.forgotPassword')}</Link>
          <span>
            {t('login.noAccount')} <Link to="/register">{t('login.signupLink')}</Link>
          </span>
        </>
      }
    >
      <LoginFlow onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
