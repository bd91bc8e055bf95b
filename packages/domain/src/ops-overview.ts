import { z } from 'zod';
import { bilingualSchema } from './bilingual';
import { type ParcelStatus, parcelHubSide, parcelStatusGroups } from './parcel-status';
import { deliveryPromiseDays, type RateClass } from './pricing-rules';

/**
 * The operations overview (issue 14, item 5): the console's home shows, for each hub the staff
 * member works in (every hub for those not bound to hubs), the work waiting there now. The server
 * counts it in SQL (modules/ops-overview); the screen links each figure to the screen that acts
 * on it.
 */

/**
 * Work waiting at a hub, by what its staff do next, each stage one status at the hub its
 * `parcelHubSide` names. Not counted as waiting: parcels on the road (in_transit,
 * return_in_transit: no one at a hub can act on them yet), parcels with a rider (out_for_delivery,
 * out_for_return: the runs figure follows those), and failed attempts (their own figures below).
 * - toSort: scanned in at the pickup hub, to be bagged and dispatched (or moved on at once when
 *   the same hub delivers);
 * - toDeliver: at the delivery hub, to go on a rider's run; a failed attempt whose reattempt staff
 *   approved waits for a run too (the runs screen offers both, as its candidates);
 * - returnsToSend: failed for good at the delivery hub, to be sent back;
 * - returnsToHandBack: back at the pickup (return) hub, to go out to the merchant.
 */
export const hubWaitingStages = {
  toSort: 'at_sorting',
  toDeliver: 'at_delivery_hub',
  returnsToSend: 'return_at_delivery_hub',
  returnsToHandBack: 'at_return_hub',
} as const satisfies Record<string, ParcelStatus>;
export type HubWaitingStage = keyof typeof hubWaitingStages;
export const hubWaitingStageNames = Object.keys(hubWaitingStages) as HubWaitingStage[];

/** The hub side each waiting stage is counted at (the pickup hub or the delivery hub). */
export const waitingStageSide = (stage: HubWaitingStage) => parcelHubSide[hubWaitingStages[stage]];

/**
 * The delivery promise: a parcel picked up is delivered within `deliveryPromiseDays` of its rate
 * class, counted in whole Dhaka days from its pickup day (`pickup_date`, the day the booking was
 * to be collected). It is past its promise from the day after the promised day on. Only parcels
 * on their way forward can miss it (`forward_in_progress`); one not yet picked up is the
 * pickups figure's, and a delivered or returning one has had its answer.
 */
export const promiseStatuses: readonly ParcelStatus[] = parcelStatusGroups.forward_in_progress;

/** The Dhaka day (YYYY-MM-DD) a parcel picked up on `pickupDay` is promised by. */
export function promisedBy(pickupDay: string, rateClass: RateClass): string {
  const day = new Date(`${pickupDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + deliveryPromiseDays[rateClass]);
  return day.toISOString().slice(0, 10);
}

/** Whether a parcel in `status` is past its promise on the Dhaka day `today`. */
export function isPastPromise(
  parcel: { status: ParcelStatus; pickupDay: string; rateClass: RateClass },
  today: string,
): boolean {
  return promiseStatuses.includes(parcel.status) && promisedBy(parcel.pickupDay, parcel.rateClass) < today;
}

const count = z.number().int().min(0);

export const hubOverviewSchema = z.object({
  hub: z.object({ id: z.string(), name: bilingualSchema }),
  /** Parcels waiting at the hub, by stage (hubWaitingStages). */
  waiting: z.object({ toSort: count, toDeliver: count, returnsToSend: count, returnsToHandBack: count }),
  /**
   * Pickup locations of the hub with parcels to collect on the pickup day (or left from earlier
   * days) that no rider has for that day, and how many parcels they hold. Parcels on hold for
   * prepayment are not to collect, so not counted.
   */
  pickupsUnassigned: z.object({ pickups: count, parcels: count }),
  /** The hub's delivery runs of today (Dhaka): how many, their parcels, and those closed. */
  runsToday: z.object({ runs: count, parcels: count, done: count }),
  /** Failed attempts at the hub the merchant has not decided on (auto-returned after the window). */
  failedAwaitingMerchant: count,
  /** The merchants' reattempt requests on the hub's parcels waiting for staff (Return approvals). */
  reattemptRequests: count,
  /** Parcels at the hub (parcelHubSide) past their delivery promise. */
  pastPromise: count,
  /** Cash the hub's riders hold (the ledger's rider accounts), in taka, and how many riders hold any. */
  riderCash: z.object({ riders: count, amount: z.number() }),
});
export type HubOverview = z.infer<typeof hubOverviewSchema>;

export const opsOverviewSchema = z.object({
  /** The Dhaka day the runs and the promise are counted for. */
  today: z.string(),
  /** The pickup day being planned (today before the 15:00 cut-off, tomorrow after). */
  pickupDay: z.string(),
  hubs: z.array(hubOverviewSchema),
});
export type OpsOverview = z.infer<typeof opsOverviewSchema>;

/** True when some figure of the hub asks for someone's attention. */
export function hubHasWork(h: HubOverview): boolean {
  return (
    Object.values(h.waiting).some((n) => n > 0) ||
    h.pickupsUnassigned.pickups > 0 ||
    h.runsToday.runs > 0 ||
    h.failedAwaitingMerchant > 0 ||
    h.reattemptRequests > 0 ||
    h.pastPromise > 0 ||
    h.riderCash.amount > 0
  );
}
