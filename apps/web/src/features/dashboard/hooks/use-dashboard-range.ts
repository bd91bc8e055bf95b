import { useSearchParams } from 'react-router';
import { withParams } from '../../../components/list/use-list-params';
import {
  type DashboardPreset,
  type DateRange,
  dashboardPresets,
  presetRanges,
  rangeFromParams,
} from './dashboard-range';

export { type DashboardPreset, type DateRange, dashboardPresets, presetRanges } from './dashboard-range';

/**
 * The dashboard's range and pickup location from the address (`since`, `until`, `pickup`), so a
 * reload or a shared link shows the same figures. No range in the address is the default, the
 * last 15 whole days; a reversed one is put the right way round.
 */
export function useDashboardRange(now: Date = new Date()) {
  const [params, setParams] = useSearchParams();
  const presets = presetRanges(now);
  const { range, pickupLocationId } = rangeFromParams(params, now);
  const preset = dashboardPresets.find(
    (p) => presets[p].since === range.since && presets[p].until === range.until,
  );
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
