import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card';
import { OpsLoginFlow } from '../../../features/ops-auth/components/ops-login-flow';
import { getAuth } from '../../../lib/auth-storage';

export function OpsLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [alreadySignedIn] = useState(() => getAuth()?.kind === 'staff');
  if (alreadySignedIn) return <Navigate to="/ops" replace />;
  return (
    <AuthCard title={t('ops.loginTitle')} subtitle={t('ops.loginSubtitle')}>
      <OpsLoginFlow onSignedIn={() => void navigate('/ops', { replace: true })} />
    </AuthCard>
  );
}
