import type { Dashboard } from '@dak/domain/dashboard';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

/**
 * Delivery success and return rates of the range, as the server works them out (the domain's
 * `dashboardRates`). The return rate is shown in the text colour: a low one is not an alarm.
 */
export function DashboardRates({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = (value: number | null) =>
    value === null ? t('dashboard.rates.none') : `${formatNumber(value, language)}%`;
  return (
    <dl className="dashboard-rates">
      <div className="dashboard-rate dashboard-rate--success" data-testid="success-rate">
        <dt>{t('dashboard.rates.success')}</dt>
        <dd className="dashboard-rate__value">{percent(dashboard.successRate)}</dd>
      </div>
      <div className="dashboard-rate dashboard-rate--return" data-testid="return-rate">
        <dt>{t('dashboard.rates.return')}</dt>
        <dd className="dashboard-rate__value">{percent(dashboard.returnRate)}</dd>
      </div>
    </dl>
  );
}
