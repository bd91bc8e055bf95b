import { foldShopCountsJob } from '../../jobs/fold-shop-counts.job';
import type { Jobs } from '../../jobs/jobs';
import type { ModuleDeps } from '../../lib/module';
import type { PaymentsService } from '../invoices/payments.service';
import type { ReturnsService } from '../returns/returns.service';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

/**
 * The merchant's dashboard (issue 14): counters kept by the moves (countMove, countBookings),
 * folded by a job, read by the dashboard route.
 */
export function dashboardModule(
  deps: ModuleDeps & {
    jobs: Jobs;
    returns: Pick<ReturnsService, 'listReturned'>;
    payments: Pick<PaymentsService, 'bounced'>;
  },
) {
  const service = createDashboardService(deps);
  deps.jobs.register(foldShopCountsJob({ dashboard: service }));
  return { service, routes: dashboardRoutes({ dashboard: service, guards: deps.guards }) };
}
