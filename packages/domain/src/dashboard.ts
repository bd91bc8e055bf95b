import { z } from 'zod';
import { dhakaDate } from './delivery-runs';
import type { ParcelStatus } from './parcel-status';

/**
 * The merchant's dashboard (issue 14): parcels booked in a date range (Dhaka dates, both ends
 * included), counted by the stage they are in now, with the rates and a day-by-day series.
 * The contract route: GET /shops/{shopId}/dashboard?since&until[&pickupLocationId].
 */

/** The range when none is given: the last 15 whole days (today, still running, left out). */
export const dashboardDefaultDays = 15;

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
 * The default range: the last 15 whole days in Dhaka, yesterday the last of them (today is still
 * running, so it is left out).
 */
export function defaultDashboardRange(now: Date): { since: string; until: string } {
  const until = addDays(dhakaDate(now), -1);
  return { since: addDays(until, -(dashboardDefaultDays - 1)), until };
}

const count = z.number().int().nonnegative();

export const dashboardSchema = z.object({
  counts: z.object(
    Object.fromEntries(dashboardStatuses.map((s) => [s, count])) as Record<DashboardStatus, typeof count>,
  ),
  /** Percent, one decimal; null when no parcel of the range has been delivered or started back. */
  successRate: z.number().nullable(),
  /** Each day of the range: parcels booked that day and delivered that day. */
  series: z.array(z.object({ date: isoDate, booked: count, delivered: count })),
  // Beyond the contract (the server may send them; the screen does without):
  since: isoDate.optional(),
  until: isoDate.optional(),
  /** Percent, one decimal, of the parcels that finished or started back. */
  returnRate: z.number().nullable().optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const returning: readonly DashboardStatus[] = [
  'return_at_delivery_hub',
  'return_in_transit',
  'at_return_hub',
  'out_for_return',
  'returned',
];

/**
 * Delivery success and return rates in percent (one decimal) of the parcels that finished or
 * started back: delivered ÷ (delivered + returned + on the way back). Null with none of those.
 */
export function dashboardRates(counts: Record<DashboardStatus, number>): {
  successRate: number | null;
  returnRate: number | null;
} {
  const back = returning.reduce((sum, s) => sum + counts[s], 0);
  const settled = counts.delivered + back;
  if (settled === 0) return { successRate: null, returnRate: null };
  const pct = (n: number) => Math.round((n / settled) * 1000) / 10;
  return { successRate: pct(counts.delivered), returnRate: pct(back) };
}
