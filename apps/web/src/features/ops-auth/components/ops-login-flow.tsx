import { staffLoginSchema, staffVerifySchema } from '@dak/domain/auth';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { type CodeSent, CodeStep, useCodeSignIn } from '../../../components/ui/code-sign-in';
import { FormAlert } from '../../../components/ui/form-alert';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule } from '../../../lib/form-validation';
import { toLatinDigits } from '../../../lib/format';
import { startSession } from '../../../lib/session';
import { type StaffLoginInput, useOpsLogin } from '../api/ops-login';
import { useOpsVerify } from '../api/ops-verify';

type Values = { phone?: string; password?: string };

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Staff sign-in: phone and password, then the code sent to the staff phone. */
export function OpsLoginFlow({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { translateMessage } = useErrorText();
  const [form] = Form.useForm<Values>();
  const login = useOpsLogin();
  const verify = useOpsVerify();
  // The password is kept only while the code screen is open, to send a new code on request.
  const flow = useCodeSignIn<StaffLoginInput & CodeSent>((sent) =>
    login.mutateAsync({ phone: sent.phone, password: sent.password }),
  );

  const submitPassword = async (values: Values) => {
    flow.setFormError(null);
    const input = parseForm(
      form,
      staffLoginSchema,
      { phone: toLatinDigits(asText(values.phone)), password: asText(values.password) },
      translateMessage,
    );
    if (!input) return;
    try {
      const sent = await login.mutateAsync(input);
      flow.openCodeStep({ ...input, resendAfterSeconds: sent.resendAfterSeconds });
    } catch (error) {
      flow.showError(error, form, ['phone', 'password']);
    }
  };

  if (flow.sent) {
    return (
      <CodeStep
        flow={flow}
        sent={flow.sent}
        idPrefix="ops"
        title={t('otp.title')}
        submitLabel={t('actions.verify')}
        pending={verify.isPending}
        schema={staffVerifySchema}
        input={(sent, code) => ({ phone: sent.phone, code })}
        verify={async (input) => {
          // The session itself is the httpOnly cookie the answer set.
          await verify.mutateAsync(input);
          startSession({ kind: 'staff' });
          onSignedIn();
        }}
      />
    );
  }

  return (
    <AppForm
      form={form}
      name="ops-login"
      onFinish={submitPassword}
      onValuesChange={() => flow.setFormError(null)}
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
      <FormAlert message={flow.formError} />
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('actions.login')}
      </Button>
    </AppForm>
  );
}
