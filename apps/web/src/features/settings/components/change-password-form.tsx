import { changePasswordSchema } from '@dak/domain/auth';
import { messages } from '@dak/domain/errors';
import { passwordStrength, passwordsMatch } from '@dak/domain/password';
import { Button, Form, type FormRule, Input, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { useChangePassword } from '../api/change-password';
import './settings.css';

type PasswordValues = { currentPassword?: string; password?: string; confirmPassword?: string };
const fields = ['currentPassword', 'password', 'confirmPassword'] as const;
const shape = changePasswordSchema.shape;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const strengthPercent = { weak: 30, fair: 65, strong: 100 } as const;
const strengthColor = { weak: '#c8102e', fair: '#d48806', strong: '#006a4e' } as const;

/** Settings → Password: current, new and confirmation, with the spec's advice of 10+ mixed characters. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const password = asText(Form.useWatch('password', form));
  const strength = password ? passwordStrength(password) : null;

  const matches: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!passwordsMatch({ password: asText(getFieldValue('password')), confirmPassword: asText(value) })) {
        throw new Error(translateMessage(messages.passwordsDoNotMatch));
      }
    },
  });

  const finish = async (values: PasswordValues) => {
    setError(null);
    const input = parseForm(
      form,
      changePasswordSchema,
      {
        currentPassword: asText(values.currentPassword),
        password: asText(values.password),
        confirmPassword: asText(values.confirmPassword),
      },
      translateMessage,
    );
    if (!input) return;
    try {
      await change.mutateAsync(input);
      toast.success(t('settings.passwordChanged'));
      form.resetFields();
    } catch (cause) {
      if (!showFieldErrors(form, fields, fieldErrors(cause), translateMessage)) setError(errorText(cause));
    }
  };

  return (
    <AppForm
      form={form}
      name="change-password"
      onFinish={finish}
      onValuesChange={() => setError(null)}
      className="form-narrow"
    >
      <Form.Item
        name="currentPassword"
        label={t('settings.currentPassword')}
        rules={[schemaRule(shape.currentPassword, translateMessage, asText)]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.newPassword')}
        extra={t('settings.passwordAdvice')}
        rules={[schemaRule(shape.password, translateMessage, asText)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {strength ? (
        <div className="password-strength" aria-live="polite">
          <Progress
            percent={strengthPercent[strength]}
            showInfo={false}
            strokeColor={strengthColor[strength]}
            size="small"
            aria-hidden
          />
          <span>{t(`settings.strength.${strength}`)}</span>
        </div>
      ) : null}
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmNewPassword')}
        dependencies={['password']}
        rules={[matches]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <FormAlert message={error} />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('settings.changePassword')}
      </Button>
    </AppForm>
  );
}
