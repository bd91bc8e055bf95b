import { otpRequestSchema, resetPasswordSchema } from '@dak/domain/auth';
import { messages } from '@dak/domain/errors';
import { passwordSchema, passwordsMatch } from '@dak/domain/password';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Form, type FormRule, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import type { OtpInputHandle } from '../../../components/ui/otp-input';
import { PhoneVerification } from '../../../components/ui/phone-verification';
import { fieldErrors, isApiError, retryAfterSeconds } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { resendCode } from '../../../lib/otp';
import { useRequestPasswordResetOtp } from '../api/request-password-reset-otp';
import { useResetPassword } from '../api/reset-password';

type PhoneValues = { phone?: string };
type NewPasswordValues = { password?: string; confirmPassword?: string };

const codeErrors = new Set(['OTP_REQUIRED', 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS']);
const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Forgotten password: a code to the phone, then the code with a new password. */
export function ResetPasswordFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [passwordForm] = Form.useForm<NewPasswordValues>();
  const [target, setTarget] = useState<{ phone: string; resendAfterSeconds: number } | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const otpRef = useRef<OtpInputHandle>(null);
  const requestOtp = useRequestPasswordResetOtp();
  const reset = useResetPassword();

  const sendCode = async (values: PhoneValues) => {
    setFormError(null);
    const input = parseForm(
      phoneForm,
      otpRequestSchema,
      { phone: toLatinDigits(asText(values.phone)) },
      translateMessage,
    );
    if (!input) return;
    try {
      const sent = await requestOtp.mutateAsync(input);
      setTarget({ phone: input.phone, resendAfterSeconds: sent.resendAfterSeconds });
    } catch (error) {
      const wait =
        isApiError(error) && error.code === 'OTP_RESEND_TOO_SOON' ? retryAfterSeconds(error) : null;
      if (wait !== null) setTarget({ phone: input.phone, resendAfterSeconds: wait });
      else if (!showFieldErrors(phoneForm, ['phone'], fieldErrors(error), translateMessage))
        setFormError(errorText(error));
    }
  };

  const matchesPassword: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!passwordsMatch({ password: asText(getFieldValue('password')), confirmPassword: asText(value) })) {
        throw new Error(translateMessage(messages.passwordsDoNotMatch));
      }
    },
  });

  const submitNewPassword = async (values: NewPasswordValues) => {
    if (!target) return;
    setFormError(null);
    const parsed = resetPasswordSchema.safeParse({
      phone: target.phone,
      otp: code,
      password: asText(values.password),
      confirmPassword: asText(values.confirmPassword),
    });
    if (!parsed.success) {
      const messageFor = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      const otpMessage = messageFor('otp');
      setCodeError(otpMessage ? translateMessage(otpMessage) : null);
      passwordForm.setFields(
        (['password', 'confirmPassword'] as const).map((name) => {
          const message = messageFor(name);
          return { name, errors: message ? [translateMessage(message)] : [] };
        }),
      );
      if (otpMessage) otpRef.current?.focus();
      return;
    }
    try {
      await reset.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      if (isApiError(error) && codeErrors.has(error.code)) {
        setCodeError(errorText(error));
        otpRef.current?.clear();
      } else if (
        !showFieldErrors(passwordForm, ['password', 'confirmPassword'], fieldErrors(error), translateMessage)
      ) {
        setFormError(errorText(error));
      }
    }
  };

  const resend = () =>
    resendCode(
      async () => {
        if (!target) throw new Error('no phone to send to');
        const sent = await requestOtp.mutateAsync({ phone: target.phone });
        toast.success(t('otp.resent', { phone: formatPhoneLocal(target.phone) }));
        return sent;
      },
      (error) => setCodeError(errorText(error)),
    );

  if (!target) {
    return (
      <AppForm form={phoneForm} name="reset-phone" onFinish={sendCode}>
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          rules={[
            schemaRule(otpRequestSchema.shape.phone, translateMessage, (v) => toLatinDigits(asText(v))),
          ]}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('placeholders.phone')}
            size="large"
            maxLength={20}
          />
        </Form.Item>
        <FormAlert message={formError} />
        <Button type="primary" htmlType="submit" block size="large" loading={requestOtp.isPending}>
          {t('actions.sendCode')}
        </Button>
      </AppForm>
    );
  }

  return (
    <AppForm
      form={passwordForm}
      name="reset-password"
      onFinish={submitNewPassword}
      onValuesChange={() => setFormError(null)}
    >
      <PhoneVerification
        idPrefix="reset"
        phone={target.phone}
        resendAfterSeconds={target.resendAfterSeconds}
        onCodeChange={(value) => {
          setCode(value);
          if (codeError) setCodeError(null);
        }}
        onEditNumber={() => setTarget(null)}
        onResend={resend}
        error={codeError}
        disabled={reset.isPending}
        otpRef={otpRef}
      />
      <Typography.Title level={2} className="step-title">
        {t('reset.newPasswordTitle')}
      </Typography.Title>
      <Form.Item
        name="password"
        label={t('fields.newPassword')}
        extra={t('hints.password')}
        rules={[schemaRule(passwordSchema, translateMessage, asText)]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmNewPassword')}
        dependencies={['password']}
        rules={[matchesPassword]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <FormAlert message={formError} />
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('actions.resetPassword')}
      </Button>
    </AppForm>
  );
}
