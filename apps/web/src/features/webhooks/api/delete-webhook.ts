import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useWebhooksChange, webhookPath } from './list-webhooks';

const deletedSchema = z.object({ id: z.uuid(), deletedAt: z.string() });

/** DELETE /shops/:shopId/webhooks/:id: nothing more is sent to it. */
export function deleteWebhook(input: { shopId: string; id: string }) {
  return apiRequest(webhookPath(input.shopId, input.id), { method: 'DELETE', schema: deletedSchema });
}

export function useDeleteWebhook() {
  return useWebhooksChange(deleteWebhook);
}
