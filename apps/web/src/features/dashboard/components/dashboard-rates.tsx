import { type Dashboard, dashboardRates } from '@dak/domain/dashboard';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

/**
 * Delivery success and return rates of the range. The success rate is the server's; the return
 * rate too when it sends one, else worked out from the counts by the domain's rule.
 */
export function DashboardRates({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const returnRate =
    dashboard.returnRate !== undefined ? dashboard.returnRate : dashboardRates(dashboard.counts).returnRate;
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
        <dd className="dashboard-rate__value">{percent(returnRate)}</dd>
      </div>
    </dl>
  );
}
