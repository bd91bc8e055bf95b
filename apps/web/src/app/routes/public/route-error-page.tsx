import { useTranslation } from 'react-i18next';
import '../../../components/ui/plain-form.css';

/**
 * Shown when a page itself fails (a broken download of its code, a bug): reload to recover. Plain
 * markup (no antd): it must show whatever failed to load.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="route-error" role="alert">
      <svg viewBox="0 0 72 72" width="72" height="72" aria-hidden focusable="false">
        <circle cx="36" cy="36" r="36" fill="#c8102e" />
        <path d="M25 25l22 22m0-22L25 47" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h1 className="result-title">{t('errors.generic')}</h1>
      <button
        type="button"
        className="plain-button plain-button--primary"
        onClick={() => window.location.reload()}
      >
        {t('actions.retry')}
      </button>
    </div>
  );
}
