import { LockOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { currentLanguage, type TranslationKey } from '../../lib/i18n';

/**
 * A failed console call in words: the server's English message in English; in Bengali, the
 * console's own wording for the codes its rooms meet (a decision someone else took first, a
 * record that is gone), else the app's translation by code.
 */
export function useOpsErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (isApiError(error) && currentLanguage() !== 'en') {
      if (error.code === 'CONFLICT') return t('opsConsole.errors.conflict');
      if (error.code === 'NOT_FOUND') return t('opsConsole.errors.notFound');
    }
    return errorText(error, t);
  };
}

/**
 * A room's own wording for the message keys it meets (`moneyMessages` keys to locale keys), in
 * front of the console's: a failed call whose key is in `keys` reads as that translation, any
 * other as `useOpsErrorText` says it.
 */
export function useKeyedOpsErrorText(keys: Readonly<Record<string, TranslationKey>>) {
  const { t } = useTranslation();
  const opsErrorText = useOpsErrorText();
  return (error: unknown): string => {
    const key = isApiError(error) ? error.key : undefined;
    if (key && Object.hasOwn(keys, key)) return t(keys[key] as TranslationKey);
    return opsErrorText(error);
  };
}

export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** A room or record that failed to load: 403 says so (and stays signed in), anything else offers a retry. */
export function OpsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useOpsErrorText();
  if (isForbidden(error)) {
    return (
      <Result
        status="warning"
        icon={<LockOutlined />}
        title={t('opsConsole.forbidden.title')}
        subTitle={t('opsConsole.forbidden.api')}
      />
    );
  }
  if (isApiError(error) && error.status === 404) {
    return <Result status="warning" title={t('opsConsole.errors.notFound')} subTitle={text(error)} />;
  }
  return (
    <Result
      status="warning"
      title={t('opsConsole.loadFailed')}
      subTitle={text(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
