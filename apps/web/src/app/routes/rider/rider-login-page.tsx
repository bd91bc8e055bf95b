import { staffVerifySchema } from '@dak/domain/auth';
import { riderLoginSchema } from '@dak/domain/operations';
import { Button, Form, Input, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CodeSent, CodeStep, useCodeSignIn } from '../../../components/ui/code-sign-in';
import { FormAlert } from '../../../components/ui/form-alert';
import { useRiderLogin, useRiderVerify } from '../../../features/rider/api/rider';
import { RiderLanguageSwitch } from '../../../features/rider/components/rider-language-switch';
import { useRiderLanguageDefault } from '../../../features/rider/rider-language';
import '../../../features/rider/rider.css';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { toLatinDigits } from '../../../lib/format';
import { startSession } from '../../../lib/session';

/** A rider signs in with their phone alone: a code to it, then the code. */
export function RiderLoginPage() {
  useRiderLanguageDefault();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errorText, translateMessage } = useErrorText();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const login = useRiderLogin();
  const verify = useRiderVerify();
  const flow = useCodeSignIn<CodeSent>((sent) => login.mutateAsync({ phone: sent.phone }));

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    flow.setFormError(null);
    const parsed = riderLoginSchema.safeParse({ phone: toLatinDigits(phone) });
    if (!parsed.success) {
      setPhoneError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setPhoneError(null);
    try {
      const answer = await login.mutateAsync({ phone: toLatinDigits(phone) });
      flow.openCodeStep({ phone: toLatinDigits(phone), resendAfterSeconds: answer.resendAfterSeconds });
    } catch (error) {
      const field = fieldErrors(error)[0];
      if (field) setPhoneError(translateMessage(field.message));
      else flow.setFormError(errorText(error));
    }
  };

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
        {flow.sent ? (
          <CodeStep
            flow={flow}
            sent={flow.sent}
            idPrefix="rider"
            submitLabel={t('rider.login.verify')}
            buttonClassName="rider-big"
            pending={verify.isPending}
            schema={staffVerifySchema}
            input={(sent, code) => ({ phone: sent.phone, code })}
            verify={async (input) => {
              const session = await verify.mutateAsync(input);
              if (session.staff.role !== 'rider') {
                flow.setFormError(t('rider.login.notRider'));
                return;
              }
              startSession({ kind: 'staff' });
              await navigate('/rider/run', { replace: true });
            }}
          />
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
            <FormAlert message={flow.formError} />
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
