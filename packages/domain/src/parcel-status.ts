import { z } from 'zod';

/**
 * The parcel's life cycle (DESIGN.md section 4) as data: the statuses declared once, their
 * dashboard groups, the merchant-facing seller status, the payment statuses, and the one table of
 * allowed transitions. `assertTransition` is the only gate: the server calls it before every
 * status change, the web reads `nextStatuses` to show what is possible.
 */

export const parcelStatusGroups = {
  pickup: ['pickup_pending', 'pickup_hold'],
  forward_in_progress: [
    'at_sorting',
    'in_transit',
    'at_delivery_hub',
    'out_for_delivery',
    'delivery_attempted',
  ],
  done: ['delivered'],
  return_in_progress: ['return_at_delivery_hub', 'return_in_transit', 'at_return_hub', 'out_for_return'],
  returned: ['returned'],
  closed: ['deleted', 'cancelled', 'lost', 'damaged'],
} as const;

export type ParcelStatusGroup = keyof typeof parcelStatusGroups;
export type ParcelStatus = (typeof parcelStatusGroups)[ParcelStatusGroup][number];

export const parcelStatusGroupNames = Object.keys(parcelStatusGroups) as ParcelStatusGroup[];
export const parcelStatuses = Object.values(parcelStatusGroups).flat() as ParcelStatus[];

export const parcelStatusSchema = z.enum(parcelStatuses as [ParcelStatus, ...ParcelStatus[]]);
export const parcelStatusGroupSchema = z.enum(
  parcelStatusGroupNames as [ParcelStatusGroup, ...ParcelStatusGroup[]],
);

/** The group a status is shown under on the dashboard. */
export function statusGroupOf(status: ParcelStatus): ParcelStatusGroup {
  for (const group of parcelStatusGroupNames) {
    if ((parcelStatusGroups[group] as readonly string[]).includes(status)) return group;
  }
  throw new RangeError(`Unknown parcel status: ${status}`);
}

/** The status a booking starts in. */
export const initialParcelStatus: ParcelStatus = 'pickup_pending';

/**
 * Allowed moves. Why these: a parcel is cancelled or deleted only before a rider has it; once
 * picked up it can only go forward, come back, or be written off as lost or damaged (by staff);
 * after a failed attempt it goes out again (reattempt) or starts back; a return rider who fails
 * brings it back to the return hub. `delivered` and `returned` are final, like every closed status.
 */
export const parcelTransitions: Record<ParcelStatus, readonly ParcelStatus[]> = {
  pickup_pending: ['at_sorting', 'pickup_hold', 'deleted', 'cancelled'],
  pickup_hold: ['pickup_pending', 'deleted', 'cancelled'],
  at_sorting: ['in_transit', 'at_delivery_hub', 'at_return_hub', 'lost', 'damaged'],
  in_transit: ['at_delivery_hub', 'lost', 'damaged'],
  at_delivery_hub: ['out_for_delivery', 'return_at_delivery_hub', 'lost', 'damaged'],
  out_for_delivery: ['delivered', 'delivery_attempted', 'lost', 'damaged'],
  delivery_attempted: ['out_for_delivery', 'return_at_delivery_hub', 'lost', 'damaged'],
  delivered: [],
  return_at_delivery_hub: ['return_in_transit', 'at_return_hub', 'lost', 'damaged'],
  return_in_transit: ['at_return_hub', 'lost', 'damaged'],
  at_return_hub: ['out_for_return', 'lost', 'damaged'],
  out_for_return: ['returned', 'at_return_hub', 'lost', 'damaged'],
  returned: [],
  deleted: [],
  cancelled: [],
  lost: [],
  damaged: [],
};

export function canTransition(from: ParcelStatus, to: ParcelStatus): boolean {
  return parcelTransitions[from].includes(to);
}

export function nextStatuses(from: ParcelStatus): readonly ParcelStatus[] {
  return parcelTransitions[from];
}

export function isFinalStatus(status: ParcelStatus): boolean {
  return parcelTransitions[status].length === 0;
}

/** Thrown by assertTransition; the server maps it to 409 INVALID_TRANSITION. */
export class InvalidTransitionError extends Error {
  constructor(
    readonly from: ParcelStatus,
    readonly to: ParcelStatus,
  ) {
    super(`A parcel cannot go from ${from} to ${to}`);
    this.name = 'InvalidTransitionError';
  }
}

/** The only gate for a status change: throws InvalidTransitionError unless the table allows it. */
export function assertTransition(from: ParcelStatus, to: ParcelStatus): void {
  if (!canTransition(from, to)) throw new InvalidTransitionError(from, to);
}

// Seller status ------------------------------------------------------------------------------

/** The merchant-facing summary (spec 3: the list shows STATUS and SELLER_STATUS). */
export const sellerStatuses = [
  'pickup_pending',
  'pickup_hold',
  'in_transit',
  'delivery_hold',
  'delivered',
  'return_in_progress',
  'returned',
  'deleted',
  'cancelled',
  'lost',
  'damaged',
] as const;
export type SellerStatus = (typeof sellerStatuses)[number];
export const sellerStatusSchema = z.enum(sellerStatuses);

const sellerStatusMap: Record<ParcelStatus, SellerStatus> = {
  pickup_pending: 'pickup_pending',
  pickup_hold: 'pickup_hold',
  at_sorting: 'in_transit',
  in_transit: 'in_transit',
  at_delivery_hub: 'in_transit',
  out_for_delivery: 'in_transit',
  delivery_attempted: 'delivery_hold',
  delivered: 'delivered',
  return_at_delivery_hub: 'return_in_progress',
  return_in_transit: 'return_in_progress',
  at_return_hub: 'return_in_progress',
  out_for_return: 'return_in_progress',
  returned: 'returned',
  deleted: 'deleted',
  cancelled: 'cancelled',
  lost: 'lost',
  damaged: 'damaged',
};

/** The seller status that goes with a status; stored beside it so the list can filter on it. */
export function sellerStatusOf(status: ParcelStatus): SellerStatus {
  return sellerStatusMap[status];
}

// Payment status -----------------------------------------------------------------------------

/** Separate from the status (DESIGN.md section 4); `invoiced` is the spec's "payment processing". */
export const paymentStatuses = ['cash_collection_pending', 'unpaid', 'invoiced', 'paid', 'bounced'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusSchema = z.enum(paymentStatuses);

// Kinds of parcel ----------------------------------------------------------------------------

export const parcelTypes = ['forward', 'reverse'] as const;
export type ParcelType = (typeof parcelTypes)[number];
export const flowTypes = ['regular', 'exchange_return'] as const;
export type FlowType = (typeof flowTypes)[number];
