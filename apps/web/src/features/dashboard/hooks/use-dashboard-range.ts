import { useEffect, useRef, useState } from 'react';
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

type Changes = Record<string, string | undefined>;
type Pending = { frame: number; timer?: ReturnType<typeof setTimeout> };

const cancel = (pending: Pending | null) => {
  if (!pending) return;
  cancelAnimationFrame(pending.frame);
  clearTimeout(pending.timer);
};

/**
 * The dashboard's range and pickup location from the address (`since`, `until`, `pickup`), so a
 * reload or a shared link shows the same figures. No range in the address is the default, the
 * last 15 whole days; a reversed one is put the right way round.
 *
 * A choice shows at once (issue 16, the dashboard's interaction to next paint): writing the
 * address is a router navigation, which React renders as a transition of the whole page, so the
 * controls, the range line and the query take the chosen address from local state in the same
 * event. The address is written after that frame has painted, in a task of its own: a
 * same-document navigation in the event itself held the interaction's paint back (docs/performance.md,
 * "The dashboard's range change"). The choice is kept only while the address is still the one it
 * was made on: once the router has moved (to it, or back and forward), the address rules. A write
 * still waiting when the page goes is dropped, so it cannot bring the merchant back.
 */
export function useDashboardRange(now: Date = new Date()) {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<{ on: string; params: URLSearchParams } | null>(null);
  const pending = useRef<Pending | null>(null);
  useEffect(() => () => cancel(pending.current), []);
  const address = params.toString();
  const shown = chosen?.on === address ? chosen.params : params;
  const presets = presetRanges(now);
  const { range, pickupLocationId } = rangeFromParams(shown, now);
  const preset = dashboardPresets.find(
    (p) => presets[p].since === range.since && presets[p].until === range.until,
  );
  const update = (changes: Changes) => {
    // From what is shown: a second choice before the router has caught up keeps the first.
    const next = withParams(shown, changes);
    setChosen({ on: address, params: next });
    cancel(pending.current);
    const job: Pending = { frame: 0 };
    job.frame = requestAnimationFrame(() => {
      job.timer = setTimeout(() => {
        pending.current = null;
        setParams(next, { replace: true });
      }, 0);
    });
    pending.current = job;
  };
  return {
    range,
    preset: preset ?? null,
    pickupLocationId,
    setRange: (next: DateRange) => update({ since: next.since, until: next.until }),
    setPreset: (next: DashboardPreset) => update(presets[next]),
    setPickupLocation: (id: string | undefined) => update({ pickup: id }),
  };
}
