import { z } from 'zod';
import { dhakaDate } from './delivery-runs';
import { keyed } from './messages';
import type { ParcelStatus } from './parcel-status';

/**
 * The merchant's dashboard (issue 14): parcels booked in a date range (Dhaka dates, both ends
 * included), counted by the stage they are in now, with the rates and a day-by-day series.
 */

/** The range when none is given: the last 15 whole days (today, still running, left out). */
export const dashboardDefaultDays = 15;
/** The longest range one request may ask for (a year and a day, for a leap year). */
export const dashboardMaxDays = 366;

/** The stages the dashboard counts, in its order (the closed statuses are not shown). */
export const dashboardStatuses = [
  'pickup_pending',
  'pickup_hold',
  'at_sorting',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
  'delivery_attempted',
  'delivered',
  'return_at_delivery_hub',
  'return_in_transit',
  'at_return_hub',
  'out_for_return',
  'returned',
] as const satisfies readonly ParcelStatus[];
export type DashboardStatus = (typeof dashboardStatuses)[number];

const returning: readonly ParcelStatus[] = [
  'return_at_delivery_hub',
  'return_in_transit',
  'at_return_hub',
  'out_for_return',
  'returned',
];

export const dashboardMessages = keyed('dashboard', {
  rangeReversed: 'The start date must not be after the end date',
  rangeTooLong: `A range may cover at most ${dashboardMaxDays} days`,
});

const isoDate = z.iso.date({ error: 'Date must look like 2026-11-22' });

export const dashboardQuerySchema = z.object({
  since: isoDate.optional(),
  until: isoDate.optional(),
  pickupLocationId: z.uuid().optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const dayMs = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * dayMs).toISOString().slice(0, 10);

/** Days from `since` to `until`, both included. */
export function daysIn(range: { since: string; until: string }): number {
  return (
    Math.round((Date.parse(`${range.until}T00:00:00Z`) - Date.parse(`${range.since}T00:00:00Z`)) / dayMs) + 1
  );
}

/** Every date of the range, in order. */
export function datesOf(range: { since: string; until: string }): string[] {
  return Array.from({ length: daysIn(range) }, (_, i) => addDays(range.since, i));
}

/**
 * The range a query asks for, its missing ends filled in: no `until` is yesterday (Dhaka), no
 * `since` is 15 days before `until`'s end. Answers a message when the range is reversed or too long.
 */
export function dashboardRange(
  query: Pick<DashboardQuery, 'since' | 'until'>,
  now: Date,
): { since: string; until: string } | { refusal: 'rangeReversed' | 'rangeTooLong' } {
  const until = query.until ?? addDays(dhakaDate(now), -1);
  const since = query.since ?? addDays(until, -(dashboardDefaultDays - 1));
  if (since > until) return { refusal: 'rangeReversed' };
  if (daysIn({ since, until }) > dashboardMaxDays) return { refusal: 'rangeTooLong' };
  return { since, until };
}

/**
 * Delivery success and return rates in percent (one decimal) of the parcels that finished or
 * started back: delivered ÷ (delivered + returned + on the way back). Null with none of those.
 */
export function dashboardRates(counts: Record<DashboardStatus, number>): {
  successRate: number | null;
  returnRate: number | null;
} {
  const back = returning.reduce((sum, s) => sum + (counts[s as DashboardStatus] ?? 0), 0);
  const settled = counts.delivered + back;
  if (settled === 0) return { successRate: null, returnRate: null };
  const pct = (n: number) => Math.round((n / settled) * 1000) / 10;
  return { successRate: pct(counts.delivered), returnRate: pct(back) };
}

const count = z.number().int().nonnegative();

export const dashboardSchema = z.object({
  since: isoDate,
  until: isoDate,
  counts: z.object(
    Object.fromEntries(dashboardStatuses.map((s) => [s, count])) as Record<DashboardStatus, typeof count>,
  ),
  /** Percent, one decimal; null when no parcel of the range has been delivered or started back. */
  successRate: z.number().nullable(),
  returnRate: z.number().nullable(),
  /** Each day of the range: parcels booked that day (deleted ones left out) and delivered that day. */
  series: z.array(z.object({ date: isoDate, booked: count, delivered: count })),
  /** What waits for the merchant now, whatever the range. */
  needsAction: z.object({
    /** Failed attempts waiting for a decision, the soonest auto-return first (at most 10). */
    failedAttempts: z.array(
      z.object({ parcelId: z.string(), trackingId: z.string(), autoReturnAt: z.date() }),
    ),
    failedAttemptCount: count,
    pickupsOnHold: count,
    /**
     * A bounced payment waits for a new payment method (the Payments screen says more); null for
     * a member who may not see the shop's payments.
     */
    bouncedPayment: z.boolean().nullable(),
  }),
  /**
   * Last day's sorting (spec: last-day-sorting): the shop's parcels received at a sorting hub
   * yesterday (Dhaka) and those sent on from sorting that day, whatever the range.
   */
  lastDaySorting: z.object({ date: isoDate, received: count, sentOn: count }).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The day "last day's sorting" is about: yesterday in Dhaka (today's sorting is still going on). */
export function lastSortingDay(now: Date): string {
  return addDays(dhakaDate(now), -1);
}

/**
 * The default range: the last 15 whole days in Dhaka, yesterday the last of them (today is still
 * running, so it is left out).
 */
export function defaultDashboardRange(now: Date): { since: string; until: string } {
  const range = dashboardRange({}, now);
  if ('refusal' in range) throw new Error('the default dashboard range is always valid');
  return range;
}
