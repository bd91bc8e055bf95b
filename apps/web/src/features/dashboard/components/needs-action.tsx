import type { Dashboard } from '@dak/domain/dashboard';
import { statusGroupOf } from '@dak/domain/parcel-status';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { type Language, useLanguage } from '../../../lib/i18n';

type NeedsAction = Dashboard['needsAction'];

const minute = 60_000;
const hour = 60 * minute;

/** Where the merchant decides on failed deliveries: the returned parcels' Failed view, one parcel searched. */
export function decisionLink(trackingId?: string): string {
  const query = new URLSearchParams({ view: 'attempted' });
  if (trackingId) query.set('q', trackingId);
  return `/returned-parcels?${query.toString()}`;
}

/** The parcel list of held pickups, whenever booked (needs-action ignores the dashboard's range). */
export const pickupsOnHoldLink = `/parcels?${new URLSearchParams({
  group: statusGroupOf('pickup_hold'),
  status: 'pickup_hold',
}).toString()}`;

/** True when anything waits for the merchant: the panel shows only then. */
export function needsAnything(needs: NeedsAction): boolean {
  return needs.failedAttemptCount > 0 || needs.pickupsOnHold > 0 || needs.bouncedPayment === true;
}

/**
 * Now, and a render again each minute so the time left counts down while the page stays open
 * (read at each render: a failed delivery that arrives between ticks is measured from now).
 */
function useMinuteClock(): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), minute);
    return () => clearInterval(id);
  }, []);
  return Date.now();
}

/** "Returns in 5 h", "in 40 min", or "Returning now" once the time is up. */
function useTimeLeft(language: Language) {
  const { t } = useTranslation();
  return (autoReturnAt: Date, now: number) => {
    const left = autoReturnAt.getTime() - now;
    if (left <= 0) return t('dashboard.needsAction.returningNow');
    if (left < hour) {
      const minutes = Math.max(1, Math.floor(left / minute));
      return t('dashboard.needsAction.returnsInMinutes', { n: formatNumber(minutes, language) });
    }
    return t('dashboard.needsAction.returnsInHours', { n: formatNumber(Math.floor(left / hour), language) });
  };
}

/**
 * What waits for the merchant now, whatever the range: failed deliveries to decide (each with the
 * time left before it returns on its own), held pickups and a bounced payment, each linking to
 * where it is dealt with. Nothing when nothing waits.
 */
export function NeedsActionPanel({ needs }: { needs: NeedsAction }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useMinuteClock();
  const timeLeft = useTimeLeft(language);
  if (!needsAnything(needs)) return null;
  const more = needs.failedAttemptCount - needs.failedAttempts.length;
  return (
    <section
      className="dashboard__card needs-action"
      aria-labelledby="needs-action-title"
      data-testid="needs-action"
    >
      <h2 id="needs-action-title" className="dashboard-overview__title">
        {t('dashboard.needsAction.title')}
      </h2>
      {needs.failedAttemptCount > 0 ? (
        <div className="needs-action__group" data-testid="needs-action-failed">
          <Link to={decisionLink()} className="needs-action__item needs-action__item--warning">
            {t('dashboard.needsAction.failed', {
              count: needs.failedAttemptCount,
              n: formatNumber(needs.failedAttemptCount, language),
            })}
          </Link>
          <ul className="needs-action__parcels">
            {needs.failedAttempts.map((parcel) => (
              <li key={parcel.parcelId}>
                <Link to={decisionLink(parcel.trackingId)} className="needs-action__parcel">
                  <span className="tracking-id">{parcel.trackingId}</span>
                  <span className="needs-action__left">{timeLeft(parcel.autoReturnAt, now)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <Link to={decisionLink()} className="needs-action__more">
              {t('dashboard.needsAction.more', { count: more, n: formatNumber(more, language) })}
            </Link>
          ) : null}
        </div>
      ) : null}
      {needs.pickupsOnHold > 0 ? (
        <Link to={pickupsOnHoldLink} className="needs-action__item" data-testid="needs-action-hold">
          {t('dashboard.needsAction.onHold', {
            count: needs.pickupsOnHold,
            n: formatNumber(needs.pickupsOnHold, language),
          })}
        </Link>
      ) : null}
      {needs.bouncedPayment ? (
        <Link to="/payments" className="needs-action__item" data-testid="needs-action-bounced">
          {t('dashboard.needsAction.bounced')}
        </Link>
      ) : null}
    </section>
  );
}
