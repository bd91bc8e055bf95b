import { type AccountType, otpRequestSchema, otpVerifySchema, passwordLoginSchema } from '@dak/domain/auth';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Form, Input, Radio, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { PhoneVerification } from '../../../components/ui/phone-verification';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { resendWait, useOtpCode } from '../../../lib/otp';
import { startSession } from '../../../lib/session';
import { useLoginWithPassword } from '../api/login-with-password';
import { useRequestLoginOtp } from '../api/request-login-otp';
import { useVerifyLoginOtp } from '../api/verify-login-otp';

type Method = 'password' | 'otp';
type LoginValues = { accountType: AccountType; phone?: string; method: Method; password?: string };

export type SignedIn = { isNewUser: boolean; accountType: AccountType; phone: string };

type Verification = { phone: string; accountType: AccountType; resendAfterSeconds: number };

/** Log in with phone and password, or phone and a code; merchant or partner account. */
export function LoginFlow({ onSignedIn }: { onSignedIn: (result: SignedIn) => void }) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<LoginValues>();
  const method = Form.useWatch('method', form) ?? 'password';
  const [formError, setFormError] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const otp = useOtpCode();

  const passwordLogin = useLoginWithPassword();
  const requestOtp = useRequestLoginOtp();
  const verifyOtp = useVerifyLoginOtp();

  const showError = (error: unknown) => {
    if (!showFieldErrors(form, ['phone', 'password'], fieldErrors(error), translateMessage))
      setFormError(errorText(error));
  };

  const submitCredentials = async (values: LoginValues) => {
    setFormError(null);
    const phone = toLatinDigits(values.phone ?? '');
    if (values.method === 'password') {
      const input = parseForm(
        form,
        passwordLoginSchema,
        { phone, password: values.password ?? '', accountType: values.accountType },
        translateMessage,
      );
      if (!input) return;
      try {
        const session = await passwordLogin.mutateAsync(input);
        startSession({ kind: 'user', token: session.token });
        onSignedIn({ isNewUser: false, accountType: session.user.accountType, phone: session.user.phone });
      } catch (error) {
        showError(error);
      }
      return;
    }
    const input = parseForm(form, otpRequestSchema, { phone }, translateMessage);
    if (!input) return;
    try {
      const sent = await requestOtp.mutateAsync(input);
      openVerification(input.phone, values.accountType, sent.resendAfterSeconds);
    } catch (error) {
      const wait = resendWait(error);
      if (wait !== null) openVerification(input.phone, values.accountType, wait);
      else showError(error);
    }
  };

  const openVerification = (phone: string, accountType: AccountType, resendAfterSeconds: number) => {
    otp.reset();
    setFormError(null);
    setVerification({ phone, accountType, resendAfterSeconds });
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!verification) return;
    setFormError(null);
    const input = otp.parse(otpVerifySchema, {
      phone: verification.phone,
      code: otp.code,
      accountType: verification.accountType,
    });
    if (!input) return;
    try {
      const result = await verifyOtp.mutateAsync(input);
      startSession({ kind: 'user', token: result.token });
      onSignedIn({
        isNewUser: result.isNewUser,
        accountType: result.user.accountType,
        phone: result.user.phone,
      });
    } catch (error) {
      if (!otp.refused(error)) setFormError(errorText(error));
    }
  };

  const resend = otp.resend(async () => {
    if (!verification) throw new Error('no phone to send to');
    const sent = await requestOtp.mutateAsync({ phone: verification.phone });
    toast.success(t('otp.resent', { phone: formatPhoneLocal(verification.phone) }));
    return sent;
  });

  if (verification) {
    return (
      <form onSubmit={submitCode} noValidate>
        <Typography.Title level={2} className="step-title">
          {t('otp.title')}
        </Typography.Title>
        <PhoneVerification
          idPrefix="login"
          phone={verification.phone}
          resendAfterSeconds={verification.resendAfterSeconds}
          {...otp.bind}
          onEditNumber={() => setVerification(null)}
          onResend={resend}
          disabled={verifyOtp.isPending}
        />
        <FormAlert message={formError} />
        <Button type="primary" htmlType="submit" block size="large" loading={verifyOtp.isPending}>
          {t('actions.verify')}
        </Button>
      </form>
    );
  }

  return (
    <Form
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      initialValues={{ accountType: 'merchant', method: 'password' }}
      onFinish={submitCredentials}
      onValuesChange={() => setFormError(null)}
    >
      <Form.Item name="accountType" label={t('fields.accountType')}>
        <Radio.Group optionType="button" buttonStyle="solid" block aria-label={t('fields.accountType')}>
          <Radio.Button value="merchant">{t('accountType.merchant')}</Radio.Button>
          <Radio.Button value="partner">{t('accountType.partner')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('fields.phone')}
        rules={[
          schemaRule(otpRequestSchema.shape.phone, translateMessage, (v) => toLatinDigits(String(v ?? ''))),
        ]}
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('placeholders.phone')}
          maxLength={20}
          size="large"
        />
      </Form.Item>
      <Form.Item name="method" label={t('fields.loginMethod')}>
        <Radio.Group optionType="button" buttonStyle="solid" block aria-label={t('fields.loginMethod')}>
          <Radio.Button value="password">{t('loginMethod.password')}</Radio.Button>
          <Radio.Button value="otp">{t('loginMethod.otp')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {method === 'password' ? (
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[schemaRule(passwordLoginSchema.shape.password, translateMessage, (v) => v ?? '')]}
        >
          <Input.Password autoComplete="current-password" size="large" data-testid="login-password" />
        </Form.Item>
      ) : null}
      <FormAlert message={formError} />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={passwordLogin.isPending || requestOtp.isPending}
      >
        {method === 'password' ? t('actions.login') : t('actions.sendCode')}
      </Button>
    </Form>
  );
}
