import { type ReattemptReason, reattemptReasonCodes, reattemptReasons } from '@dak/domain/returns';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/i18n';
import { type ReturnedItem, useRequestReattempt } from '../api/returned-parcels';

/** Ask for another delivery attempt: an issue reason (required) and a note for the rider. */
export function ReattemptDialog(props: { shopId: string; parcel: ReturnedItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const request = useRequestReattempt(props.shopId);
  const [reason, setReason] = useState<ReattemptReason | undefined>();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  useEffect(() => {
    if (props.parcel) {
      setReason(undefined);
      setNote('');
      setError(null);
      setReasonError(null);
    }
  }, [props.parcel]);

  const submit = async () => {
    if (!props.parcel) return;
    if (!reason) {
      setReasonError(t('returns.reasonRequired'));
      return;
    }
    try {
      await request.mutateAsync({
        trackingId: props.parcel.trackingId,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success(t('returns.requested', { id: props.parcel.trackingId }));
      props.onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Modal
      open={props.parcel !== null}
      title={t('returns.reattemptTitle')}
      okText={t('returns.send')}
      cancelText={t('returns.cancel')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={request.isPending}
      destroyOnHidden
    >
      {props.parcel ? (
        <p className="returns-dialog__for">
          {t('returns.reattemptFor', { id: props.parcel.trackingId, customer: props.parcel.customerName })}
        </p>
      ) : null}
      <FormAlert message={error} />
      <Form layout="vertical" requiredMark>
        <Form.Item
          label={t('returns.issueReason')}
          htmlFor="reattempt-reason"
          required
          validateStatus={reasonError ? 'error' : undefined}
          help={reasonError}
        >
          <Select<ReattemptReason>
            id="reattempt-reason"
            value={reason}
            placeholder={t('returns.issueReasonPlaceholder')}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
            options={reattemptReasonCodes.map((code) => ({
              value: code,
              label: reattemptReasons[code][language],
            }))}
          />
        </Form.Item>
        <Form.Item label={t('returns.note')} htmlFor="reattempt-note">
          <Input.TextArea
            id="reattempt-note"
            value={note}
            maxLength={500}
            rows={3}
            placeholder={t('returns.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
