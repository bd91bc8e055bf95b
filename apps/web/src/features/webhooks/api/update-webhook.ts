import { type WebhookUpdate, webhookSchema } from '@dak/domain/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { useWebhooksChange, webhookPath } from './list-webhooks';

/** PATCH /shops/:shopId/webhooks/:id: events, format, or enabled (true re-enables a disabled one). */
export function updateWebhook(input: { shopId: string; id: string } & WebhookUpdate) {
  const { shopId, id, ...body } = input;
  return apiRequest(webhookPath(shopId, id), { method: 'PATCH', body, schema: withDates(webhookSchema) });
}

export function useUpdateWebhook() {
  return useWebhooksChange(updateWebhook);
}
