import { apiRequest } from '../../../lib/api-client';
import { queuedDeliverySchema, useDeliveriesChange } from './list-deliveries';
import { webhookPath } from './list-webhooks';

/** POST …/deliveries/:deliveryId/redeliver: the same body again as a new delivery (202). */
export function redeliver(input: { shopId: string; webhookId: string; deliveryId: string }) {
  const path = `${webhookPath(input.shopId, input.webhookId)}/deliveries/${encodeURIComponent(input.deliveryId)}`;
  return apiRequest(`${path}/redeliver`, { method: 'POST', schema: queuedDeliverySchema });
}

export function useRedeliver() {
  return useDeliveriesChange(redeliver);
}
