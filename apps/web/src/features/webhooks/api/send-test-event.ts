import { apiRequest } from '../../../lib/api-client';
import { queuedDeliverySchema, useDeliveriesChange } from './list-deliveries';
import { webhookPath } from './list-webhooks';

/** POST /shops/:shopId/webhooks/:id/test: a signed `webhook.test` event, queued (202). */
export function sendTestEvent(input: { shopId: string; webhookId: string }) {
  return apiRequest(`${webhookPath(input.shopId, input.webhookId)}/test`, {
    method: 'POST',
    schema: queuedDeliverySchema,
  });
}

export function useSendTestEvent() {
  return useDeliveriesChange(sendTestEvent);
}
