import { defaultDashboardRange } from '@dak/domain/dashboard';
import { dhakaDate } from '@dak/domain/delivery-runs';

/**
 * The dashboard's range read from its address, without React: the page's hook
 * (`useDashboardRange`) and the route's loader, which asks for the figures before the page's
 * script has arrived (app/route-data.ts), read it the same way, so both ask for the same query.
 */
export type DateRange = { since: string; until: string };

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const dayMs = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

export const dashboardPresets = ['today', 'last7', 'last15', 'last30', 'thisMonth', 'lastMonth'] as const;
export type DashboardPreset = (typeof dashboardPresets)[number];

/** The presets' ranges on `now`'s Dhaka date: the "last N days" are whole days, ending yesterday. */
export function presetRanges(now: Date): Record<DashboardPreset, DateRange> {
  const today = dhakaDate(now);
  const yesterday = addDays(today, -1);
  const lastN = (n: number) => ({ since: addDays(yesterday, -(n - 1)), until: yesterday });
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return {
    today: { since: today, until: today },
    last7: lastN(7),
    last15: defaultDashboardRange(now),
    last30: lastN(30),
    thisMonth: { since: monthStart, until: today },
    lastMonth: { since: `${lastMonthEnd.slice(0, 7)}-01`, until: lastMonthEnd },
  };
}

/** The range (`since`, `until`; else the last 15 whole days; a reversed one turned round) and the pickup location. */
export function rangeFromParams(params: URLSearchParams, now: Date = new Date()) {
  const since = params.get('since');
  const until = params.get('until');
  let range: DateRange = isDate(since) && isDate(until) ? { since, until } : presetRanges(now).last15;
  if (range.since > range.until) range = { since: range.until, until: range.since };
  return { range, pickupLocationId: params.get('pickup') || undefined };
}
