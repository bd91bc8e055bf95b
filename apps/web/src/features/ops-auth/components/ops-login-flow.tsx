import { staffLoginSchema, staffVerifySchema } from '@dak/domain/auth';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Form, Input, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { PhoneVerification } from '../../../components/ui/phone-verification';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { useOtpCode } from '../../../lib/otp';
import { startSession } from '../../../lib/session';
import { type StaffLoginInput, useOpsLogin } from '../api/ops-login';
import { useOpsVerify } from '../api/ops-verify';

type Values = { phone?: string; password?: string };

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Staff sign-in: phone and password, then the code sent to the staff phone. */
export function OpsLoginFlow({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<Values>();
  // The password is kept only while the code screen is open, to send a new code on request.
  const [credentials, setCredentials] = useState<(StaffLoginInput & { resendAfterSeconds: number }) | null>(
    null,
  );
  const otp = useOtpCode();
  const [formError, setFormError] = useState<string | null>(null);
  const login = useOpsLogin();
  const verify = useOpsVerify();

  const submitPassword = async (values: Values) => {
    setFormError(null);
    const input = parseForm(
      form,
      staffLoginSchema,
      { phone: toLatinDigits(asText(values.phone)), password: asText(values.password) },
      translateMessage,
    );
    if (!input) return;
    try {
      const sent = await login.mutateAsync(input);
      otp.reset();
      setCredentials({ ...input, resendAfterSeconds: sent.resendAfterSeconds });
    } catch (error) {
      if (!showFieldErrors(form, ['phone', 'password'], fieldErrors(error), translateMessage))
        setFormError(errorText(error));
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!credentials) return;
    setFormError(null);
    const parsed = otp.parse(staffVerifySchema, { phone: credentials.phone, code: otp.code });
    if (!parsed) return;
    try {
      // The session itself is the httpOnly cookie the answer set.
      await verify.mutateAsync(parsed);
      startSession({ kind: 'staff' });
      onSignedIn();
    } catch (error) {
      if (otp.refused(error)) return;
      setFormError(errorText(error));
    }
  };

  const resend = otp.resend(async () => {
    if (!credentials) throw new Error('no credentials to send with');
    const sent = await login.mutateAsync({ phone: credentials.phone, password: credentials.password });
    toast.success(t('otp.resent', { phone: formatPhoneLocal(credentials.phone) }));
    return sent;
  });

  if (credentials) {
    return (
      <form onSubmit={submitCode} noValidate>
        <Typography.Title level={2} className="step-title">
          {t('otp.title')}
        </Typography.Title>
        <PhoneVerification
          idPrefix="ops"
          phone={credentials.phone}
          resendAfterSeconds={credentials.resendAfterSeconds}
          {...otp.bind}
          onEditNumber={() => setCredentials(null)}
          onResend={resend}
          disabled={verify.isPending}
        />
        <FormAlert message={formError} />
        <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
          {t('actions.verify')}
        </Button>
      </form>
    );
  }

  return (
    <Form
      form={form}
      name="ops-login"
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={submitPassword}
      onValuesChange={() => setFormError(null)}
    >
      <Form.Item
        name="phone"
        label={t('fields.phone')}
        rules={[schemaRule(staffLoginSchema.shape.phone, translateMessage, (v) => toLatinDigits(asText(v)))]}
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder={t('placeholders.phone')}
          size="large"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={[schemaRule(staffLoginSchema.shape.password, translateMessage, asText)]}
      >
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <FormAlert message={formError} />
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('actions.login')}
      </Button>
    </Form>
  );
}
