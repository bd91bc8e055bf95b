import { staffVerifySchema } from '@dak/domain/auth';
import { riderLoginSchema } from '@dak/domain/operations';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Form, Input, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/ui/form-alert';
import { PhoneVerification } from '../../../components/ui/phone-verification';
import { useRiderLogin, useRiderVerify } from '../../../features/rider/api/rider';
import { RiderLanguageSwitch } from '../../../features/rider/components/rider-language-switch';
import { useRiderLanguageDefault } from '../../../features/rider/rider-language';
import '../../../features/rider/rider.css';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { toLatinDigits } from '../../../lib/format';
import { useOtpCode } from '../../../lib/otp';
import { startSession } from '../../../lib/session';

/** A rider signs in with their phone alone: a code to it, then the code. */
export function RiderLoginPage() {
  useRiderLanguageDefault();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errorText, translateMessage } = useErrorText();
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<{ phone: string; resendAfterSeconds: number } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const otp = useOtpCode();
  const login = useRiderLogin();
  const verify = useRiderVerify();

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = riderLoginSchema.safeParse({ phone: toLatinDigits(phone) });
    if (!parsed.success) {
      setPhoneError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setPhoneError(null);
    try {
      const answer = await login.mutateAsync({ phone: toLatinDigits(phone) });
      otp.reset();
      setSent({ phone: toLatinDigits(phone), resendAfterSeconds: answer.resendAfterSeconds });
    } catch (error) {
      const field = fieldErrors(error)[0];
      if (field) setPhoneError(translateMessage(field.message));
      else setFormError(errorText(error));
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    setFormError(null);
    const parsed = otp.parse(staffVerifySchema, { phone: sent.phone, code: otp.code });
    if (!parsed) return;
    try {
      const session = await verify.mutateAsync(parsed);
      if (session.staff.role !== 'rider') {
        setFormError(t('rider.login.notRider'));
        return;
      }
      startSession({ kind: 'staff' });
      await navigate('/rider/run', { replace: true });
    } catch (error) {
      if (otp.refused(error)) return;
      setFormError(errorText(error));
    }
  };

  const resend = otp.resend(async () => {
    if (!sent) throw new Error('no phone to send to');
    const answer = await login.mutateAsync({ phone: sent.phone });
    toast.success(t('otp.resent', { phone: formatPhoneLocal(sent.phone) }));
    return answer;
  });

  return (
    <div className="rider-app rider-login">
      <header className="rider-bar">
        <span className="rider-bar__brand">{t('rider.brand')}</span>
        <RiderLanguageSwitch />
      </header>
      <main className="rider-login__body">
        <Typography.Title level={1} className="rider-login__title">
          {t('rider.login.title')}
        </Typography.Title>
        {sent ? (
          <form onSubmit={submitCode} noValidate>
            <PhoneVerification
              idPrefix="rider"
              phone={sent.phone}
              resendAfterSeconds={sent.resendAfterSeconds}
              {...otp.bind}
              onEditNumber={() => setSent(null)}
              onResend={resend}
              disabled={verify.isPending}
            />
            <FormAlert message={formError} />
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={verify.isPending}
              className="rider-big"
            >
              {t('rider.login.verify')}
            </Button>
          </form>
        ) : (
          <form onSubmit={sendCode} noValidate>
            <Typography.Paragraph>{t('rider.login.intro')}</Typography.Paragraph>
            <Form.Item
              label={t('fields.phone')}
              htmlFor="rider-phone"
              validateStatus={phoneError ? 'error' : undefined}
              help={phoneError}
              layout="vertical"
            >
              <Input
                id="rider-phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                size="large"
                maxLength={20}
                placeholder={t('placeholders.phone')}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
            </Form.Item>
            <FormAlert message={formError} />
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={login.isPending}
              className="rider-big"
            >
              {t('rider.login.send')}
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
