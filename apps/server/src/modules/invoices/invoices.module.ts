import type { Jobs } from '../../jobs/jobs';
import type { ModuleDeps } from '../../lib/module';
import type { LedgerService } from '../ledger/ledger.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { invoicesRoutes } from './invoices.routes';
import { createPaymentsService } from './payments.service';

/**
 * Invoices and the merchant's Payments (issue 13): the payout runs make invoices
 * (invoices.service createInvoice); here the shop reads its money and finance decides invoices,
 * one by one or by the bank's result file.
 */
export function invoicesModule(
  deps: ModuleDeps & {
    ledger: LedgerService;
    paymentMethods: Pick<PaymentMethodsService, 'current'>;
    payouts: { minimumTaka: number; schedule: string };
    jobs?: Jobs;
  },
) {
  const service = createPaymentsService({
    db: deps.db,
    clock: deps.clock,
    ledger: deps.ledger,
    paymentMethodOf: (shopId) => deps.paymentMethods.current(shopId),
    payouts: deps.payouts,
    jobs: deps.jobs,
  });
  return { service, routes: invoicesRoutes({ payments: service, guards: deps.guards }) };
}
