import type { RiderRunParcel } from '@dak/domain/delivery-runs';
import {
  type FailedAttemptReason,
  failedAttemptReasonCodes,
  failedAttemptReasons,
} from '@dak/domain/parcel-status';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/i18n';
import { useFail } from '../api/rider';
import { RiderSheet } from './rider-sheet';

/** Close a parcel as not delivered, with one reason from the fixed list (big radio rows). */
export function FailSheet({ parcel, onClose }: { parcel: RiderRunParcel; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const fail = useFail();
  const [reason, setReason] = useState<FailedAttemptReason | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t('rider.reasonRequired'));
    try {
      await fail.mutateAsync({ trackingId: parcel.trackingId, reason });
      toast.info(t('rider.failedToast', { id: parcel.trackingId }));
      onClose();
    } catch (cause) {
      setError(errorText(cause));
    }
  };

  return (
    <RiderSheet
      title={t('rider.failTitle', { id: parcel.trackingId })}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={fail.isPending}
      confirmLabel={t('rider.confirmFail')}
      danger
    >
      <fieldset className="rider-reasons">
        <legend className="visually-hidden">{t('rider.failTitle', { id: parcel.trackingId })}</legend>
        {failedAttemptReasonCodes.map((code) => (
          <label key={code} className={`rider-reason${reason === code ? ' rider-reason--on' : ''}`}>
            <input
              type="radio"
              name="reason"
              value={code}
              checked={reason === code}
              onChange={() => {
                setReason(code);
                setError(null);
              }}
            />
            <span>{failedAttemptReasons[code][language]}</span>
          </label>
        ))}
      </fieldset>
    </RiderSheet>
  );
}
