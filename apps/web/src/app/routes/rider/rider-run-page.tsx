import { CheckOutlined, CloseOutlined, PhoneOutlined, ReloadOutlined } from '@ant-design/icons';
import type { RiderRunParcel } from '@dak/domain/delivery-runs';
import { failedAttemptReasons } from '@dak/domain/parcel-status';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type CallOutcome, logCall, useRiderRun } from '../../../features/rider/api/rider';
import { DeliverSheet } from '../../../features/rider/components/deliver-sheet';
import { FailSheet } from '../../../features/rider/components/fail-sheet';
import { RiderCashCard } from '../../../features/rider/components/rider-cash-card';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

const outcomes: CallOutcome[] = ['answered', 'no_answer', 'busy', 'failed'];

/** Today's run on the rider's phone: cash on hand at the top, one card per parcel, open ones first. */
export function RiderRunPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const run = useRiderRun();
  const [delivering, setDelivering] = useState<RiderRunParcel | null>(null);
  const [failing, setFailing] = useState<RiderRunParcel | null>(null);

  if (run.isPending) {
    return (
      <main className="rider-main">
        <Skeleton active paragraph={{ rows: 6 }} />
      </main>
    );
  }
  if (run.isError) {
    return (
      <main className="rider-main">
        <p className="rider-empty">{t('rider.loadError')}</p>
        <Button size="large" block className="rider-big" onClick={() => void run.refetch()}>
          {t('rider.retry')}
        </Button>
      </main>
    );
  }

  const { parcels, cashCollected, cashToCollect } = run.data;
  const open = parcels.filter((p) => p.open);
  const done = parcels.length - open.length;

  return (
    <main className="rider-main">
      <section className="rider-cash" aria-label={t('rider.cashCollected')}>
        <div>
          <div className="rider-cash__label">{t('rider.cashCollected')}</div>
          <div className="rider-cash__amount" data-testid="cash-collected">
            {formatTaka(cashCollected, language)}
          </div>
        </div>
        <div className="rider-cash__side">
          <div className="rider-cash__label">{t('rider.cashLeft')}</div>
          <div className="rider-cash__left">{formatTaka(cashToCollect, language)}</div>
        </div>
      </section>
      <RiderCashCard />
      <div className="rider-counts">
        <span>{t('rider.openCount', { n: formatNumber(open.length, language) })}</span>
        <span>{t('rider.doneCount', { n: formatNumber(done, language) })}</span>
        <button
          type="button"
          className="rider-refresh"
          onClick={() => void run.refetch()}
          aria-label={t('rider.refresh')}
        >
          <ReloadOutlined aria-hidden spin={run.isFetching} />
        </button>
      </div>

      {parcels.length === 0 ? <p className="rider-empty">{t('rider.noRun')}</p> : null}
      <ol className="rider-list">
        {parcels.map((parcel) => (
          <ParcelCard
            key={parcel.trackingId}
            parcel={parcel}
            onDeliver={() => setDelivering(parcel)}
            onFail={() => setFailing(parcel)}
          />
        ))}
      </ol>
      {delivering ? <DeliverSheet parcel={delivering} onClose={() => setDelivering(null)} /> : null}
      {failing ? <FailSheet parcel={failing} onClose={() => setFailing(null)} /> : null}
    </main>
  );
}

function ParcelCard({
  parcel,
  onDeliver,
  onFail,
}: {
  parcel: RiderRunParcel;
  onDeliver: () => void;
  onFail: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const [callStarted, setCallStarted] = useState<Date | null>(null);
  const area = language === 'bn' ? parcel.area.bn : parcel.area.en;

  const record = async (outcome: CallOutcome) => {
    if (!callStarted) return;
    const startedAt = callStarted;
    setCallStarted(null);
    try {
      const logged = await logCall(parcel.trackingId, {
        startedAt: startedAt.toISOString(),
        durationSeconds: Math.max(0, Math.round((Date.now() - startedAt.getTime()) / 1000)),
        outcome,
      });
      if (logged) toast.success(t('rider.callLogged'), { autoClose: 2000 });
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const closedText =
    parcel.status === 'delivered'
      ? t('rider.delivered', { amount: formatTaka(parcel.amountCollected ?? 0, language) })
      : parcel.failedReason
        ? t('rider.failed', {
            reason:
              failedAttemptReasons[parcel.failedReason as keyof typeof failedAttemptReasons]?.[language] ??
              parcel.failedReason,
          })
        : null;

  return (
    <li
      className={`rider-card${parcel.open ? '' : ' rider-card--closed'}`}
      data-tracking-id={parcel.trackingId}
    >
      <div className="rider-card__top">
        <span className="rider-card__area">{area}</span>
        <span className="rider-card__id">{parcel.trackingId}</span>
      </div>
      <div className="rider-card__name">{parcel.customerName}</div>
      <div className="rider-card__address">{parcel.address}</div>
      {parcel.open ? (
        <>
          <div className="rider-card__cash">
            {parcel.cashToCollect > 0 ? (
              <>
                <span className="rider-card__cash-label">{t('rider.cashToCollect')}</span>
                <span className="rider-card__cash-amount">{formatTaka(parcel.cashToCollect, language)}</span>
              </>
            ) : (
              <span className="rider-card__cash-label">{t('rider.noCash')}</span>
            )}
          </div>
          <div className="rider-card__actions">
            <a
              className="rider-action rider-action--call"
              href={`tel:${parcel.customerPhone}`}
              aria-label={t('rider.callLabel', { name: parcel.customerName })}
              onClick={() => setCallStarted(new Date())}
            >
              <PhoneOutlined aria-hidden /> {t('rider.call')}
            </a>
            <button type="button" className="rider-action rider-action--deliver" onClick={onDeliver}>
              <CheckOutlined aria-hidden /> {t('rider.deliver')}
            </button>
            <button type="button" className="rider-action rider-action--fail" onClick={onFail}>
              <CloseOutlined aria-hidden /> {t('rider.fail')}
            </button>
          </div>
          {callStarted ? (
            <fieldset className="rider-call-result">
              <legend>{t('rider.callResult')}</legend>
              {outcomes.map((outcome) => (
                <button key={outcome} type="button" onClick={() => void record(outcome)}>
                  {t(`rider.outcomes.${outcome}`)}
                </button>
              ))}
            </fieldset>
          ) : null}
        </>
      ) : (
        <div className={`rider-card__closed rider-card__closed--${parcel.status}`}>{closedText}</div>
      )}
    </li>
  );
}
