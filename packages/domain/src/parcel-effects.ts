import { z } from 'zod';
import { failedAttemptReasons, type ParcelStatus } from './parcel-status';

/**
 * What follows a parcel's move, as data next to the status machine: "on entering status X, these
 * effects". The server runs them in one place (parcel-transitions), inside the move's
 * transaction, so a follow-up exists exactly when its move does: an SMS (queued as the
 * send-parcel-sms job, which makes any code and texts it after the commit) or a ledger posting.
 */

/** The parcel SMS there are; each has a text below. The job's data names one of them. */
export const parcelSmsTemplates = [
  'out_for_delivery',
  'delivered',
  'delivery_attempted',
  'return_otp',
] as const;
export type ParcelSmsTemplate = (typeof parcelSmsTemplates)[number];

/**
 * One follow-up of a move: an SMS, or a ledger posting in the move's transaction; the integrations
 * issue adds `webhook` (a job). The server's runner switches over `kind` exhaustively, so a new
 * kind does not compile until it is run.
 */
export type ParcelEffect =
  | {
      kind: 'sms';
      template: ParcelSmsTemplate;
      /** The move's reason goes along (the failed attempt's, shown in the text). */
      withReason?: true;
    }
  /**
   * The parcel's money becomes final (issue 13): its settlement is posted to the ledger in the
   * move's transaction and its payment stage moves to unpaid.
   */
  | { kind: 'ledger'; settle: 'delivered' | 'returned' | 'lost' | 'damaged' }
  /**
   * The shop's people are told (issue 14): a notification in the app and by SMS, as each one's
   * preferences say, written in the move's transaction.
   */
  | { kind: 'notify'; event: 'delivery_failed' | 'parcel_returned' }
  /**
   * The shop's webhooks hear of the move (issue 15): a delivery per subscribed endpoint and its
   * job, written in the move's transaction.
   */
  | { kind: 'webhook'; event: 'parcel.status_changed' };

/** Every move is announced to the shop's webhooks, whatever status it enters. */
const announced = { kind: 'webhook', event: 'parcel.status_changed' } as const;

/** Every status the machine can enter, with its effects (none for most). */
export const effectsOnEntering: Record<ParcelStatus, readonly ParcelEffect[]> = {
  pickup_pending: [announced],
  pickup_hold: [announced],
  at_sorting: [announced],
  in_transit: [announced],
  at_delivery_hub: [announced],
  // The customer's delivery code with the rider's name and phone.
  out_for_delivery: [{ kind: 'sms', template: 'out_for_delivery' }, announced],
  delivered: [{ kind: 'ledger', settle: 'delivered' }, { kind: 'sms', template: 'delivered' }, announced],
  // The customer hears why; the merchant is asked to decide before the parcel comes back by itself.
  delivery_attempted: [
    { kind: 'sms', template: 'delivery_attempted', withReason: true },
    { kind: 'notify', event: 'delivery_failed' },
    announced,
  ],
  return_at_delivery_hub: [announced],
  return_in_transit: [announced],
  at_return_hub: [announced],
  // The merchant's hand-over code: a new trip, a new code.
  out_for_return: [{ kind: 'sms', template: 'return_otp' }, announced],
  returned: [{ kind: 'ledger', settle: 'returned' }, { kind: 'notify', event: 'parcel_returned' }, announced],
  deleted: [announced],
  cancelled: [announced],
  // Written off after pickup: the shop is compensated by the rule in money.ts.
  lost: [{ kind: 'ledger', settle: 'lost' }, announced],
  damaged: [{ kind: 'ledger', settle: 'damaged' }, announced],
};

/** The data of the send-parcel-sms job: the parcel and the template only, never a code. */
export const parcelSmsSchema = z.object({
  parcelId: z.uuid(),
  kind: z.enum(parcelSmsTemplates),
  /** The failed attempt's reason (delivery_attempted). */
  reason: z.string().max(100).optional(),
});
export type ParcelSms = z.infer<typeof parcelSmsSchema>;

/** The texts of the parcel SMS, English then Bengali in one message. */
export const parcelSmsText = {
  out_for_delivery: (p: {
    trackingId: string;
    rider: string;
    riderPhone: string;
    code: string;
    link: string;
  }) =>
    `Dak: parcel ${p.trackingId} is out for delivery with ${p.rider} (${p.riderPhone}). ` +
    `Delivery OTP: ${p.code}. Give it to the rider only on receiving the parcel. Track: ${p.link}\n` +
    `ডাক: পার্সেল ${p.trackingId} নিয়ে রাইডার ${p.rider} (${p.riderPhone}) আসছেন। ` +
    `ডেলিভারি OTP: ${p.code}`,
  delivered: (p: { trackingId: string; link: string }) =>
    `Dak: parcel ${p.trackingId} delivered. Track: ${p.link}\n` + `ডাক: পার্সেল ${p.trackingId} ডেলিভারি সম্পন্ন।`,
  delivery_attempted: (p: { trackingId: string; reason?: string; link: string }) => {
    const why = failedAttemptReasons[p.reason as keyof typeof failedAttemptReasons];
    return (
      `Dak: we could not deliver parcel ${p.trackingId} (${why?.en ?? 'attempted'}). Track: ${p.link}\n` +
      `ডাক: পার্সেল ${p.trackingId} ডেলিভারি করা যায়নি (${why?.bn ?? 'চেষ্টা করা হয়েছে'})।`
    );
  },
  return_otp: (p: { trackingId: string; code: string }) =>
    `Dak: your returned parcel ${p.trackingId} is on its way to you. Give the rider this code: ${p.code}\n` +
    `ডাক: আপনার রিটার্ন পার্সেল ${p.trackingId} আসছে। রাইডারকে এই কোড দিন: ${p.code}`,
} satisfies Record<ParcelSmsTemplate, (params: never) => string>;
