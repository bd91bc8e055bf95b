import { trialBalanceSchema } from '@dak/domain/money-api';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoute } from '../../lib/staff-route';
import type { Guards } from '../../plugins/auth';
import type { LedgerService } from './ledger.service';

/** The books as finance reads them (issue 13). */
export function ledgerRoutes(deps: { ledger: LedgerService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const payouts = deps.guards.staff(roomRoles.payouts);
    r.get(
      '/ops/ledger/trial-balance',
      staffRoute(payouts, ['ledger'], 'Every ledger account with its balance in taka; the total is 0', {
        response: { 200: trialBalanceSchema },
      }),
      async () => {
        const books = await deps.ledger.trialBalance();
        return {
          accounts: books.accounts.map((a) => ({ code: a.code, kind: a.kind, balance: a.balance / 100 })),
          total: books.total / 100,
        };
      },
    );
  };
}
