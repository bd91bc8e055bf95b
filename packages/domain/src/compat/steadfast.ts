import { z } from 'zod';
import type { ParcelStatus } from '../parcel-status';
import type { UnattendedAreaProblem } from './unattended-area';

/**
 * The Steadfast-compatible API (issue 15, item 4): Steadfast's (Packzy's) merchant API spoken by
 * Dak at /compat/steadfast/api/v1, so a shop's existing plugin works with only its base URL and
 * key pair changed. The shapes are Steadfast's (snake_case, `{status: 200, …}` inside HTTP 200);
 * the rules here are what Dak makes of them: the status vocabulary, the order's fields as a Dak
 * booking, and when a free-text address is read well enough to book.
 */

/** Steadfast's `delivery_status` values (its docs, section "Delivery statuses"). */
export const steadfastDeliveryStatuses = [
  'in_review',
  'pending',
  'hold',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'unknown',
] as const;
export type SteadfastDeliveryStatus = (typeof steadfastDeliveryStatuses)[number];

/**
 * Dak's statuses in Steadfast's words. Steadfast folds the whole journey from acceptance to the
 * rider into `pending` and the return leg into `cancelled`; Dak has no approval step after the
 * rider (a delivery is final when recorded), so the `*_approval_pending` values never occur.
 * - booked, not picked up: `in_review`; held for prepayment, or a failed attempt waiting for the
 *   merchant's decision: `hold`;
 * - picked up … out for delivery: `pending`;
 * - delivered: `delivered`, or `partial_delivered` when less than the cash was collected;
 * - on its way back, back with the merchant, deleted or cancelled before pickup: `cancelled`;
 * - lost or damaged (written off, the merchant is compensated): `unknown` ("contact support").
 */
const statusMap: Record<ParcelStatus, SteadfastDeliveryStatus> = {
  pickup_pending: 'in_review',
  pickup_hold: 'hold',
  at_sorting: 'pending',
  in_transit: 'pending',
  at_delivery_hub: 'pending',
  out_for_delivery: 'pending',
  delivery_attempted: 'hold',
  delivered: 'delivered',
  return_at_delivery_hub: 'cancelled',
  return_in_transit: 'cancelled',
  at_return_hub: 'cancelled',
  out_for_return: 'cancelled',
  returned: 'cancelled',
  deleted: 'cancelled',
  cancelled: 'cancelled',
  lost: 'unknown',
  damaged: 'unknown',
};

/**
 * A parcel's Steadfast `delivery_status`. `partial`: a delivery that collected less than the cash
 * to collect (only a delivered parcel can be partial).
 */
export function steadfastStatusOf(status: ParcelStatus, partial = false): SteadfastDeliveryStatus {
  const mapped = statusMap[status];
  return mapped === 'delivered' && partial ? 'partial_delivered' : mapped;
}

/** Steadfast's return-request statuses. */
export const steadfastReturnStatuses = [
  'pending',
  'approved',
  'processing',
  'completed',
  'cancelled',
] as const;
export type SteadfastReturnStatus = (typeof steadfastReturnStatuses)[number];

/** Parcels on the return leg: a return request's status is the leg's progress. */
const returnLeg: Partial<Record<ParcelStatus, SteadfastReturnStatus>> = {
  return_at_delivery_hub: 'processing',
  return_in_transit: 'processing',
  at_return_hub: 'processing',
  out_for_return: 'processing',
  returned: 'completed',
};

/** The return request's status of a parcel on (or at the end of) its return leg, else null. */
export function steadfastReturnStatusOf(status: ParcelStatus): SteadfastReturnStatus | null {
  return returnLeg[status] ?? null;
}

// Requests ----------------------------------------------------------------------------------------

export const steadfastMaxBulkOrders = 500;

/**
 * The least confidence of the address reader at which a Steadfast order (an address and no area)
 * is booked (with its district named elsewhere in the address: compat/unattended-area.ts). Below
 * it the order is refused: a parcel sent to the wrong area costs a failed trip and a return, a
 * refusal costs the shop one edit. The reader's mean confidence is 0.79 on right answers, 0.57 on
 * ambiguous addresses and 0.45 on wrong ones (docs/performance.md); a district alone reads at 0.3.
 */
export const steadfastMinAreaConfidence = 0.6;

/** Steadfast's own English texts where it has them ("The invoice has already been taken."). */
export const steadfastMessages = {
  created: 'Consignment has been created successfully.',
  unauthenticated: 'Unauthenticated.',
  invoiceTaken: 'The invoice has already been taken.',
  invoiceFormat: 'The invoice may only contain letters, numbers, dashes and underscores.',
  phoneDigits: 'The recipient phone must be 11 digits.',
  alternativePhoneDigits: 'The alternative phone must be 11 digits.',
  codAmount: 'The cod amount must be a whole number of taka, 0 or more.',
  pointDelivery:
    'Point delivery (delivery_type 1) is not offered: Dak delivers to the recipient_address (delivery_type 0).',
  areaUnread:
    'The recipient address names no delivery area Dak can read: write the area or thana and the district, separated by commas (e.g. "House 5, Road 3, Gulshan 1, Dhaka").',
  areaUncertain:
    'The recipient address could be more than one delivery area: write the area or thana and the district, separated by commas (e.g. "House 5, Road 3, Gulshan 1, Dhaka").',
  districtNotNamed:
    'The recipient address does not name its district: add it after the area, separated by a comma (e.g. "House 5, Road 3, Gulshan 1, Dhaka").',
  noPickupLocation: 'The shop has no active pickup location: add one in the Dak panel first.',
  bulkData: 'The data must be an array of orders, or that array as a JSON string.',
  bulkEmpty: 'The data must contain at least one order.',
  bulkTooMany: `The data may contain at most ${steadfastMaxBulkOrders} orders.`,
  consignmentNotFound: 'Consignment not found.',
  returnIdentifier: 'Give one of consignment_id, invoice or tracking_code.',
  returnNotFound: 'Return request not found.',
  paymentNotFound: 'Payment not found.',
} as const;

/** Why an order's address was not booked, in the order's words. */
export const steadfastAreaProblems: Record<UnattendedAreaProblem, string> = {
  unread: steadfastMessages.areaUnread,
  uncertain: steadfastMessages.areaUncertain,
  district_not_named: steadfastMessages.districtNotNamed,
};

const required = (field: string) => `The ${field} field is required.`;
const text = (field: string, max: number) =>
  z
    .string({ error: required(field) })
    .trim()
    .min(1, required(field))
    .max(max, `The ${field} may not be greater than ${max} characters.`);
const optionalText = (field: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, `The ${field} may not be greater than ${max} characters.`).optional(),
  );
/** Steadfast's 11-digit local number, "01XXXXXXXXX" (a +880 form is forgiven). */
const elevenDigits = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? `0${v}` : v),
    z
      .string({ error: message })
      .trim()
      .transform((v) => v.replace(/^\+?88(?=01)/, ''))
      .pipe(z.string().regex(/^01[3-9]\d{8}$/, message)),
  );

/**
 * POST /create_order, and each item of a bulk order. Numbers may come as strings ("1250.00")
 * as PHP clients send them. Dak collects whole taka: 1250.00 is 1250, 1250.50 is refused.
 */
export const steadfastOrderSchema = z.object({
  invoice: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    text('invoice', 100).regex(/^[A-Za-z0-9_-]+$/, steadfastMessages.invoiceFormat),
  ),
  recipient_name: text('recipient name', 100),
  recipient_phone: elevenDigits(steadfastMessages.phoneDigits),
  alternative_phone: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    elevenDigits(steadfastMessages.alternativePhoneDigits).optional(),
  ),
  recipient_email: optionalText('recipient email', 100),
  recipient_address: text('recipient address', 250),
  cod_amount: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: required('cod amount') })
      .min(0, steadfastMessages.codAmount)
      .max(500_000, steadfastMessages.codAmount)
      .refine((n) => Number.isInteger(n), steadfastMessages.codAmount),
  ),
  note: optionalText('note', 250),
  item_description: optionalText('item description', 200),
  total_lot: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(0).optional(),
  ),
  delivery_type: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .union([z.literal(0), z.literal(1)], { error: 'The delivery type must be 0 or 1.' })
      .optional()
      .refine((v) => v !== 1, steadfastMessages.pointDelivery),
  ),
});
export type SteadfastOrder = z.infer<typeof steadfastOrderSchema>;

/** The weight Dak books a Steadfast order at: Steadfast takes none, and prices by area alone. */
export const steadfastDefaultWeightGrams = 500;

/**
 * A Steadfast order as a Dak booking (the booking schema's input), with the area the address was
 * read as and the shop's default pickup location. The product's value is not given: the cash to
 * collect stands for it. The note and the item description become the rider's instructions.
 */
export function steadfastBookingOf(
  order: SteadfastOrder,
  place: { deliveryAreaId: string; pickupLocationId: string },
) {
  const instructions = [order.note, order.item_description ? `Item: ${order.item_description}` : undefined]
    .filter(Boolean)
    .join(' — ');
  return {
    customerName: order.recipient_name,
    customerPhone: order.recipient_phone,
    customerAddress: order.recipient_address,
    alternatePhone: order.alternative_phone,
    deliveryAreaId: place.deliveryAreaId,
    pickupLocationId: place.pickupLocationId,
    cashCollectionAmount: order.cod_amount,
    sellingPrice: order.cod_amount,
    weightGrams: steadfastDefaultWeightGrams,
    invoiceId: order.invoice,
    instructions: instructions || undefined,
  };
}

/** The Dak booking's field names in the order's words, for refusals of a mapped booking. */
export const steadfastFieldOf: Record<string, string> = {
  customerName: 'recipient_name',
  customerPhone: 'recipient_phone',
  customerAddress: 'recipient_address',
  alternatePhone: 'alternative_phone',
  deliveryAreaId: 'recipient_address',
  pickupLocationId: 'pickup_location',
  cashCollectionAmount: 'cod_amount',
  sellingPrice: 'cod_amount',
  weightGrams: 'weight',
  invoiceId: 'invoice',
  instructions: 'note',
};

/** A stored phone (880…) in Steadfast's 11-digit form. */
export function steadfastPhone(stored: string): string {
  return `0${stored.replace(/^880/, '')}`;
}

/** Timestamps as Steadfast writes them: ISO-8601 with microseconds and Z. */
export function steadfastTime(at: Date | string): string {
  return new Date(at).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** A bulk order's `data`: the array itself or that array JSON-encoded (as the official SDKs send it). */
export function steadfastBulkItems(data: unknown): unknown[] | string {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return steadfastMessages.bulkData;
    }
  }
  if (!Array.isArray(value)) return steadfastMessages.bulkData;
  if (value.length === 0) return steadfastMessages.bulkEmpty;
  if (value.length > steadfastMaxBulkOrders) return steadfastMessages.bulkTooMany;
  return value;
}
