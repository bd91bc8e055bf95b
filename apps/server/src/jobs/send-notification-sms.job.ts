import { type NotificationSmsJob, notificationSmsJobSchema } from '@dak/domain/notifications';
import {
  type NotificationsService,
  sendNotificationSmsJobName,
} from '../modules/notifications/notifications.service';
import type { SmsService } from '../modules/sms/sms.service';
import type { JobDefinition } from './jobs';
import { smsSendConcurrency } from './send-parcel-sms.job';

/**
 * Texts a merchant user a notification (delivery failed, parcel returned, payment sent or
 * bounced, pickup missed, NID decided, team invitation) in their language, through the SMS outbox.
 * Trigger: `notify` in the cause's transaction, for each user whose SMS switch (and the event's
 * topic) is on. Retried with backoff while the gateway fails; keyed by the job, so a retry after a
 * worker died mid-send does not text twice.
 */
export function sendNotificationSmsJob(deps: {
  notifications: Pick<NotificationsService, 'smsOf'>;
  sms: Pick<SmsService, 'send'>;
  expireInSeconds?: number;
}): JobDefinition<NotificationSmsJob> {
  return {
    name: sendNotificationSmsJobName,
    trigger:
      'notify() in the transaction of the event (parcel move, invoice decision, NID decision, invitation)',
    data: notificationSmsJobSchema,
    retryLimit: 5,
    expireInSeconds: deps.expireInSeconds ?? 120,
    // A failed-delivery wave notifies many merchants at once: as many at a time as parcel SMS.
    concurrency: smsSendConcurrency,
    run: async (data, { jobId }) => {
      const message = await deps.notifications.smsOf(data);
      if (!message) return;
      await deps.sms.send({
        ...message,
        purpose: `notification_${data.kind}`,
        once: `${sendNotificationSmsJobName}:${jobId}`,
      });
    },
  };
}
