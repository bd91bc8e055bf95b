import {
  type WebhookCreated,
  type WebhookEvent,
  type WebhookFormat,
  webhookCreateSchema,
  webhookEvents,
  webhookFormats,
  webhookUrlMaxLength,
} from '@dak/domain/webhooks';
import './webhooks.css';
import { Button, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { fieldErrors } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { parseForm, schemaRule, showFieldErrors } from '../../../lib/form-validation';
import { useCreateWebhook } from '../api/create-webhook';
import { eventKey } from './webhook-labels';

type Values = { url?: string; events?: WebhookEvent[]; format?: WebhookFormat };

/**
 * Add an endpoint: its URL, the events it wants and the payload's shape, checked by the shared
 * schema before anything is sent; the answer (with the secret) goes to `onCreated`.
 */
export function CreateWebhookForm({
  shopId,
  onCreated,
}: {
  shopId: string;
  onCreated: (created: WebhookCreated) => void;
}) {
  const { t } = useTranslation();
  const { errorText, translateMessage } = useErrorText();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();

  const submit = async (values: Values) => {
    setError(null);
    const input = parseForm(
      form,
      webhookCreateSchema,
      { url: values.url ?? '', events: values.events ?? [], format: values.format ?? 'dak' },
      translateMessage,
    );
    if (!input) return;
    try {
      const created = await create.mutateAsync({ shopId, ...input });
      form.resetFields();
      onCreated(created);
    } catch (cause) {
      if (!showFieldErrors(form, ['url', 'events', 'format'], fieldErrors(cause), translateMessage)) {
        setError(errorText(cause));
      }
    }
  };

  return (
    <AppForm<Values>
      form={form}
      name="create-webhook"
      onFinish={submit}
      onValuesChange={() => setError(null)}
      initialValues={{ events: ['parcel.status_changed'], format: 'dak' }}
    >
      <Form.Item
        name="url"
        label={t('webhooks.url')}
        extra={t('webhooks.urlHint')}
        rules={[schemaRule(webhookCreateSchema.shape.url, translateMessage, (value) => value ?? '')]}
      >
        <Input
          dir="ltr"
          inputMode="url"
          autoComplete="url"
          maxLength={webhookUrlMaxLength}
          placeholder="https://shop.example.com/dak/webhook"
        />
      </Form.Item>
      <Form.Item
        name="events"
        label={t('webhooks.events')}
        validateTrigger="onChange"
        rules={[schemaRule(webhookCreateSchema.shape.events, translateMessage, (value) => value ?? [])]}
      >
        <Checkbox.Group className="webhook-choices">
          {webhookEvents.map((event) => (
            <Checkbox key={event} value={event}>
              <span className="webhook-choices__name">{t(`webhooks.event.${eventKey[event]}`)}</span>{' '}
              <code dir="ltr">{event}</code>
              <Typography.Text type="secondary" className="webhook-choices__hint">
                {t(`webhooks.eventHint.${eventKey[event]}`)}
              </Typography.Text>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="format" label={t('webhooks.format')}>
        <Radio.Group className="webhook-choices">
          {webhookFormats.map((format) => (
            <Radio key={format} value={format}>
              <span className="webhook-choices__name">{t(`webhooks.formatName.${format}`)}</span>
              <Typography.Text type="secondary" className="webhook-choices__hint">
                {t(`webhooks.formatHint.${format}`)}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <FormAlert message={error} />
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {t('webhooks.create')}
      </Button>
    </AppForm>
  );
}
