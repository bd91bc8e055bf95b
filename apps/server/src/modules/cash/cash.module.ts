import type { ModuleDeps } from '../../lib/module';
import type { LedgerService } from '../ledger/ledger.service';
import { cashRoutes } from './cash.routes';
import { createCashService } from './cash.service';

/**
 * Rider and hub cash (issue 13, item 3), and the negative-balance hold the booking asks about
 * (item 6). Hand-overs and deposits post to the ledger in their own transactions.
 */
export function cashModule(
  deps: ModuleDeps & { ledger: Pick<LedgerService, 'balances'>; negativeBalanceLimitTaka: number },
) {
  const service = createCashService(deps);
  return { service, routes: cashRoutes({ cash: service, guards: deps.guards }) };
}
