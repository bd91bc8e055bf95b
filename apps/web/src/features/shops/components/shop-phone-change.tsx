import { formatPhoneLocal } from '@dak/domain/phone';
import { phoneChangeOtpSchema, phoneChangeSchema } from '@dak/domain/shop';
import { Button, Form, Input, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AppForm } from '../../../components/ui/app-form';
import { CodeStepForm } from '../../../components/ui/code-step-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { SendCodeActions } from '../../../components/ui/send-code-actions';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { resendWait, useOtpCode } from '../../../lib/otp';
import { useChangeShopPhone } from '../api/change-phone';
import { type ShopPhoneKind, useRequestShopPhoneOtp } from '../api/request-phone-otp';

type Step = { name: 'view' } | { name: 'enter' } | { name: 'verify'; phone: string; resendAfter: number };

const asText = (value: unknown) => toLatinDigits(typeof value === 'string' ? value : '');

/**
 * The shop phone or the return number: shown, and changed only with the code sent to the new
 * number (spec 4: phone changes need OTP verification).
 */
export function ShopPhoneChange({
  shopId,
  kind,
  current,
  canEdit,
}: {
  shopId: string;
  kind: ShopPhoneKind;
  current: string | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<{ phone?: string }>();
  const [step, setStep] = useState<Step>({ name: 'view' });
  const otp = useOtpCode();
  const [error, setError] = useState<string | null>(null);
  const requestOtp = useRequestShopPhoneOtp();
  const change = useChangeShopPhone();
  const label = kind === 'phone' ? t('fields.phone') : t('shopForm.returnPhone');
  const idPrefix = kind === 'phone' ? 'shop-phone' : 'return-phone';

  const openVerify = (phone: string, resendAfter: number) => {
    otp.reset();
    setError(null);
    setStep({ name: 'verify', phone, resendAfter });
  };

  const sendCode = async (values: { phone?: string }) => {
    setError(null);
    const input = parseForm(form, phoneChangeOtpSchema, { phone: asText(values.phone) }, translateMessage);
    if (!input) return;
    try {
      const sent = await requestOtp.mutateAsync({ shopId, kind, phone: input.phone });
      openVerify(input.phone, sent.resendAfterSeconds);
    } catch (cause) {
      const wait = resendWait(cause);
      if (wait !== null) openVerify(input.phone, wait);
      else setError(errorText(cause));
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'verify') return;
    const parsed = otp.parse(phoneChangeSchema, { phone: step.phone, code: otp.code });
    if (!parsed) return;
    try {
      await change.mutateAsync({ shopId, kind, phone: parsed.phone, code: parsed.code });
      toast.success(kind === 'phone' ? t('shopSettings.phoneChanged') : t('shopSettings.returnPhoneChanged'));
      form.resetFields();
      setStep({ name: 'view' });
    } catch (cause) {
      if (otp.refused(cause)) return;
      setError(errorText(cause));
    }
  };

  const resend = otp.resend(async () => {
    if (step.name !== 'verify') throw new Error('no number to send to');
    const sent = await requestOtp.mutateAsync({ shopId, kind, phone: step.phone });
    toast.success(t('otp.resent', { phone: formatPhoneLocal(step.phone) }));
    return sent;
  });

  if (step.name === 'verify') {
    return (
      <CodeStepForm
        onSubmit={verify}
        className="phone-change"
        idPrefix={idPrefix}
        phone={step.phone}
        resendAfterSeconds={step.resendAfter}
        {...otp.bind}
        onEditNumber={() => setStep({ name: 'enter' })}
        onResend={resend}
        pending={change.isPending}
        formError={error}
        back={{ label: t('actions.cancel'), onClick: () => setStep({ name: 'view' }) }}
      />
    );
  }

  if (step.name === 'enter') {
    return (
      <AppForm
        form={form}
        name={`${idPrefix}-change`}
        onFinish={sendCode}
        onValuesChange={() => setError(null)}
        className="phone-change"
      >
        <Form.Item
          name="phone"
          label={label}
          extra={kind === 'phone' ? t('shopSettings.newPhoneHint') : t('shopSettings.newReturnPhoneHint')}
          rules={[schemaRule(phoneChangeOtpSchema.shape.phone, translateMessage, asText)]}
        >
          <Input type="tel" inputMode="tel" placeholder={t('placeholders.phone')} maxLength={20} autoFocus />
        </Form.Item>
        <FormAlert message={error} />
        <SendCodeActions sending={requestOtp.isPending} onCancel={() => setStep({ name: 'view' })} />
      </AppForm>
    );
  }

  return (
    <div className="phone-change phone-change--view">
      <div>
        <Typography.Text type="secondary" className="phone-change__label">
          {label}
        </Typography.Text>
        <div className="phone-change__value">
          {current ? (
            <strong dir="ltr" className="phone-number">
              {formatPhoneLocal(current)}
            </strong>
          ) : (
            <Typography.Text type="secondary">{t('shopSettings.notSet')}</Typography.Text>
          )}
        </div>
      </div>
      {canEdit ? (
        <Button onClick={() => setStep({ name: 'enter' })}>
          {current ? t('shopSettings.change') : t('shopSettings.add')}
        </Button>
      ) : null}
    </div>
  );
}
