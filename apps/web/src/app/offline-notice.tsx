import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The 503 page when even its own script cannot be fetched (the server is down and the page was
 * never loaded before): plain markup, in the first bundle, so a merchant always learns what is
 * wrong instead of a blank screen. Retry reloads the page the merchant came from.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const state: unknown = location.state;
  const from =
    typeof state === 'object' && state !== null && typeof (state as { from?: unknown }).from === 'string'
      ? (state as { from: string }).from
      : '/';
  return (
    <div className="offline-notice">
      <h1 className="result-title">{t('unavailable.title')}</h1>
      <p>{t('unavailable.body')}</p>
      <button type="button" className="offline-notice-retry" onClick={() => window.location.assign(from)}>
        {t('actions.retry')}
      </button>
    </div>
  );
}
