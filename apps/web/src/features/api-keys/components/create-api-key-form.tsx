import {
  type ApiKeyCreated,
  type ApiKeyScope,
  apiKeyCreateSchema,
  apiKeyNameMaxLength,
  apiKeyScopes,
} from '@dak/domain/api-keys';
import './api-keys.css';
import { Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { useCreateApiKey } from '../api/create-api-key';
import { scopeKey } from './scope-labels';

type Values = { name?: string; scopes?: ApiKeyScope[] };

/** Create a key: its name and scopes (the shared schema's rules); the answer goes to `onCreated`. */
export function CreateApiKeyForm({
  shopId,
  onCreated,
}: {
  shopId: string;
  onCreated: (created: ApiKeyCreated) => void;
}) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();

  const submit = async (values: Values) => {
    setError(null);
    const input = parseForm(
      form,
      apiKeyCreateSchema,
      { name: values.name ?? '', scopes: values.scopes ?? [] },
      translateMessage,
    );
    if (!input) return;
    try {
      const created = await create.mutateAsync({ shopId, ...input });
      form.resetFields();
      onCreated(created);
    } catch (cause) {
      if (!showFieldErrors(form, ['name', 'scopes'], fieldErrors(cause), translateMessage)) {
        setError(errorText(cause));
      }
    }
  };

  return (
    <AppForm<Values>
      form={form}
      name="create-api-key"
      onFinish={submit}
      onValuesChange={() => setError(null)}
      initialValues={{ scopes: ['parcels:write', 'parcels:read', 'tracking'] }}
    >
      <Form.Item
        name="name"
        label={t('apiKeys.name')}
        extra={t('apiKeys.nameHint')}
        rules={[schemaRule(apiKeyCreateSchema.shape.name, translateMessage)]}
      >
        <Input maxLength={apiKeyNameMaxLength} placeholder={t('apiKeys.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="scopes" label={t('apiKeys.scopes')}>
        <Checkbox.Group className="api-key-scopes">
          {apiKeyScopes.map((scope) => (
            <Checkbox key={scope} value={scope}>
              <span className="api-key-scopes__name">{t(`apiKeys.scope.${scopeKey[scope]}`)}</span>{' '}
              <code dir="ltr">{scope}</code>
              <Typography.Text type="secondary" className="api-key-scopes__hint">
                {t(`apiKeys.scopeHint.${scopeKey[scope]}`)}
              </Typography.Text>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <FormAlert message={error} />
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {t('apiKeys.create')}
      </Button>
    </AppForm>
  );
}
