import type { DashboardService } from '../modules/dashboard/dashboard.service';
import { scheduledJob } from './jobs';

/**
 * Adds the dashboard's appended counter deltas into shop_counts, so a dashboard read sums a few
 * rows a day instead of one a move. Reads are exact whether or not it has run; it only keeps
 * them small. Trigger: the schedule, every minute.
 */
export function foldShopCountsJob(deps: { dashboard: Pick<DashboardService, 'fold'> }) {
  return scheduledJob({
    name: 'fold-shop-counts',
    trigger: 'schedule: every minute',
    cron: '* * * * *',
    run: () => deps.dashboard.fold(),
  });
}
