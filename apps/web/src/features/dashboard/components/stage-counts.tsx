import type { Dashboard, DashboardStatus } from '@dak/domain/dashboard';
import { statusGroupOf } from '@dak/domain/parcel-status';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { DateRange } from '../hooks/use-dashboard-range';

/** The dashboard's sections of stages, in the parcel's order of life. */
const sections: { key: 'pickup' | 'onTheWay' | 'delivered' | 'returns'; statuses: DashboardStatus[] }[] = [
  { key: 'pickup', statuses: ['pickup_pending', 'pickup_hold'] },
  {
    key: 'onTheWay',
    statuses: ['at_sorting', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivery_attempted'],
  },
  { key: 'delivered', statuses: ['delivered'] },
  {
    key: 'returns',
    statuses: ['return_at_delivery_hub', 'return_in_transit', 'at_return_hub', 'out_for_return', 'returned'],
  },
];

/** Stages that wait for the merchant: shown in the warning colour when any parcel is in them. */
const needsMerchant: readonly DashboardStatus[] = ['pickup_hold', 'delivery_attempted'];

/**
 * The parcel list showing one stage of the range: the stage's tab, the stage and the booking dates
 * (the dashboard counts parcels booked in the range by their stage now, as the list's dates filter).
 */
export function parcelListLink(status: DashboardStatus, range: DateRange): string {
  const query = new URLSearchParams({
    group: statusGroupOf(status),
    status,
    from: range.since,
    to: range.until,
  });
  return `/parcels?${query.toString()}`;
}

/** Counts by stage, each a link to the parcel list with that stage and the range. */
export function StageCounts({ counts, range }: { counts: Dashboard['counts']; range: DateRange }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="stage-counts">
      {sections.map((section) => (
        <section
          key={section.key}
          className="stage-counts__section"
          aria-labelledby={`stages-${section.key}`}
        >
          <h3 id={`stages-${section.key}`} className="stage-counts__title">
            {t(`dashboard.sections.${section.key}`)}
          </h3>
          <ul className="stage-counts__list">
            {section.statuses.map((status) => {
              const warn = needsMerchant.includes(status) && counts[status] > 0;
              return (
                <li key={status}>
                  <Link
                    to={parcelListLink(status, range)}
                    className={warn ? 'stage-count stage-count--warning' : 'stage-count'}
                    data-testid={`count-${status}`}
                  >
                    <span className="stage-count__label">{t(`parcels.statuses.${status}`)}</span>
                    <span className="stage-count__value">{formatNumber(counts[status], language)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
