import type { Dashboard } from '@dak/domain/dashboard';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

/** Yesterday's sorting of the shop's parcels: received at a sorting hub and sent on from it. */
export function LastDaySorting({ sorting }: { sorting: NonNullable<Dashboard['lastDaySorting']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section
      className="dashboard__card last-sorting"
      aria-labelledby="last-sorting-title"
      data-testid="last-sorting"
    >
      <h2 id="last-sorting-title" className="dashboard-overview__title">
        {t('dashboard.sorting.title')}
      </h2>
      <p className="dashboard-overview__range">{formatDate(sorting.date, language)}</p>
      <dl className="dashboard-rates">
        <div className="dashboard-rate" data-testid="sorting-received">
          <dt>{t('dashboard.sorting.received')}</dt>
          <dd className="dashboard-rate__value">{formatNumber(sorting.received, language)}</dd>
        </div>
        <div className="dashboard-rate" data-testid="sorting-sent-on">
          <dt>{t('dashboard.sorting.sentOn')}</dt>
          <dd className="dashboard-rate__value">{formatNumber(sorting.sentOn, language)}</dd>
        </div>
      </dl>
    </section>
  );
}
