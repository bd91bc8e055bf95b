import {
  type ParcelSms,
  type ParcelSmsService,
  parcelSmsSchema,
  sendParcelSmsJobName,
} from '../modules/parcel-sms/parcel-sms.service';
import type { JobDefinition } from './jobs';

/**
 * Texts the customer or the merchant about a parcel's move: out for delivery (rider, delivery
 * OTP, tracking link), delivered, failed attempt, and the merchant's return OTP.
 * Trigger: a parcel move (parcel-transitions moveLocked) and POST /ops/parcels/:trackingId/return-otp,
 * queued in their transaction. Retried with backoff (30 s, 1, 2, 4, 8 min) while the gateway fails.
 */
export function sendParcelSmsJob(deps: { parcelSms: ParcelSmsService }): JobDefinition<ParcelSms> {
  return {
    name: sendParcelSmsJobName,
    trigger: 'parcel move / POST /ops/parcels/:trackingId/return-otp (in their transaction)',
    data: parcelSmsSchema,
    retryLimit: 5,
    expireInSeconds: 120,
    run: (data) => deps.parcelSms.send(data),
  };
}
