import { CheckOutlined, CloseOutlined, PhoneOutlined } from '@ant-design/icons';
import { type PickupMissedReason, pickupMissedReasonCodes, pickupMissedReasons } from '@dak/domain/hub-work';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Alert, Button, Empty, Input, Progress, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import {
  type RiderPickup,
  type RiderPickupParcel,
  useRiderPickups,
  useTickPickup,
} from '../api/rider-pickups';
import './rider-pickups.css';

/**
 * The rider's pickups of today on a phone: each pickup location with a call button and its
 * parcels; each parcel is ticked picked up, or not handed over with a reason from the list.
 */
export function RiderPickups() {
  const { t } = useTranslation();
  const language = useLanguage();
  const pickups = useRiderPickups();

  if (pickups.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (pickups.isError) {
    const forbidden = isApiError(pickups.error) && pickups.error.status === 403;
    return (
      <Alert
        type={forbidden ? 'warning' : 'error'}
        showIcon
        message={forbidden ? t('riderPickups.forbidden') : t('riderPickups.loadFailed')}
        action={
          forbidden ? null : <Button onClick={() => void pickups.refetch()}>{t('riderPickups.retry')}</Button>
        }
      />
    );
  }
  const { date, items } = pickups.data;
  return (
    <div className="rider-pickups">
      <p className="rider-pickups__date">{t('riderPickups.date', { date: formatDate(date, language) })}</p>
      {items.length === 0 ? (
        <Empty description={t('riderPickups.empty')} />
      ) : (
        <>
          <Alert type="info" showIcon message={t('riderPickups.handIn')} className="rider-pickups__hint" />
          {items.map((p) => (
            <PickupCard key={p.id} pickup={p} />
          ))}
        </>
      )}
    </div>
  );
}

function PickupCard({ pickup }: { pickup: RiderPickup }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tick = useTickPickup();
  const [code, setCode] = useState('');
  /** A label scanned (or typed) at the merchant's: that parcel is picked up. */
  const scan = async (raw: string) => {
    const trackingId = raw.trim().split('/').pop()?.toUpperCase() ?? '';
    if (!trackingId) return;
    try {
      await tick.mutateAsync({ pickupId: pickup.id, trackingId, pickedUp: true });
      setCode('');
      toast.success(t('riderPickups.scanned', { id: trackingId }));
    } catch (error) {
      toast.error(language === 'en' && isApiError(error) ? error.message : errorText(error, t));
    }
  };
  const done = pickup.parcels.filter((p) => p.pickedUp !== null).length;
  const total = pickup.parcels.length;
  return (
    <section className="rider-pickup" aria-labelledby={`pickup-${pickup.id}`}>
      <header className="rider-pickup__head">
        <div>
          <h2 id={`pickup-${pickup.id}`} className="rider-pickup__title">
            {pickup.location.name}
          </h2>
          <div className="rider-pickup__shop">{pickup.shop.name}</div>
          <div className="rider-pickup__address">
            {pickup.location.address}, {language === 'bn' ? pickup.location.area.bn : pickup.location.area.en}
          </div>
        </div>
        {pickup.location.phone ? (
          <a className="rider-call" href={`tel:+${pickup.location.phone}`}>
            <PhoneOutlined aria-hidden /> {t('riderPickups.call')}
            <span className="phone-number">{formatPhoneLocal(pickup.location.phone)}</span>
          </a>
        ) : null}
      </header>
      <Progress
        percent={total ? Math.round((done / total) * 100) : 0}
        format={() =>
          t('riderPickups.progress', {
            done: formatNumber(done, language),
            total: formatNumber(total, language),
          })
        }
      />
      <Input.Search
        className="rider-pickup__scan"
        size="large"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onSearch={(value) => void scan(value)}
        enterButton={t('riderPickups.tick')}
        loading={tick.isPending}
        placeholder={t('riderPickups.scanPlaceholder')}
        aria-label={`${t('riderPickups.scanPlaceholder')}: ${pickup.location.name}`}
        autoComplete="off"
      />
      <ul className="rider-parcels">
        {pickup.parcels.map((parcel) => (
          <ParcelRow key={parcel.trackingId} pickupId={pickup.id} parcel={parcel} />
        ))}
      </ul>
    </section>
  );
}

function ParcelRow({ pickupId, parcel }: { pickupId: string; parcel: RiderPickupParcel }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tick = useTickPickup();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<PickupMissedReason | null>(null);
  const [editing, setEditing] = useState(false);
  const held = parcel.status === 'pickup_hold';
  const decided = parcel.pickedUp !== null && !editing;

  const send = async (pickedUp: boolean, why?: PickupMissedReason) => {
    try {
      await tick.mutateAsync({ pickupId, trackingId: parcel.trackingId, pickedUp, reason: why });
      setAsking(false);
      setEditing(false);
    } catch (error) {
      toast.error(language === 'en' && isApiError(error) ? error.message : errorText(error, t));
    }
  };

  const reasonText = (code: string | null) => {
    const r = pickupMissedReasons[(code ?? 'other') as PickupMissedReason] ?? pickupMissedReasons.other;
    return language === 'bn' ? r.bn : r.en;
  };

  return (
    <li
      className={`rider-parcel${parcel.pickedUp === true ? ' rider-parcel--picked' : ''}${parcel.pickedUp === false ? ' rider-parcel--missed' : ''}`}
    >
      <div className="rider-parcel__info">
        <span className="rider-parcel__id">{parcel.trackingId}</span>
        <span>
          {parcel.customerName} · {language === 'bn' ? parcel.deliveryArea.bn : parcel.deliveryArea.en}
        </span>
        <span className="rider-parcel__cod">
          {t('riderPickups.cod', { amount: formatTaka(parcel.cashCollection, language) })}
        </span>
      </div>
      {held ? (
        <Alert type="warning" showIcon message={t('riderPickups.onHold')} />
      ) : decided ? (
        <div className="rider-parcel__done">
          <span>
            {parcel.pickedUp ? (
              <>
                <CheckOutlined aria-hidden /> {t('riderPickups.pickedDone')}
              </>
            ) : (
              <>
                <CloseOutlined aria-hidden />{' '}
                {t('riderPickups.missedDone', { reason: reasonText(parcel.reason) })}
              </>
            )}
          </span>
          <Button size="small" onClick={() => setEditing(true)}>
            {t('riderPickups.undo')}
          </Button>
        </div>
      ) : asking ? (
        <fieldset className="rider-parcel__why">
          <legend>{t('riderPickups.why')}</legend>
          <Radio.Group
            value={reason}
            onChange={(e) => setReason(e.target.value as PickupMissedReason)}
            options={pickupMissedReasonCodes.map((code) => ({ value: code, label: reasonText(code) }))}
            className="rider-parcel__reasons"
          />
          <div className="rider-parcel__actions">
            <Button onClick={() => setAsking(false)}>{t('riderPickups.cancel')}</Button>
            <Button
              type="primary"
              danger
              disabled={!reason}
              loading={tick.isPending}
              onClick={() => reason && void send(false, reason)}
            >
              {t('riderPickups.save')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className="rider-parcel__actions">
          <Button
            type="primary"
            size="large"
            icon={<CheckOutlined aria-hidden />}
            loading={tick.isPending}
            onClick={() => void send(true)}
            aria-label={`${t('riderPickups.picked')}: ${parcel.trackingId}`}
          >
            {t('riderPickups.picked')}
          </Button>
          <Button
            size="large"
            danger
            icon={<CloseOutlined aria-hidden />}
            onClick={() => setAsking(true)}
            aria-label={`${t('riderPickups.notGiven')}: ${parcel.trackingId}`}
          >
            {t('riderPickups.notGiven')}
          </Button>
        </div>
      )}
    </li>
  );
}
