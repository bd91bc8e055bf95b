import { CameraOutlined } from '@ant-design/icons';
import type { RiderRunParcel } from '@dak/domain/delivery-runs';
import { Segmented } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { formatTaka, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { uploadProof, useDeliver } from '../api/rider';
import { RiderSheet } from './rider-sheet';

type Proof = 'otp' | 'photo';

/** Close a parcel as delivered: the customer's OTP (or a photo), and the cash collected. */
export function DeliverSheet({ parcel, onClose }: { parcel: RiderRunParcel; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const deliver = useDeliver();
  const [proof, setProof] = useState<Proof>(parcel.otpLocked ? 'photo' : 'otp');
  const [otp, setOtp] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [amount, setAmount] = useState(String(parcel.cashToCollect));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const amountNumber = Number(toLatinDigits(amount.trim()));
  const partial =
    amount.trim() !== '' && Number.isFinite(amountNumber) && amountNumber < parcel.cashToCollect;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const code = toLatinDigits(otp.trim());
    if (proof === 'otp' && !/^\d{4}$/.test(code)) return setError(t('rider.otpRequired'));
    if (proof === 'photo' && !photo) return setError(t('rider.photoRequired'));
    if (amount.trim() === '' || !Number.isFinite(amountNumber)) return setError(t('rider.amountRequired'));
    setBusy(true);
    try {
      const photoId = proof === 'photo' && photo ? (await uploadProof(photo)).id : undefined;
      await deliver.mutateAsync({
        trackingId: parcel.trackingId,
        amountCollected: amountNumber,
        ...(photoId ? { photoId } : { otp: code }),
      });
      toast.success(t('rider.deliveredToast', { id: parcel.trackingId }));
      onClose();
    } catch (cause) {
      setError(errorText(cause));
      setOtp('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <RiderSheet
      title={t('rider.deliverTitle', { id: parcel.trackingId })}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={busy}
      confirmLabel={t('rider.confirmDeliver')}
    >
      <div className="rider-sheet__who">
        {parcel.customerName} · {language === 'bn' ? parcel.area.bn : parcel.area.en}
      </div>
      <div className="rider-field">
        <span className="rider-field__label" id="proof-label">
          {t('rider.proof')}
        </span>
        <Segmented<Proof>
          block
          size="large"
          aria-labelledby="proof-label"
          value={proof}
          onChange={(value) => {
            setProof(value);
            setError(null);
          }}
          options={[
            { value: 'otp', label: t('rider.proofOtp'), disabled: parcel.otpLocked },
            { value: 'photo', label: t('rider.proofPhoto') },
          ]}
        />
      </div>
      {parcel.otpLocked ? <p className="rider-note">{t('rider.otpLocked')}</p> : null}
      {proof === 'otp' ? (
        <label className="rider-field">
          <span className="rider-field__label">{t('rider.otpLabel')}</span>
          <input
            className="rider-input rider-input--otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/[^\d০-৯]/g, ''))}
          />
        </label>
      ) : (
        <div className="rider-field">
          <span className="rider-field__label">{t('rider.photoLabel')}</span>
          <label className="rider-photo">
            <CameraOutlined aria-hidden />
            <span>{photo ? t('rider.photoChosen', { name: photo.name }) : t('rider.takePhoto')}</span>
            <input
              type="file"
              name="photo"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          </label>
        </div>
      )}
      <label className="rider-field">
        <span className="rider-field__label">{t('rider.amountLabel')}</span>
        <input
          className="rider-input"
          name="amountCollected"
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d০-৯]/g, ''))}
        />
        <span className="rider-field__hint">
          {parcel.cashToCollect > 0
            ? t('rider.amountHint', { amount: formatTaka(parcel.cashToCollect, language) })
            : t('rider.noCash')}
          {partial ? <strong className="rider-partial"> · {t('rider.partial')}</strong> : null}
        </span>
      </label>
    </RiderSheet>
  );
}
