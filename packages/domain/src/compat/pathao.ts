import { z } from 'zod';
import { keyed } from '../messages';
import type { ParcelStatus } from '../parcel-status';

/**
 * The Pathao-compatible API (issue 15, item 4): what a shop's Pathao plugin or SDK sends and gets
 * back, spoken at `/compat/pathao/aladdin/api/v1/…`, so a shop moves to Dak by changing the base
 * URL and its client id and secret (a Dak API key pair). Shapes follow Pathao's merchant API as
 * documented (issue-token, stores, orders, orders/bulk, order info, city/zone/area lists,
 * price-plan) and its `{message, type, code, data}` envelope.
 */

/** Pathao's access tokens live five days (`expires_in: 432000`); refresh tokens a month. */
export const pathaoAccessTokenSeconds = 432_000;
export const pathaoRefreshTokenSeconds = 30 * 24 * 3600;

/**
 * An address without city/zone ids is read by Dak's area reader; below this confidence the order
 * is refused rather than booked to a guessed area (the merchant sends the ids, or a clearer address).
 */
export const pathaoAreaConfidenceMin = 0.5;

/** Pathao's lists page at 1000 (stores) — every list here fits on one page. */
export const pathaoPerPage = 1000;

// Status vocabulary ---------------------------------------------------------------------------------

/** Pathao's `order_status` values (the panel and order info), as in its documentation. */
export const pathaoOrderStatuses = [
  'Pending',
  'Pickup_Requested',
  'Assigned_for_Pickup',
  'Picked',
  'Pickup_Failed',
  'Pickup_Cancelled',
  'At_the_Sorting_HUB',
  'In_Transit',
  'Received_at_Last_Mile_HUB',
  'Assigned_for_Delivery',
  'Delivered',
  'Partial_Delivery',
  'Delivery_Failed',
  'On_Hold',
  'Return',
  'Paid_Return',
  'Exchange',
  'Payment_Invoice',
] as const;
export type PathaoOrderStatus = (typeof pathaoOrderStatuses)[number];

/**
 * Every Dak status in Pathao's words, with the webhook event Pathao sends on entering it. Pathao
 * has no lost or damaged: a parcel written off is `On_Hold` (its exception state) until the
 * merchant's claim settles; Dak's four return steps are all Pathao's `Return`, the last one
 * `order.returned-to-merchant`. Pickup hold (prepayment) is Pathao's `On_Hold` before pickup.
 */
export const pathaoStatusOfDak: Record<ParcelStatus, { status: PathaoOrderStatus; event: string }> = {
  pickup_pending: { status: 'Pending', event: 'order.created' },
  pickup_hold: { status: 'On_Hold', event: 'order.on-hold' },
  at_sorting: { status: 'At_the_Sorting_HUB', event: 'order.at-the-sorting-hub' },
  in_transit: { status: 'In_Transit', event: 'order.in-transit' },
  at_delivery_hub: { status: 'Received_at_Last_Mile_HUB', event: 'order.received-at-last-mile-hub' },
  out_for_delivery: { status: 'Assigned_for_Delivery', event: 'order.assigned-for-delivery' },
  delivery_attempted: { status: 'Delivery_Failed', event: 'order.delivery-failed' },
  delivered: { status: 'Delivered', event: 'order.delivered' },
  return_at_delivery_hub: { status: 'Return', event: 'order.returned' },
  return_in_transit: { status: 'Return', event: 'order.return-in-transit' },
  at_return_hub: { status: 'Return', event: 'order.return-in-transit' },
  out_for_return: { status: 'Return', event: 'order.return-in-transit' },
  returned: { status: 'Return', event: 'order.returned-to-merchant' },
  deleted: { status: 'Pickup_Cancelled', event: 'order.pickup-cancelled' },
  cancelled: { status: 'Pickup_Cancelled', event: 'order.pickup-cancelled' },
  lost: { status: 'On_Hold', event: 'order.on-hold' },
  damaged: { status: 'On_Hold', event: 'order.on-hold' },
};

/** A Dak status as Pathao's order info states it: `order_status` and its lower-case slug. */
export function pathaoOrderStatusOf(status: ParcelStatus): { orderStatus: PathaoOrderStatus; slug: string } {
  const orderStatus = pathaoStatusOfDak[status].status;
  return { orderStatus, slug: orderStatus.toLowerCase() };
}

// Requests --------------------------------------------------------------------------------------------

/** Pathao's delivery types: 48 normal, 12 on-demand. Dak books both as its one service. */
export const pathaoDeliveryTypes = [48, 12] as const;
/** Pathao's item types: 1 document, 2 parcel. */
export const pathaoItemTypes = [1, 2] as const;

/** Integers arrive as numbers or numeric strings (the doc's sample sends `"0.5"` for a weight). */
const int = z.coerce.number().int();
const num = z.coerce.number();
const text = z.string().trim();
const optionalText = z.preprocess((v) => (v === null || v === '' ? undefined : v), text.optional());
const optionalId = z.preprocess((v) => (v === null || v === '' ? undefined : v), int.positive().optional());

export const pathaoTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    client_id: text.min(1),
    client_secret: text.min(1),
    username: text.min(1),
    password: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: text.min(1),
    client_secret: text.min(1),
    refresh_token: text.min(1),
  }),
]);
export type PathaoTokenRequest = z.infer<typeof pathaoTokenRequestSchema>;

export const pathaoStoreCreateSchema = z.object({
  name: text.min(3).max(50),
  contact_name: text.min(3).max(50),
  contact_number: text.min(11).max(14),
  secondary_contact: optionalText,
  otp_number: optionalText,
  address: text.min(15).max(120),
  city_id: int.positive(),
  zone_id: int.positive(),
  area_id: optionalId,
});
export type PathaoStoreCreate = z.infer<typeof pathaoStoreCreateSchema>;

export const pathaoOrderSchema = z.object({
  store_id: int.positive(),
  merchant_order_id: optionalText.pipe(z.string().max(100).optional()),
  recipient_name: text.min(3).max(100),
  recipient_phone: text.min(11).max(14),
  recipient_secondary_phone: optionalText,
  recipient_address: text.min(10).max(220),
  recipient_city: optionalId,
  recipient_zone: optionalId,
  recipient_area: optionalId,
  delivery_type: int.refine((v) => (pathaoDeliveryTypes as readonly number[]).includes(v), {
    message: 'The delivery type must be 48 (normal) or 12 (on demand)',
  }),
  item_type: int.refine((v) => (pathaoItemTypes as readonly number[]).includes(v), {
    message: 'The item type must be 1 (document) or 2 (parcel)',
  }),
  special_instruction: optionalText.pipe(z.string().max(500).optional()),
  item_quantity: int.min(1),
  item_weight: num.min(0.5).max(10),
  item_description: optionalText,
  amount_to_collect: num.min(0),
});
export type PathaoOrder = z.infer<typeof pathaoOrderSchema>;

/** Bulk: the rows are checked one by one (a bad row gets its errors), so only their number here. */
export const pathaoBulkSchema = z.object({
  orders: z.array(z.record(z.string(), z.unknown())).min(1).max(500),
});

export const pathaoPricePlanSchema = z.object({
  store_id: int.positive(),
  item_type: int,
  delivery_type: int,
  item_weight: num.min(0.5).max(10),
  recipient_city: int.positive(),
  recipient_zone: int.positive(),
});
export type PathaoPricePlan = z.infer<typeof pathaoPricePlanSchema>;

// Messages --------------------------------------------------------------------------------------------

export const pathaoMessages = keyed('compatPathao', {
  tokenIssued: 'Token generated successfully',
  invalidClient: 'Invalid client credentials',
  invalidUser: 'The user credentials were incorrect',
  notOwner: 'Only the shop owner can use the API with this client',
  invalidRefresh: 'The refresh token is invalid or has expired',
  unauthenticated: 'Unauthenticated.',
  validation: 'Please fix the given errors',
  storeCreated: 'Store created successfully, Please wait one hour for approval.',
  storeNotFound: 'Store not found',
  storeList: 'Store list',
  orderCreated: 'Order Created Successfully',
  bulkAccepted:
    'Your bulk order creation request is accepted, please wait some time to complete order creation.',
  orderInfo: 'Order info',
  orderNotFound: 'Order not found',
  cityList: 'City successfully fetched.',
  zoneList: 'Zone list fetched.',
  areaList: 'Area list fetched.',
  cityNotFound: 'City not found',
  zoneNotFound: 'Zone not found',
  areaNotInZone: 'The area is not in the zone',
  zoneNotInCity: 'The zone is not in the city',
  addressNotRead:
    'Could not read the delivery area from recipient_address; send recipient_city and recipient_zone',
  price: 'price',
});
