import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useHealthCheck } from '../../../features/health/api/get-health';

/** Where the API client sends people when the API cannot be reached at all. */
export function ServiceUnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const health = useHealthCheck();
  const [stillDown, setStillDown] = useState(false);
  const state: unknown = location.state;
  const from =
    typeof state === 'object' && state !== null && typeof (state as { from?: unknown }).from === 'string'
      ? (state as { from: string }).from
      : '/';

  const retry = () => {
    setStillDown(false);
    health.mutate(undefined, {
      onSuccess: () => {
        void navigate(from === '/503' ? '/' : from, { replace: true });
      },
      onError: () => setStillDown(true),
    });
  };

  return (
    <Result
      status="500"
      title={<h1 className="result-title">{t('unavailable.title')}</h1>}
      subTitle={
        <>
          <span>{t('unavailable.body')}</span>
          <span role="status" className="result-status">
            {stillDown ? t('unavailable.stillDown') : ''}
          </span>
        </>
      }
      extra={
        <Button type="primary" onClick={retry} loading={health.isPending}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
