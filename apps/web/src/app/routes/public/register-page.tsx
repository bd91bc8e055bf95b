import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { RegistrationWizard } from '../../../features/registration/components/registration-wizard';

function phoneFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const phone = (state as { phone?: unknown }).phone;
  return typeof phone === 'string' ? phone : undefined;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <AuthCard
      wide
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <Typography.Text>
          {t('register.haveAccount')} <Link to="/login">{t('register.loginLink')}</Link>
        </Typography.Text>
      }
    >
      <RegistrationWizard
        initialPhone={phoneFromState(location.state)}
        onRegistered={({ shopName }) => {
          toast.success(t('register.success', { shop: shopName }));
          void navigate('/dashboard', { replace: true });
        }}
      />
    </AuthCard>
  );
}
