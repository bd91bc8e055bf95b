import { useTranslation } from 'react-i18next';
import './rider-cash-card.css';
import { formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useRiderCash } from '../api/rider-cash';

/**
 * The rider's own cash as the books see it: what they hold now (to hand over at the hub), what
 * they collected and handed over today, and a shortage they owe from an earlier count. Four
 * figures in two columns for a 360 px phone; nothing at all while it loads or when it fails (the
 * run below matters more than this card).
 */
export function RiderCashCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const cash = useRiderCash();
  if (!cash.data) {
    return cash.isError ? (
      <p className="rider-cash-card rider-cash-card--error" role="status">
        {t('riderCash.loadError')}
      </p>
    ) : null;
  }
  const { holding, collectedToday, handedOverToday, shortage } = cash.data;
  const taka = (n: number) => formatTaka(n, language);
  return (
    <section className="rider-cash-card" aria-labelledby="rider-cash-title">
      <h2 id="rider-cash-title" className="rider-cash-card__title">
        {t('riderCash.title')}
      </h2>
      <dl className="rider-cash-card__grid">
        <div className="rider-cash-card__item rider-cash-card__item--main">
          <dt>{t('riderCash.holding')}</dt>
          <dd data-testid="rider-cash-holding">{taka(holding)}</dd>
        </div>
        <div className="rider-cash-card__item">
          <dt>{t('riderCash.collectedToday')}</dt>
          <dd>{taka(collectedToday)}</dd>
        </div>
        <div className="rider-cash-card__item">
          <dt>{t('riderCash.handedOverToday')}</dt>
          <dd>{taka(handedOverToday)}</dd>
        </div>
        <div className={`rider-cash-card__item${shortage > 0 ? ' rider-cash-card__item--short' : ''}`}>
          <dt>{t('riderCash.shortage')}</dt>
          <dd data-testid="rider-cash-shortage">{taka(shortage)}</dd>
        </div>
      </dl>
      {shortage > 0 ? <p className="rider-cash-card__hint">{t('riderCash.shortageHint')}</p> : null}
    </section>
  );
}
