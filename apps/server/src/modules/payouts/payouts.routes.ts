import {
  moneyPageQuerySchema,
  payoutRunDetailSchema,
  payoutRunListSchema,
  payoutRunRequestSchema,
  payoutRunResultSchema,
} from '@dak/domain/money-api';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoute } from '../../lib/staff-route';
import { type Guards, staffOf } from '../../plugins/auth';
import type { PayoutsService } from './payouts.service';

const runParams = z.object({ runId: z.uuid() });
const csvType = 'text/csv; charset=utf-8';

/** Payout runs for finance (issue 13, item 5): start one, read them, download the transfer files. */
export function payoutsRoutes(deps: { payouts: PayoutsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const finance = deps.guards.staff(roomRoles.payouts);
    const { payouts } = deps;

    r.post(
      '/ops/payout-runs',
      staffRoute(
        finance,
        ['payouts'],
        'Runs the payouts of a date (today in Dhaka unless given): the money final before the date began; the same date again pays nobody twice',
        { body: payoutRunRequestSchema, response: { 200: payoutRunResultSchema } },
      ),
      (request) => payouts.run({ date: request.body?.date, staffId: staffOf(request).staffId }),
    );

    r.get(
      '/ops/payout-runs',
      staffRoute(finance, ['payouts'], 'Payout runs, newest date first', {
        querystring: moneyPageQuerySchema,
        response: { 200: payoutRunListSchema },
      }),
      (request) => payouts.list(request.query),
    );

    r.get(
      '/ops/payout-runs/:runId',
      staffRoute(finance, ['payouts'], 'A payout run with its skipped shops and why', {
        params: runParams,
        response: { 200: payoutRunDetailSchema },
      }),
      (request) => payouts.detail(request.params.runId),
    );

    r.get(
      '/ops/payout-runs/:runId/bank-file',
      staffRoute(
        finance,
        ['payouts'],
        'The bank transfer file (CSV): one row per bank invoice of the run still to be paid',
        { params: runParams },
      ),
      async (request, reply) => {
        const file = await payouts.bankFile(request.params.runId);
        return reply
          .header('content-type', csvType)
          .header('content-disposition', `attachment; filename="payouts-${file.date}-bank.csv"`)
          .send(file.csv);
      },
    );

    r.get(
      '/ops/payout-runs/:runId/bkash-file',
      staffRoute(
        finance,
        ['payouts'],
        'The bKash disbursement file (CSV): one row per bKash invoice of the run still to be paid',
        { params: runParams },
      ),
      async (request, reply) => {
        const file = await payouts.bkashFile(request.params.runId);
        return reply
          .header('content-type', csvType)
          .header('content-disposition', `attachment; filename="payouts-${file.date}-bkash.csv"`)
          .send(file.csv);
      },
    );
  };
}
