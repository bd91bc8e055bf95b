import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, IdcardOutlined } from '@ant-design/icons';
import { messages } from '@dak/domain/errors';
import {
  type NidStatus,
  type NidView,
  nidImageMaxBytes,
  nidImageTypes,
  nidNumberSchema,
} from '@dak/domain/nid';
import { Alert, Button, Form, Input, Tag, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { formatDate, formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useSubmitNid } from '../api/submit-nid';
import './nid-verification.css';

type Side = 'front' | 'back';
const maxMegabytes = nidImageMaxBytes / (1024 * 1024);
const accept = nidImageTypes.join(',');

const statusIcon: Record<NidStatus, ReactNode> = {
  not_submitted: <IdcardOutlined aria-hidden />,
  pending: <ClockCircleFilled aria-hidden />,
  verified: <CheckCircleFilled aria-hidden />,
  failed: <CloseCircleFilled aria-hidden />,
};
const statusColor: Record<NidStatus, string> = {
  not_submitted: 'default',
  pending: 'gold',
  verified: 'green',
  failed: 'red',
};

/** The NID's state: not sent, waiting for review, verified, or failed with the reviewer's reason. */
export function NidStatusCard({ nid }: { nid: NidView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="nid-status" data-testid="nid-status">
      <div className="nid-status__row">
        <Typography.Text strong>{t('nid.statusLabel')}</Typography.Text>
        <Tag color={statusColor[nid.status]} icon={statusIcon[nid.status]}>
          {t(`nid.statuses.${nid.status}`)}
        </Tag>
      </div>
      {nid.nidNumberMasked ? (
        <div className="card-list__text">
          {t('nid.numberShown')} <span dir="ltr">{nid.nidNumberMasked}</span>
        </div>
      ) : null}
      {nid.submittedAt ? (
        <div className="card-list__text card-list__muted">
          {t('nid.submittedOn', { date: formatDate(nid.submittedAt, language) })}
        </div>
      ) : null}
      {nid.status === 'pending' ? <Alert type="info" showIcon title={t('nid.pendingNote')} /> : null}
      {nid.status === 'verified' ? <Alert type="success" showIcon title={t('nid.verifiedNote')} /> : null}
      {nid.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('nid.failedTitle')}
          description={nid.reason ? t('nid.failedReason', { reason: nid.reason }) : undefined}
        />
      ) : null}
      {nid.restrictions.length > 0 && nid.status !== 'verified' ? (
        <Typography.Paragraph type="secondary" className="nid-status__restrictions">
          {t('nid.restrictionsNote')}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/** One side of the card: a picker with a preview; the size and type are checked before upload. */
function ImagePicker({
  side,
  file,
  error,
  onPick,
}: {
  side: Side;
  file: File | null;
  error: string | null;
  onPick: (file: File | null, error: string | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [preview, setPreview] = useState<string | null>(null);
  const id = `nid-${side}`;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (!picked) return onPick(null, null);
    if (!(nidImageTypes as readonly string[]).includes(picked.type)) return onPick(null, t('nid.wrongType'));
    if (picked.size > nidImageMaxBytes) {
      return onPick(null, t('nid.tooLarge', { mb: formatNumber(maxMegabytes, language) }));
    }
    onPick(picked, null);
  };

  return (
    <div className={`nid-picker${error ? ' nid-picker--invalid' : ''}`}>
      <label htmlFor={id} className="nid-picker__label">
        {side === 'front' ? t('nid.front') : t('nid.back')}
      </label>
      <div className="nid-picker__box">
        {preview ? (
          <img
            src={preview}
            alt={side === 'front' ? t('nid.frontPreview') : t('nid.backPreview')}
            className="nid-picker__preview"
          />
        ) : (
          <span className="nid-picker__placeholder" aria-hidden>
            <IdcardOutlined className="nid-picker__icon" />
            {t('nid.choosePhoto')}
          </span>
        )}
        {/* The real file input covers the box: a tap anywhere on it opens the phone's picker. */}
        <input
          id={id}
          type="file"
          accept={accept}
          onChange={change}
          className="nid-picker__input"
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div
        id={`${id}-hint`}
        className={error ? 'nid-picker__error' : 'nid-picker__hint'}
        role={error ? 'alert' : undefined}
      >
        {error ?? (file ? file.name : t('nid.fileHint', { mb: formatNumber(maxMegabytes, language) }))}
      </div>
    </div>
  );
}

/** Send the NID: number and both sides; "Skip for now" leaves it for later. */
export function NidSubmitForm({
  shopId,
  onSkip,
  skipping,
}: {
  shopId: string;
  onSkip: () => void;
  skipping: boolean;
}) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<{ nidNumber?: string }>();
  const [files, setFiles] = useState<Record<Side, File | null>>({ front: null, back: null });
  const [fileErrors, setFileErrors] = useState<Record<Side, string | null>>({ front: null, back: null });
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitNid();

  const pick = (side: Side) => (file: File | null, problem: string | null) => {
    setFiles((current) => ({ ...current, [side]: file }));
    setFileErrors((current) => ({ ...current, [side]: problem }));
    setError(null);
  };

  const finish = async (values: { nidNumber?: string }) => {
    setError(null);
    const number = nidNumberSchema.safeParse(toLatinDigits(values.nidNumber ?? ''));
    if (!number.success) {
      form.setFields([
        { name: 'nidNumber', errors: [translateMessage(number.error.issues[0]?.message ?? '')] },
      ]);
    }
    const missing = {
      front: files.front ? null : translateMessage(messages.fileRequired),
      back: files.back ? null : translateMessage(messages.fileRequired),
    };
    if (missing.front || missing.back) setFileErrors(missing);
    if (!number.success || !files.front || !files.back) return;
    try {
      const result = await submit.mutateAsync({
        shopId,
        nidNumber: number.data,
        front: files.front,
        back: files.back,
      });
      toast.success(translateMessage(result.message));
    } catch (cause) {
      if (!showFieldErrors(form, ['nidNumber'], fieldErrors(cause), translateMessage))
        setError(errorText(cause));
    }
  };

  return (
    <AppForm form={form} name="nid" onFinish={finish} className="form-narrow">
      <Form.Item
        name="nidNumber"
        label={t('nid.number')}
        extra={t('nid.numberHint')}
        rules={[
          schemaRule(nidNumberSchema, translateMessage, (v) => toLatinDigits(typeof v === 'string' ? v : '')),
        ]}
      >
        <Input inputMode="numeric" maxLength={21} autoComplete="off" />
      </Form.Item>
      <div className="nid-pickers">
        <ImagePicker side="front" file={files.front} error={fileErrors.front} onPick={pick('front')} />
        <ImagePicker side="back" file={files.back} error={fileErrors.back} onPick={pick('back')} />
      </div>
      <FormAlert message={error} />
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('nid.submit')}
        </Button>
        <Button onClick={onSkip} loading={skipping}>
          {t('nid.skip')}
        </Button>
      </div>
    </AppForm>
  );
}
