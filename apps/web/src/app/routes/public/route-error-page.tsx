import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a page itself fails (a broken download of its code, a bug): reload to recover. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={<h1 className="result-title">{t('errors.generic')}</h1>}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
