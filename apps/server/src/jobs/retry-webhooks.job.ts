import type { WebhooksService } from '../modules/webhooks/webhooks.service';
import { scheduledJob } from './jobs';

/**
 * Webhook deliveries whose next attempt is due (back-off from the domain's
 * webhookRetryDelaySeconds, within the 24-hour window), a few at a time; also those whose worker
 * died mid-send. Trigger: the schedule, every minute.
 */
export function retryWebhooksJob(deps: { webhooks: WebhooksService }) {
  return scheduledJob({
    name: 'retry-webhooks',
    trigger: 'schedule: every minute',
    cron: '* * * * *',
    run: () => deps.webhooks.retryDue(),
  });
}
