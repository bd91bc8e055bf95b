import { type AccountType, otpRequestSchema, otpVerifySchema, passwordLoginSchema } from '@dak/domain/auth';
import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { CodeStep, useCodeSignIn } from '../../../components/ui/code-sign-in';
import { FormAlert } from '../../../components/ui/form-alert';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { resendWait } from '../../../lib/otp';
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
  const { translateMessage } = useErrorText();
  const [form] = Form.useForm<LoginValues>();
  const method = Form.useWatch('method', form) ?? 'password';
  const passwordLogin = useLoginWithPassword();
  const requestOtp = useRequestLoginOtp();
  const verifyOtp = useVerifyLoginOtp();
  const flow = useCodeSignIn<Verification>((sent) => requestOtp.mutateAsync({ phone: sent.phone }));
  const showError = (error: unknown) => flow.showError(error, form, ['phone', 'password']);

  const submitCredentials = async (values: LoginValues) => {
    flow.setFormError(null);
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
    const open = (resendAfterSeconds: number) =>
      flow.openCodeStep({ phone: input.phone, accountType: values.accountType, resendAfterSeconds });
    try {
      open((await requestOtp.mutateAsync(input)).resendAfterSeconds);
    } catch (error) {
      const wait = resendWait(error);
      if (wait !== null) open(wait);
      else showError(error);
    }
  };

  if (flow.sent) {
    return (
      <CodeStep
        flow={flow}
        sent={flow.sent}
        idPrefix="login"
        title={t('otp.title')}
        submitLabel={t('actions.verify')}
        pending={verifyOtp.isPending}
        schema={otpVerifySchema}
        input={(sent, code) => ({ phone: sent.phone, code, accountType: sent.accountType })}
        verify={async (input) => {
          const result = await verifyOtp.mutateAsync(input);
          startSession({ kind: 'user', token: result.token });
          onSignedIn({
            isNewUser: result.isNewUser,
            accountType: result.user.accountType,
            phone: result.user.phone,
          });
        }}
      />
    );
  }

  return (
    <AppForm
      form={form}
      name="login"
      initialValues={{ accountType: 'merchant', method: 'password' }}
      onFinish={submitCredentials}
      onValuesChange={() => flow.setFormError(null)}
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
      <FormAlert message={flow.formError} />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={passwordLogin.isPending || requestOtp.isPending}
      >
        {method === 'password' ? t('actions.login') : t('actions.sendCode')}
      </Button>
    </AppForm>
  );
}
