import type { ModuleDeps } from '../../lib/module';
import type { CashService } from '../cash/cash.service';
import { createOpsOverviewRepository } from './ops-overview.repository';
import { opsOverviewRoutes } from './ops-overview.routes';
import { createOpsOverviewService } from './ops-overview.service';

/** The operations overview (issue 14, item 5): the console's home figures by hub. */
export function opsOverviewModule(deps: ModuleDeps & { cash: Pick<CashService, 'ridersHoldingByHub'> }) {
  const service = createOpsOverviewService({
    clock: deps.clock,
    repo: createOpsOverviewRepository(deps.db),
    cash: deps.cash,
  });
  return { service, routes: opsOverviewRoutes({ overview: service, guards: deps.guards }) };
}
