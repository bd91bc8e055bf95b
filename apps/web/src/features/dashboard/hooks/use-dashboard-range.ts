import { defaultDashboardRange } from '@dak/domain/dashboard';
import { dhakaDate } from '@dak/domain/delivery-runs';
import { useSearchParams } from 'react-router';
import { withParams } from '../../../components/list/use-list-params';

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

/**
 * The dashboard's range and pickup location from the address (`since`, `until`, `pickup`), so a
 * reload or a shared link shows the same figures. No range in the address is the default, the
 * last 15 whole days; a reversed one is put the right way round.
 */
export function useDashboardRange(now: Date = new Date()) {
  const [params, setParams] = useSearchParams();
  const presets = presetRanges(now);
  const since = params.get('since');
  const until = params.get('until');
  let range: DateRange = isDate(since) && isDate(until) ? { since, until } : presets.last15;
  if (range.since > range.until) range = { since: range.until, until: range.since };
  const preset = dashboardPresets.find(
    (p) => presets[p].since === range.since && presets[p].until === range.until,
  );
  const pickupLocationId = params.get('pickup') || undefined;
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withParams(current, changes), { replace: true });
  return {
    range,
    preset: preset ?? null,
    pickupLocationId,
    setRange: (next: DateRange) => update({ since: next.since, until: next.until }),
    setPreset: (next: DashboardPreset) => update(presets[next]),
    setPickupLocation: (id: string | undefined) => update({ pickup: id }),
  };
}
