import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/ui/link-button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.body')}
      extra={
        <LinkButton to="/" type="primary">
          {t('actions.backHome')}
        </LinkButton>
      }
    />
  );
}
