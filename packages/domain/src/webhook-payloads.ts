import { steadfastStatusOf } from './compat/steadfast';
import { trackingMessage } from './operations';
import type { ParcelStatus } from './parcel-status';
import { consignmentNumberOf } from './tracking-id';
import type { WebhookEvent, webhookTestEvent } from './webhooks';

/**
 * What a webhook delivery carries (issue 15, item 3): the body Dak signs and POSTs, in Dak's shape
 * or in Steadfast's callback shape. Amounts are taka as JSON numbers (poisha / 100), as in every
 * Dak API answer; times are ISO 8601 in UTC, except Steadfast's `updated_at` (Dhaka local time,
 * as Steadfast sends it).
 */

/** Every delivery's body: `id` is the event's, the same on each retry and redelivery. */
export type WebhookBody<D = unknown> = {
  id: string;
  type: WebhookEvent | typeof webhookTestEvent;
  createdAt: string;
  shopId: string;
  data: D;
};

/** A parcel's move as the server knows it when the move is written. */
export type ParcelMoveFacts = {
  trackingId: string;
  /** The merchant's own order id (the booking's invoice field), or null. */
  merchantOrderId: string | null;
  status: ParcelStatus;
  previousStatus: ParcelStatus;
  hub: { id: string; name: string } | null;
  codAmountPoisha: number;
  /** Set on a delivery (full or partial). */
  amountCollectedPoisha: number | null;
  /** What the merchant is charged for the parcel: delivery and COD charge. */
  deliveryChargePoisha: number;
  reason: string | null;
  at: Date;
};

const taka = (poisha: number) => poisha / 100;

/** `data` of a `parcel.status_changed` event in Dak's format. */
export function parcelStatusChangedData(move: ParcelMoveFacts) {
  const message = trackingMessage(move.status, move.reason);
  return {
    trackingId: move.trackingId,
    merchantOrderId: move.merchantOrderId,
    status: move.status,
    previousStatus: move.previousStatus,
    message_en: message.en,
    message_bn: message.bn,
    hub: move.hub,
    codAmount: taka(move.codAmountPoisha),
    amountCollected:
      move.status === 'delivered' && move.amountCollectedPoisha !== null
        ? taka(move.amountCollectedPoisha)
        : null,
    deliveryCharge: taka(move.deliveryChargePoisha),
    reason: move.reason,
    at: move.at.toISOString(),
  };
}
export type ParcelStatusChangedData = ReturnType<typeof parcelStatusChangedData>;

/** An invoice of the shop's payout as the invoice events carry it. */
export type InvoiceEventData = {
  invoiceId: string;
  number: string;
  status: 'payment_processing' | 'paid' | 'bounced';
  netAmount: number;
  parcelCount: number;
  /** Paid: the bank or bKash reference. */
  reference?: string;
  /** Bounced: why. */
  reason?: string;
};

// Steadfast's callback shape (reference section 1.6) ---------------------------------------------

/** The status in Steadfast's words (compat/steadfast.ts), partial when less cash came than was due. */
function steadfastStatusOfMove(
  move: Pick<ParcelMoveFacts, 'status' | 'amountCollectedPoisha' | 'codAmountPoisha'>,
) {
  const partial =
    move.status === 'delivered' &&
    move.amountCollectedPoisha !== null &&
    move.amountCollectedPoisha < move.codAmountPoisha;
  return steadfastStatusOf(move.status, partial);
}

/** `YYYY-MM-DD HH:MM:SS` in Dhaka time (UTC+6 all year), as Steadfast writes `updated_at`. */
export function dhakaDateTime(at: Date): string {
  return new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A move in Steadfast's callback shape. A move that changes the Steadfast status is a
 * `delivery_status` notification (with the amounts; on a delivery `cod_amount` is what was
 * collected, Steadfast's only place for a partial delivery's money); a move Steadfast folds into
 * the same status (sorting hub → in transit → delivery hub, all `pending`) is a `tracking_update`
 * with the tracking text only.
 */
export function steadfastCallbackOf(move: ParcelMoveFacts) {
  const status = steadfastStatusOfMove(move);
  const before = steadfastStatusOfMove({ ...move, status: move.previousStatus });
  const base = {
    consignment_id: consignmentNumberOf(move.trackingId),
    invoice: move.merchantOrderId,
    tracking_id: move.trackingId,
  };
  const trackingText = trackingMessage(move.status, move.reason).en;
  const hubText = move.hub ? ` (${move.hub.name})` : '';
  if (status === before) {
    return {
      notification_type: 'tracking_update' as const,
      ...base,
      tracking_message: `${trackingText}${hubText}`,
      updated_at: dhakaDateTime(move.at),
    };
  }
  const collected = move.status === 'delivered' && move.amountCollectedPoisha !== null;
  return {
    notification_type: 'delivery_status' as const,
    ...base,
    status,
    cod_amount: taka(collected ? (move.amountCollectedPoisha ?? 0) : move.codAmountPoisha),
    delivery_charge: taka(move.deliveryChargePoisha),
    tracking_message: `${trackingText}${hubText}`,
    updated_at: dhakaDateTime(move.at),
  };
}
