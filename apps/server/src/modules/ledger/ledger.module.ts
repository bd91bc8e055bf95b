import type { ModuleDeps } from '../../lib/module';
import { ledgerRoutes } from './ledger.routes';
import { createLedgerService } from './ledger.service';

/**
 * The ledger (issue 13): double-entry accounts and journal in poisha. Postings are made by the
 * modules whose events cause them (`post` and `settleParcelMoney` take the cause's transaction);
 * this module owns the tables and reads the books.
 */
export function ledgerModule(deps: ModuleDeps) {
  const service = createLedgerService({ db: deps.db, clock: deps.clock });
  return { service, routes: ledgerRoutes({ ledger: service, guards: deps.guards }) };
}
