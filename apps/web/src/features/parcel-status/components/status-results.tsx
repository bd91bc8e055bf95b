import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { Outcome } from '../hooks/use-status-batch';
import { rowErrorText } from '../row-error-text';

/** Every parcel's answer, newest first, with a tally, kept until cleared. */
export function StatusResults({ outcomes, onClear }: { outcomes: Outcome[]; onClear: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const num = (n: number) => formatNumber(n, language);
  const time = (at: Date) => localizeDigits(at.toTimeString().slice(0, 5), language);
  const okCount = outcomes.filter((o) => !o.error).length;
  return (
    <section
      className="ops-panel parcel-status__panel parcel-status__results"
      aria-labelledby="parcel-status-results"
    >
      <div className="parcel-status__list-head">
        <h2 className="parcel-status__step" id="parcel-status-results">
          {t('opsConsole.parcelStatus.results')}{' '}
          <span className="parcel-status__tally">
            {t('opsConsole.parcelStatus.tally', {
              ok: num(okCount),
              refused: num(outcomes.length - okCount),
            })}
          </span>
        </h2>
        {outcomes.length > 0 ? (
          <Button type="link" onClick={onClear}>
            {t('opsConsole.parcelStatus.clearResults')}
          </Button>
        ) : null}
      </div>
      {outcomes.length === 0 ? (
        <p className="ops-secondary">{t('opsConsole.parcelStatus.resultsEmpty')}</p>
      ) : (
        <ol className="parcel-status__outcomes" aria-live="polite">
          {outcomes.map((o) => (
            <li
              key={o.key}
              data-tracking-id={o.trackingId}
              data-ok={o.error ? 'false' : 'true'}
              className={o.error ? 'parcel-status__outcome--error' : 'parcel-status__outcome--ok'}
            >
              <span className="parcel-status__time">{time(o.at)}</span>
              <span className="parcel-status__id">{o.trackingId}</span>
              <span className="parcel-status__outcome-text">
                {o.error ? <CloseCircleFilled aria-hidden /> : <CheckCircleFilled aria-hidden />}{' '}
                {o.error
                  ? t('opsConsole.parcelStatus.notMoved', {
                      status: t(`parcels.statuses.${o.to}`),
                      why: rowErrorText(o.error, t, language),
                    })
                  : t('opsConsole.parcelStatus.moved', { status: t(`parcels.statuses.${o.to}`) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
