import type { Jobs } from '../../jobs/jobs';
import { payoutRunsJob } from '../../jobs/payout-runs.job';
import type { ModuleDeps } from '../../lib/module';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { payoutsRoutes } from './payouts.routes';
import { createPayoutsService } from './payouts.service';

/**
 * Payout runs (issue 13, item 5): the service, finance's routes, and the daily job that runs
 * today's payouts on the configured schedule (PAYOUT_SCHEDULE, Asia/Dhaka).
 */
export function payoutsModule(
  deps: ModuleDeps & {
    jobs: Jobs;
    paymentMethods: PaymentMethodsService;
    payouts: { minimumTaka: number; schedule: string; testDelayMs: number };
  },
) {
  const service = createPayoutsService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    paymentMethods: deps.paymentMethods,
    minimumPoisha: deps.payouts.minimumTaka * 100,
    shopDelayMs: deps.payouts.testDelayMs,
  });
  deps.jobs.register(payoutRunsJob({ payouts: service, cron: deps.payouts.schedule }));
  return { service, routes: payoutsRoutes({ payouts: service, guards: deps.guards }) };
}
