import { moneyMessages } from '@dak/domain/money';
import {
  bouncedPaymentSchema,
  invoiceBouncedSchema,
  invoiceListSchema,
  invoicePaidSchema,
  invoiceParcelListSchema,
  invoiceParcelQuerySchema,
  moneyPageQuerySchema,
  opsInvoiceListSchema,
  opsInvoiceQuerySchema,
  opsInvoiceSchema,
  parcelMoneySchema,
  paymentsSummarySchema,
  payoutResultsAnswerSchema,
  shopStatementSchema,
  transactionListSchema,
} from '@dak/domain/money-api';
import { parcelMessages } from '@dak/domain/parcel';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../lib/routes';
import { shopParams } from '../../lib/schemas';
import { staffRoute } from '../../lib/staff-route';
import { type Guards, shopOf, staffOf } from '../../plugins/auth';
import type { PaymentsService } from './payments.service';

/** The bank's result file may be this large (a few thousand rows). */
export const payoutResultsBodyLimit = 1024 * 1024;

const invoiceId = z.uuid({ error: moneyMessages.invoiceNotFound });
const shopInvoiceParams = shopParams.extend({ invoiceId });
const isoDate = z.iso.date({ error: 'Enter dates as YYYY-MM-DD' });
const statementQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'The start date must not be after the end date',
  })
  .refine(
    (q) => !q.from || !q.to || new Date(q.to).getTime() - new Date(q.from).getTime() <= 366 * 86_400_000,
    { error: 'A statement covers at most a year' },
  );

/**
 * Money routes (issue 13): the merchant's Payments (owner only: payment.view) and finance's
 * invoices, bank result file and shop statements (room 'payouts').
 */
export function invoicesRoutes(deps: { payments: PaymentsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { payments, guards } = deps;
    const route = routeOptions({ tags: ['payments'], guards });

    r.get(
      '/shops/:shopId/payments/summary',
      route.shop('payment.view', {
        summary: 'Due amount, collected and not yet invoiced, processing, paid, and the next payment (taka)',
        response: { 200: paymentsSummarySchema },
      }),
      (request) => payments.summary(shopOf(request).shopId),
    );
    r.get(
      '/shops/:shopId/invoices',
      route.shop('payment.view', {
        summary: "The shop's invoices, newest first",
        querystring: moneyPageQuerySchema,
        response: { 200: invoiceListSchema },
      }),
      (request) => payments.invoices(shopOf(request).shopId, request.query),
    );
    r.get(
      '/shops/:shopId/invoices/:invoiceId/parcels',
      route.shop('payment.view', {
        summary: "An invoice's parcels with their money, by tracking ID; settlementType filters",
        params: shopInvoiceParams,
        querystring: invoiceParcelQuerySchema,
        response: { 200: invoiceParcelListSchema },
      }),
      (request) => payments.invoiceParcels(shopOf(request).shopId, request.params.invoiceId, request.query),
    );
    r.get(
      '/shops/:shopId/invoices/:invoiceId/csv',
      route.shop('payment.view', {
        summary: 'The invoice as logistics-invoice.csv: a header, one row a parcel, amounts in taka',
        params: shopInvoiceParams,
        produces: ['text/csv'],
      }),
      async (request, reply) => {
        const csv = await payments.invoiceCsv(shopOf(request).shopId, request.params.invoiceId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="logistics-invoice.csv"')
          .send(csv);
      },
    );
    r.get(
      '/shops/:shopId/transactions',
      route.shop('payment.view', {
        summary: "The shop's ledger lines, newest first: + Dak owes the shop more, − less",
        querystring: moneyPageQuerySchema,
        response: { 200: transactionListSchema },
      }),
      (request) => payments.transactions(shopOf(request).shopId, request.query),
    );
    r.get(
      '/shops/:shopId/payments/bounced',
      route.shop('payment.view', {
        summary: 'The newest bounced payment not yet paid by a later invoice, or null',
        response: { 200: bouncedPaymentSchema },
      }),
      (request) => payments.bounced(shopOf(request).shopId),
    );
    r.get(
      '/shops/:shopId/parcels/:trackingId/money',
      route.shop('payment.view', {
        summary: "A parcel's payment stage, its money as settled, and its invoice",
        params: shopParams.extend({ trackingId: z.string().trim().min(1, parcelMessages.notFound).max(40) }),
        response: { 200: parcelMoneySchema },
      }),
      (request) => payments.parcelMoney(shopOf(request).shopId, request.params.trackingId),
    );

    // Finance -------------------------------------------------------------------------------------
    const finance = guards.staff(roomRoles.payouts);
    r.get(
      '/ops/invoices',
      staffRoute(finance, ['payments'], 'Invoices by status, shop or payout run, newest first', {
        querystring: opsInvoiceQuerySchema,
        response: { 200: opsInvoiceListSchema },
      }),
      (request) => {
        const { limit, offset, ...filter } = request.query;
        return payments.listInvoices(filter, { limit, offset });
      },
    );
    // Paid and bounced: the same decision, with the reference or the reason.
    const decisionRoute = <B extends z.ZodType>(summary: string, body: B) =>
      staffRoute(finance, ['payments'], summary, {
        description: '409 CONFLICT when the invoice is already paid or has bounced; 404 unknown invoice.',
        params: z.object({ invoiceId }),
        body,
        response: { 200: opsInvoiceSchema },
      });
    r.post(
      '/ops/invoices/:invoiceId/paid',
      decisionRoute('Mark an invoice paid with the bank or bKash reference', invoicePaidSchema),
      (request) =>
        payments.decide(
          request.params.invoiceId,
          { status: 'paid', reference: request.body.reference },
          staffOf(request).staffId,
        ),
    );
    r.post(
      '/ops/invoices/:invoiceId/bounced',
      decisionRoute(
        'Mark an invoice bounced with the reason; its money goes to the next run',
        invoiceBouncedSchema,
      ),
      (request) =>
        payments.decide(
          request.params.invoiceId,
          { status: 'bounced', reason: request.body.reason },
          staffOf(request).staffId,
        ),
    );
    r.get(
      '/ops/shops/:id/statement',
      staffRoute(finance, ['payments'], "A shop's ledger with the running balance (what Dak owes the shop)", {
        description: 'from and to are Dhaka dates, both whole days (default: the last 30 days).',
        params: z.object({ id: z.uuid({ error: 'Shop not found' }) }),
        querystring: statementQuery,
        response: { 200: shopStatementSchema },
      }),
      (request) => payments.statement(request.params.id, request.query),
    );

    // The bank's result file: its own parser for text/csv, only on this route.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'text/csv',
        { parseAs: 'string', bodyLimit: payoutResultsBodyLimit },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/ops/payout-results',
        {
          ...staffRoute(
            finance,
            ['payments'],
            "Apply the bank's result file: paid or bounced for many invoices",
            {
              description:
                'Body text/csv: the header invoice_number,status,reference_or_reason, then one row an invoice ' +
                '(status paid or bounced). Every row is checked first; one wrong row applies nothing: 422 ' +
                'ROWS_INVALID with details.rows [{row, message}] (the header is row 1).',
              consumes: ['text/csv'],
              body: z.string({ error: 'Send the result file as text/csv' }),
              response: { 200: payoutResultsAnswerSchema },
            },
          ),
          bodyLimit: payoutResultsBodyLimit,
        },
        (request) => payments.applyResults(request.body, staffOf(request).staffId),
      );
    });
  };
}
