import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../../components/ui/auth-card';
import { ResetPasswordFlow } from '../../../features/auth/components/reset-password-flow';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={<Link to="/login">{t('reset.backToLogin')}</Link>}
    >
      <ResetPasswordFlow
        onDone={() => {
          toast.success(t('reset.success'));
          void navigate('/login', { replace: true });
        }}
      />
    </AuthCard>
  );
}
