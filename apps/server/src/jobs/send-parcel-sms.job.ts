import { type ParcelSms, parcelSmsSchema } from '@dak/domain/parcel-effects';
import type { ParcelSmsService } from '../modules/parcel-sms/parcel-sms.service';
import type { JobDefinition } from './jobs';

/** Queued by the parcel-transitions module only (the effects of a move, and the return code resent). */
export const sendParcelSmsJobName = 'send-parcel-sms';

/** How many texts one process hands the SMS gateway at once, per SMS queue. */
export const smsSendConcurrency = 10;

/**
 * Texts the customer or the merchant about a parcel's move: out for delivery (rider, delivery
 * OTP, tracking link), delivered, failed attempt, and the merchant's return OTP.
 * Trigger: a parcel move (the effects table, run by parcel-transitions) and POST /ops/parcels/:trackingId/return-otp,
 * queued in their transaction. Retried with backoff (30 s, 1, 2, 4, 8 min) while the gateway fails;
 * a try cut off while the gateway answered is not sent again (sms.service alreadyHandled).
 */
export function sendParcelSmsJob(deps: {
  parcelSms: ParcelSmsService;
  /** How long one try may run before it counts as dead and is retried (SMS_JOB_EXPIRE_SECONDS). */
  expireInSeconds?: number;
}): JobDefinition<ParcelSms> {
  return {
    name: sendParcelSmsJobName,
    trigger: 'parcel move / POST /ops/parcels/:trackingId/return-otp (in their transaction)',
    data: parcelSmsSchema,
    retryLimit: 5,
    expireInSeconds: deps.expireInSeconds ?? 120,
    // A delivery run queues one SMS per parcel at once, and the gateway takes a few hundred ms a
    // text: one at a time, a morning's runs drained at about 14 texts a second and customers got
    // their delivery code minutes after the rider left (the day bench, issue 16). Ten at a time.
    concurrency: smsSendConcurrency,
    // Keyed by the job: a retry after a worker died mid-send does not text the customer twice.
    run: (data, { jobId }) => deps.parcelSms.send(data, { once: `${sendParcelSmsJobName}:${jobId}` }),
  };
}
