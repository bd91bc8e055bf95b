import {
  cashHandoverRequestSchema,
  cashHandoverSchema,
  depositListSchema,
  depositRequestSchema,
  hubCashSchema,
  moneyPageQuerySchema,
  riderCashSchema,
} from '@dak/domain/money-api';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoute } from '../../lib/staff-route';
import { type Guards, staffOf } from '../../plugins/auth';
import type { CashService } from './cash.service';

const hubParams = z.object({ hubId: z.string().min(1).max(64) });
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(100).optional() });

/** The hub's cash desk, its deposits, and the rider's own cash (issue 13, item 3). */
export function cashRoutes(deps: { cash: CashService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { cash, guards } = deps;
    const desk = guards.staff(roomRoles.cash);
    const finance = guards.staff(roomRoles.deposits);
    const riders = guards.staff(['rider']);

    r.post(
      '/ops/hubs/:hubId/cash-handovers',
      staffRoute(
        desk,
        ['cash'],
        'A rider hands the cash over at the hub: counted against what the ledger says they hold',
        {
          description:
            'Hub managers for riders of their hubs; admins and finance anywhere. The amount is taka with at ' +
            'most two decimals. The counted cash goes to the hub; what is missing becomes the rider’s ' +
            'shortage (a receivable). Counting more than the rider holds is refused (409). Send an ' +
            'Idempotency-Key to make a retry answer the first hand-over.',
          params: hubParams,
          headers: idempotencyHeaders,
          body: cashHandoverRequestSchema,
          response: { 200: cashHandoverSchema },
        },
      ),
      (request) =>
        cash.handOver(
          staffOf(request),
          request.params.hubId,
          request.body,
          request.headers['idempotency-key'],
        ),
    );

    r.get(
      '/ops/hubs/:hubId/cash',
      staffRoute(desk, ['cash'], "The hub's cash desk: its cash, riders holding cash or owing a shortage", {
        params: hubParams,
        response: { 200: hubCashSchema },
      }),
      (request) => cash.hubCash(staffOf(request), request.params.hubId),
    );

    r.post(
      '/ops/hubs/:hubId/deposits',
      staffRoute(finance, ['cash'], "Record the hub's bank deposit: the hub's cash goes to the bank", {
        description: 'Finance and admins. Refused (409) when the hub holds less than the amount.',
        params: hubParams,
        body: depositRequestSchema,
        response: { 201: z.object({ id: z.number().int(), hubCash: z.number() }) },
      }),
      async (request, reply) =>
        reply.status(201).send(await cash.deposit(staffOf(request), request.params.hubId, request.body)),
    );

    r.get(
      '/ops/hubs/:hubId/deposits',
      staffRoute(desk, ['cash'], "The hub's bank deposits, newest first", {
        params: hubParams,
        querystring: moneyPageQuerySchema,
        response: { 200: depositListSchema },
      }),
      (request) => cash.deposits(staffOf(request), request.params.hubId, request.query),
    );

    r.get(
      '/ops/rider/cash',
      staffRoute(
        riders,
        ['rider'],
        "The signed-in rider's cash: held now, collected and handed over today, shortage",
        {
          response: { 200: riderCashSchema },
        },
      ),
      (request) => cash.riderCash(staffOf(request).staffId),
    );
  };
}
