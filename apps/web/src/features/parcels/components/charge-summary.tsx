import type { ChargeQuote } from '@dak/domain/pricing';
import { pickupCutoffHour } from '@dak/domain/pricing';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { Skeleton } from '../../../components/light/skeleton';
import { formatDate, formatNumber, formatTaka, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import './parcels.css';

/** Today's date on the clock in Bangladesh (UTC+6 all year). */
export function dhakaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 6 * 3600 * 1000).toISOString().slice(0, 10);
}

type ChargeSummaryProps = {
  quote: ChargeQuote | undefined;
  /** The form lacks what the charge needs (pickup, delivery area, weight). */
  incomplete: boolean;
  loading: boolean;
  error: string | null;
};

/**
 * The charge of the parcel being booked, live: delivery, COD and total, the return charge, and
 * the day it will be picked up (the 15:00 cut-off explained).
 */
export function ChargeSummary({ quote, incomplete, loading, error }: ChargeSummaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const cutoffHour = localizeDigits(String(pickupCutoffHour - 12), language);
  const today = dhakaToday();
  const pickupDay = quote
    ? quote.pickupDate === today
      ? t('parcels.charge.today')
      : t('parcels.charge.tomorrow')
    : null;

  return (
    <section className="page-card charge-summary" aria-labelledby="charge-title" aria-live="polite">
      <h2 className="page-card__title booking__title" id="charge-title">
        {t('parcels.charge.title')}
      </h2>
      {incomplete && !quote ? (
        <p className="charge-summary__hint booking__muted">{t('parcels.charge.needs')}</p>
      ) : null}
      {loading && !quote ? <Skeleton rows={3} className="charge-summary__skeleton" /> : null}
      {error ? <Alert type="warning" title={error} /> : null}
      {quote ? (
        <>
          <dl className={`charge-summary__lines${loading ? ' charge-summary__lines--busy' : ''}`}>
            <div className="charge-summary__line">
              <dt>{t('parcels.fields.deliveryCharge')}</dt>
              <dd data-testid="charge-delivery">{formatTaka(quote.deliveryCharge, language)}</dd>
            </div>
            <div className="charge-summary__line">
              <dt>{t('parcels.charge.codCharge', { percent: formatNumber(1, language) })}</dt>
              <dd data-testid="charge-cod">{formatTaka(quote.codCharge, language)}</dd>
            </div>
            <div className="charge-summary__line charge-summary__total">
              <dt>{t('parcels.fields.totalCharge')}</dt>
              <dd data-testid="charge-total">{formatTaka(quote.totalCharge, language)}</dd>
            </div>
          </dl>
          {quote.breakdown.exchangeSurcharge > 0 ? (
            <p className="charge-summary__note" data-testid="charge-exchange">
              {t('parcels.charge.exchangeNote', {
                amount: formatTaka(quote.breakdown.exchangeSurcharge, language),
              })}
            </p>
          ) : null}
          <p className="charge-summary__note booking__muted">
            {t(`parcels.rateClasses.${quote.rateClass}`)} ·{' '}
            {t('parcels.charge.promise', { n: formatNumber(quote.deliveryPromiseDays, language) })}
            <br />
            {t('parcels.charge.returnNote', { amount: formatTaka(quote.returnCharge, language) })}
          </p>
          <div className="charge-summary__pickup" data-testid="charge-pickup">
            <strong>
              {t('parcels.charge.pickupOn', { day: pickupDay, date: formatDate(quote.pickupDate, language) })}
            </strong>
            <span className="card-list__muted">{t('parcels.charge.cutoff', { hour: cutoffHour })}</span>
          </div>
        </>
      ) : null}
    </section>
  );
}
