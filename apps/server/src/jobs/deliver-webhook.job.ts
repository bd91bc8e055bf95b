import { z } from 'zod';
import { deliverWebhookJobName } from '../modules/webhooks/webhook-events.service';
import type { WebhooksService } from '../modules/webhooks/webhooks.service';
import type { JobDefinition } from './jobs';

/**
 * The first attempt of a webhook delivery: signs the body and POSTs it to the endpoint; a failure
 * is recorded on the delivery and retried by the retry sweep (retry-webhooks), not by pg-boss.
 * Trigger: an event (a parcel move, an invoice made, paid or bounced), the test ping and a
 * redelivery, queued in their transaction.
 */
export function deliverWebhookJob(deps: {
  webhooks: WebhooksService;
}): JobDefinition<{ deliveryId: string }> {
  return {
    name: deliverWebhookJobName,
    trigger:
      'webhook events, POST …/webhooks/:id/test, POST …/deliveries/:deliveryId/redeliver (in their transaction)',
    data: z.object({ deliveryId: z.uuid() }),
    // The delivery records its own failures and retries; a crash mid-send is picked up by the sweep.
    retryLimit: 0,
    expireInSeconds: 120,
    // Mostly waiting on receivers (up to 10 s each): twenty at a time per process.
    concurrency: 20,
    run: (data) => deps.webhooks.attempt(data.deliveryId),
  };
}
