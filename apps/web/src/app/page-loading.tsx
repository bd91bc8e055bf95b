import { useTranslation } from 'react-i18next';

/** While a page's code or data loads: a plain spinner (no antd: it shows before antd is fetched). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <span className="spinner spinner--large" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
