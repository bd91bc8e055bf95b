import { type WebhookCreate, webhookCreatedSchema } from '@dak/domain/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { useWebhooksChange, webhooksPath } from './list-webhooks';

/** POST /shops/:shopId/webhooks: the answer holds the signing secret, shown this once. */
export function createWebhook(input: { shopId: string } & WebhookCreate) {
  const { shopId, ...body } = input;
  return apiRequest(webhooksPath(shopId), { method: 'POST', body, schema: webhookCreatedSchema });
}

export function useCreateWebhook() {
  return useWebhooksChange(createWebhook);
}
