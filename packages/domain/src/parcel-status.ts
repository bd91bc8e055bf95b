import { z } from 'zod';
import type { StaffRole } from './auth';
import { codeSchema, codesOf } from './bilingual';
import { type MessageParams, messageOf, say, sayNow } from './messages';

/**
 * The parcel's life cycle (DESIGN.md section 4) as data: the statuses declared once, their
 * dashboard groups, the merchant-facing seller status, the payment statuses, and the one table of
 * allowed transitions with who may make each and what each needs. `assertTransition` is the only
 * gate: the server calls it before every status change, the web reads `nextStatuses`.
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
/** The answer to a move of one parcel from one status to another. */
export const transitionResultSchema = z.object({
  trackingId: z.string(),
  from: parcelStatusSchema,
  to: parcelStatusSchema,
  at: z.date(),
});
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

// Who may move a parcel, and what each move needs ---------------------------------------------

/**
 * Who is asking. A rider is a staff member with the rider role; `onOwnRun` says whether the parcel
 * is on a run assigned to them (the server works that out). Hub scoping of staff is the server's
 * (it needs the database); this decides by role alone.
 */
export type TransitionActor =
  | { kind: 'merchant' }
  | { kind: 'staff'; role: Exclude<StaffRole, 'rider'> }
  | { kind: 'rider'; onOwnRun: boolean }
  | { kind: 'system' };

/** Every staff role is a key: a role no rule names (marketing, sales) is refused like any other. */
export type TransitionActorKey = StaffRole | 'merchant' | 'system';

/** Why a delivery (or a return hand-over) failed: a fixed list, with the names riders read. */
export const failedAttemptReasons = {
  customer_unreachable: { en: 'Customer could not be reached by phone', bn: 'কাস্টমারকে ফোনে পাওয়া যায়নি' },
  customer_refused: { en: 'Customer refused the parcel', bn: 'কাস্টমার পার্সেল নেননি' },
  customer_asked_later: { en: 'Customer asked for another day', bn: 'কাস্টমার অন্য দিন নিতে চেয়েছেন' },
  wrong_address: { en: 'Address wrong or incomplete', bn: 'ঠিকানা ভুল বা অসম্পূর্ণ' },
  customer_not_home: { en: 'Customer not at the address', bn: 'কাস্টমার ঠিকানায় ছিলেন না' },
  no_cash: { en: 'Customer did not have the cash', bn: 'কাস্টমারের কাছে টাকা ছিল না' },
  product_mismatch: {
    en: 'Customer says the product is not what was ordered',
    bn: 'কাস্টমার বলেছেন পণ্য অর্ডারের সাথে মেলেনি',
  },
  out_of_coverage: { en: 'Address outside the coverage area', bn: 'ঠিকানা কভারেজ এরিয়ার বাইরে' },
  other: { en: 'Other', bn: 'অন্যান্য' },
} as const;
export type FailedAttemptReason = keyof typeof failedAttemptReasons;
export const failedAttemptReasonCodes = codesOf(failedAttemptReasons);
export const failedAttemptReasonSchema = codeSchema(failedAttemptReasons);

/**
 * The status machine's refusals: each a key (`transition.<name>`) with its English text. `cannotGo`
 * and `notAllowed` name statuses by their codes (the web shows their labels from the params).
 */
export const transitionMessages = {
  cannotGo: (from: ParcelStatus, to: ParcelStatus) =>
    say('transition.cannotGo', 'A parcel cannot go from {from} to {to}', { from, to }),
  notAllowed: (who: TransitionActorKey, from: ParcelStatus, to: ParcelStatus) =>
    say('transition.notAllowed', '{who} cannot move a parcel from {from} to {to}', {
      who: capitalise(actorNames[who]),
      actor: who,
      from,
      to,
    }),
  riderOwnRun: say('transition.riderOwnRun', 'A rider can act only on parcels of their own run'),
  reasonRequired: say('transition.reasonRequired', 'A reason is required for a failed attempt'),
  reasonUnknown: say(
    'transition.reasonUnknown',
    `Reason must be one of: ${failedAttemptReasonCodes.join(', ')}`,
  ),
  amountRequired: say('transition.amountRequired', 'The amount collected is required for a delivery'),
  amountWhole: say(
    'transition.amountWhole',
    'The amount collected must be a whole number of taka, 0 or more',
  ),
  amountTooHigh: (cash: number) =>
    sayNow(
      'transition.amountTooHigh',
      'The amount collected cannot be more than the cash to collect (৳{cash})',
      {
        cash,
      },
    ),
  proofRequired: say('transition.proofRequired', "A delivery needs the customer's OTP or a photo proof"),
  deliveryOtpDigits: say('transition.deliveryOtpDigits', 'The delivery OTP has 4 digits'),
  photoMissing: say('transition.photoMissing', 'The photo proof is missing'),
  returnOtpRequired: say(
    'transition.returnOtpRequired',
    "The merchant's OTP is required to hand a return over",
  ),
  returnOtpDigits: say('transition.returnOtpDigits', 'The return OTP has 4 digits'),
  reattemptNotApproved: say(
    'transition.reattemptNotApproved',
    "This parcel waits for the merchant's decision: it goes out again once their reattempt request is approved",
  ),
};

/**
 * The merchant's return code as a request carries it, one move or a bulk update alike. Only its
 * length is bounded here: the 4 digits are the status machine's check (returnOtp), so in a bulk
 * request a mistyped code fails that parcel alone, not the whole batch.
 */
export const returnOtpInputSchema = z.string().trim().max(10, transitionMessages.returnOtpDigits);

/** Proof of a delivery: the customer's 4-digit code, or a photo the rider took (a stored file). */
export type DeliveryProof = { kind: 'otp'; code: string } | { kind: 'photo'; fileId: string };

/** What a move may carry; which parts it must carry is the rule's `requires`. */
export type TransitionInput = {
  reason?: string;
  /** Taka collected on a delivery, whole or part of the cash to collect. */
  amountCollected?: number;
  /** The cash the parcel was booked to collect, to tell full from partial (and refuse more). */
  cashToCollect?: number;
  proof?: DeliveryProof;
  /** The merchant's hand-over code on a return. */
  otp?: string;
  /** Staff approved the merchant's request for another attempt since the last failed one. */
  reattemptApproved?: boolean;
  note?: string;
};

export type TransitionRequirement =
  | 'failedReason' // a reason from failedAttemptReasons
  | 'amountCollected' // a whole number of taka, 0 … cash to collect
  | 'deliveryProof' // the customer's OTP or a photo; waived when staff record it (see decisions)
  | 'returnOtp' // the merchant's OTP at the return hand-over
  | 'reattemptApproved'; // after a failed attempt: the merchant asked again and staff approved

export type TransitionRule = {
  by: readonly TransitionActorKey[];
  /** The rider may act only on a parcel of their own run. */
  riderOwnRunOnly?: true;
  requires?: readonly TransitionRequirement[];
};

const hubStaff = ['admin', 'hub_manager'] as const;
const writeOff = {
  lost: { by: ['admin'] },
  damaged: { by: ['admin', 'hub_manager'] },
} as const satisfies Partial<Record<ParcelStatus, TransitionRule>>;

/**
 * For every move of `parcelTransitions`, who may make it and what it needs. Exactly the same
 * pairs as the table (a test holds them together). Why: hub work (scans, sorting, line-haul,
 * runs) is the hub's staff; a rider closes parcels of their own run only; holds and their
 * release are the prepayment job's (or finance's by hand); the merchant deletes before pickup and
 * confirms a return; the auto-return job confirms an undecided one; writing a parcel off as lost
 * is the admin's alone.
 */
export const transitionRules: Record<ParcelStatus, Partial<Record<ParcelStatus, TransitionRule>>> = {
  pickup_pending: {
    at_sorting: { by: [...hubStaff, 'rider'], riderOwnRunOnly: true },
    pickup_hold: { by: ['system', 'admin', 'finance'] },
    deleted: { by: ['merchant'] },
    cancelled: { by: ['admin', 'support'] },
  },
  pickup_hold: {
    pickup_pending: { by: ['system', 'admin', 'finance'] },
    deleted: { by: ['merchant'] },
    cancelled: { by: ['admin', 'support'] },
  },
  at_sorting: {
    in_transit: { by: hubStaff },
    at_delivery_hub: { by: hubStaff },
    at_return_hub: { by: hubStaff },
    ...writeOff,
  },
  in_transit: { at_delivery_hub: { by: hubStaff }, ...writeOff },
  at_delivery_hub: {
    out_for_delivery: { by: hubStaff },
    return_at_delivery_hub: { by: hubStaff },
    ...writeOff,
  },
  out_for_delivery: {
    delivered: {
      by: [...hubStaff, 'rider'],
      riderOwnRunOnly: true,
      requires: ['amountCollected', 'deliveryProof'],
    },
    delivery_attempted: { by: [...hubStaff, 'rider'], riderOwnRunOnly: true, requires: ['failedReason'] },
    ...writeOff,
  },
  delivery_attempted: {
    out_for_delivery: { by: hubStaff, requires: ['reattemptApproved'] },
    return_at_delivery_hub: { by: [...hubStaff, 'merchant', 'system'] },
    ...writeOff,
  },
  delivered: {},
  return_at_delivery_hub: {
    return_in_transit: { by: hubStaff },
    at_return_hub: { by: hubStaff },
    ...writeOff,
  },
  return_in_transit: { at_return_hub: { by: hubStaff }, ...writeOff },
  at_return_hub: { out_for_return: { by: hubStaff }, ...writeOff },
  out_for_return: {
    returned: { by: [...hubStaff, 'rider'], riderOwnRunOnly: true, requires: ['returnOtp'] },
    at_return_hub: { by: [...hubStaff, 'rider'], riderOwnRunOnly: true, requires: ['failedReason'] },
    ...writeOff,
  },
  returned: {},
  deleted: {},
  cancelled: {},
  lost: {},
  damaged: {},
};

export function transitionRule(from: ParcelStatus, to: ParcelStatus): TransitionRule | undefined {
  return transitionRules[from][to];
}

/**
 * The statuses this actor may move some parcel to (from at least one status), in the order of
 * `parcelStatuses`: what a staff screen offers as the new status. Whether the move suits a
 * given parcel is still assertTransition's, on the server.
 */
export function targetStatusesFor(actor: TransitionActorKey): ParcelStatus[] {
  return parcelStatuses.filter((to) =>
    parcelStatuses.some((from) => transitionRules[from][to]?.by.includes(actor)),
  );
}

/**
 * What a move to `to` by this actor needs, over every status it may come from: `always` when
 * each such move requires it (a failed attempt's reason), `sometimes` when only some do (a reason
 * for at_return_hub only when a return rider brings the parcel back). A requirement waived for
 * the actor (staff record a delivery without proof) is left out.
 */
export function targetRequirements(
  to: ParcelStatus,
  actor: TransitionActorKey,
): Partial<Record<TransitionRequirement, 'always' | 'sometimes'>> {
  const rules = parcelStatuses
    .map((from) => transitionRules[from][to])
    .filter((rule): rule is TransitionRule => rule?.by.includes(actor) ?? false);
  const needs: Partial<Record<TransitionRequirement, 'always' | 'sometimes'>> = {};
  for (const rule of rules) {
    for (const need of rule.requires ?? []) {
      if (need === 'deliveryProof' && actor !== 'rider') continue;
      // Not something to type in: the parcel's state (an approved reattempt) decides.
      if (need === 'reattemptApproved') continue;
      needs[need] = rules.every((r) => r.requires?.includes(need)) ? 'always' : 'sometimes';
    }
  }
  return needs;
}

/**
 * Why the status machine refused a move: the move is not in the table (`illegal`), this actor may
 * not make it (`forbidden`), it waits for someone else's decision (`waiting`), or a part the rule
 * requires is missing or wrong (`input`). The server's error handler gives each its HTTP status.
 */
export type TransitionRefusal = 'illegal' | 'forbidden' | 'waiting' | 'input';
export type TransitionInputField = 'reason' | 'amountCollected' | 'proof' | 'otp';

/** The status machine's one error: a refusal with its message key and parameters. */
export class TransitionError extends Error {
  readonly key: string;
  readonly params: MessageParams;
  constructor(
    readonly refusal: TransitionRefusal,
    readonly move: { from: ParcelStatus; to: ParcelStatus },
    message: string,
    readonly field?: TransitionInputField,
  ) {
    super(message);
    this.name = 'TransitionError';
    const known = messageOfTransition(message);
    this.key = known.key;
    this.params = known.params ?? {};
  }
}

/** @deprecated kept for callers of the old name: the reattempt refusal's English text. */
export const reattemptNotApprovedMessage = transitionMessages.reattemptNotApproved;

const actorNames: Record<TransitionActorKey, string> = {
  admin: 'an admin',
  hub_manager: 'hub staff',
  finance: 'finance staff',
  support: 'support staff',
  marketing: 'marketing staff',
  sales: 'sales staff',
  rider: 'a rider',
  merchant: 'the merchant',
  system: 'the system',
};

export function actorKey(actor: TransitionActor): TransitionActorKey {
  switch (actor.kind) {
    case 'staff':
      return actor.role;
    case 'rider':
    case 'merchant':
    case 'system':
      return actor.kind;
  }
}

/** Whether the amount collected is the whole cash to collect (false: a partial delivery). */
export function isFullDelivery(amountCollected: number, cashToCollect: number): boolean {
  return amountCollected >= cashToCollect;
}

/**
 * The only gate for a status change: the table must allow the move, the actor must be one the
 * rule names (a rider only on their own run), and the input must carry what the rule requires.
 * Throws TransitionError.
 */
export function assertTransition(
  from: ParcelStatus,
  to: ParcelStatus,
  actor: TransitionActor,
  input: TransitionInput = {},
): void {
  const move = { from, to };
  const rule = transitionRule(from, to);
  if (!rule || !canTransition(from, to)) {
    throw new TransitionError('illegal', move, transitionMessages.cannotGo(from, to));
  }
  const key = actorKey(actor);
  if (!rule.by.includes(key)) {
    throw new TransitionError('forbidden', move, transitionMessages.notAllowed(key, from, to));
  }
  if (actor.kind === 'rider' && rule.riderOwnRunOnly && !actor.onOwnRun) {
    throw new TransitionError('forbidden', move, transitionMessages.riderOwnRun);
  }
  const refuse = (field: TransitionInputField, message: string) =>
    new TransitionError('input', move, message, field);
  for (const need of rule.requires ?? []) checkRequirement(need, actor, input, move, refuse);
}

function checkRequirement(
  need: TransitionRequirement,
  actor: TransitionActor,
  input: TransitionInput,
  move: { from: ParcelStatus; to: ParcelStatus },
  refuse: (field: TransitionInputField, message: string) => TransitionError,
) {
  switch (need) {
    case 'failedReason':
      if (!input.reason) throw refuse('reason', transitionMessages.reasonRequired);
      if (!(input.reason in failedAttemptReasons)) {
        throw refuse('reason', transitionMessages.reasonUnknown);
      }
      return;
    case 'amountCollected': {
      const amount = input.amountCollected;
      if (amount === undefined) {
        throw refuse('amountCollected', transitionMessages.amountRequired);
      }
      if (!Number.isInteger(amount) || amount < 0) {
        throw refuse('amountCollected', transitionMessages.amountWhole);
      }
      if (input.cashToCollect !== undefined && amount > input.cashToCollect) {
        throw refuse('amountCollected', transitionMessages.amountTooHigh(input.cashToCollect));
      }
      return;
    }
    case 'deliveryProof':
      // Staff recording a delivery answer for it themselves (their name is on the event).
      if (actor.kind !== 'rider') return;
      if (!input.proof) {
        throw refuse('proof', transitionMessages.proofRequired);
      }
      if (input.proof.kind === 'otp' && !/^\d{4}$/.test(input.proof.code)) {
        throw refuse('proof', transitionMessages.deliveryOtpDigits);
      }
      if (input.proof.kind === 'photo' && !input.proof.fileId) {
        throw refuse('proof', transitionMessages.photoMissing);
      }
      return;
    case 'reattemptApproved':
      if (!input.reattemptApproved)
        throw new TransitionError('waiting', move, transitionMessages.reattemptNotApproved);
      return;
    case 'returnOtp':
      if (!input.otp) throw refuse('otp', transitionMessages.returnOtpRequired);
      if (!/^\d{4}$/.test(input.otp)) throw refuse('otp', transitionMessages.returnOtpDigits);
      return;
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The key of a refusal's text (every refusal is rendered by transitionMessages, so it is known). */
function messageOfTransition(text: string): { key: string; params?: MessageParams } {
  return messageOf(text) ?? { key: 'transition.refused' };
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

/** Separate from the status (DESIGN.md section 4); `payment_processing` is what DESIGN.md calls invoiced. */
export const paymentStatuses = [
  'cash_collection_pending',
  'unpaid',
  'payment_processing',
  'paid',
  'bounced',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusSchema = z.enum(paymentStatuses);

// Kinds of parcel ----------------------------------------------------------------------------

export const parcelTypes = ['forward', 'reverse'] as const;
export type ParcelType = (typeof parcelTypes)[number];
export const flowTypes = ['regular', 'exchange_return'] as const;
export type FlowType = (typeof flowTypes)[number];

// Where a parcel is ----------------------------------------------------------------------------

/**
 * The hub a parcel in a status is at (or, on the road, last left): its first (pickup-side) hub
 * until it leaves for the delivery hub and again when it comes back; the delivery area's hub from
 * arrival until it starts back; none before pickup and once written off. Events record it; the
 * operations overview counts a hub's waiting work by it.
 */
export const parcelHubSide: Record<ParcelStatus, 'pickup' | 'delivery' | null> = {
  pickup_pending: null,
  pickup_hold: null,
  deleted: null,
  cancelled: null,
  at_sorting: 'pickup',
  in_transit: 'pickup',
  at_delivery_hub: 'delivery',
  out_for_delivery: 'delivery',
  delivery_attempted: 'delivery',
  delivered: 'delivery',
  return_at_delivery_hub: 'delivery',
  return_in_transit: 'delivery',
  at_return_hub: 'pickup',
  out_for_return: 'pickup',
  returned: 'pickup',
  lost: null,
  damaged: null,
};
