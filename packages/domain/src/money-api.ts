import { z } from 'zod';
import { listSchema, pageQuery } from './lists';
import { payoutMethods, settlementTypes } from './money';
import { paymentStatusSchema } from './parcel-status';

/**
 * The money API's shapes (issue 13), shared by the server's routes and the screens. Amounts are
 * taka as JSON numbers (poisha / 100, exact); inside the server they are integer poisha.
 */

const taka = z.number();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const invoiceStatuses = ['payment_processing', 'paid', 'bounced'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const settlementTypeSchema = z.enum(settlementTypes);
export const payoutMethodSchema = z.enum(payoutMethods);

// The merchant's Payments -----------------------------------------------------------------------

/** GET /shops/{shopId}/payments/summary (contract). */
export const paymentsSummarySchema = z.object({
  /** What the shop owes while its balance is below zero, else 0. */
  dueAmount: taka,
  /** The nets of the shop's parcels in `unpaid` (collected and not yet invoiced). */
  unpaidAmount: taka,
  processingAmount: taka,
  paidAmount: taka,
  /** The next payout run's amount and date, when the shop will be paid by it. */
  nextPayment: z.object({ amount: taka, date: isoDate }).nullable(),
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: invoiceStatusSchema,
  netAmount: taka,
  parcelCount: z.number().int(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
/** GET /shops/{shopId}/invoices?limit&offset (contract). */
export const invoiceListSchema = listSchema(invoiceSchema);

export const invoiceParcelSchema = z.object({
  trackingId: z.string(),
  settlementType: settlementTypeSchema,
  cashCollected: taka,
  deliveryCharge: taka,
  codCharge: taka,
  returnCharge: taka,
  compensation: taka,
  netAmount: taka,
});
export type InvoiceParcel = z.infer<typeof invoiceParcelSchema>;
/** GET /shops/{shopId}/invoices/{invoiceId}/parcels?settlementType&limit&offset (contract). */
export const invoiceParcelListSchema = listSchema(invoiceParcelSchema);
export const invoiceParcelQuerySchema = z.object({
  settlementType: settlementTypeSchema.optional(),
  ...pageQuery(100, 20),
});

/** GET /shops/{shopId}/transactions?limit&offset: the shop's ledger lines, newest first. */
export const transactionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  /** + the shop is owed more (a delivery's net), − less (a charge, a payout). */
  amount: taka,
  trackingId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  memo: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListSchema = listSchema(transactionSchema);
/** The `?limit&offset` of the money lists (spec 9: payments page size 20). */
export const moneyPageQuerySchema = z.object(pageQuery(100, 20));

/** GET /shops/{shopId}/payments/bounced: the newest bounced invoice not yet paid again, or null. */
export const bouncedPaymentSchema = z.object({
  bounced: z
    .object({
      invoiceId: z.uuid(),
      number: z.string(),
      amount: taka,
      reason: z.string(),
      bouncedAt: z.string(),
      /** The spec's flag: the owner changed the payment method since the bounce. */
      isBankAccountInfoUpdated: z.boolean(),
    })
    .nullable(),
});
export type BouncedPayment = z.infer<typeof bouncedPaymentSchema>;

/** GET /shops/{shopId}/parcels/{trackingId}/money: the parcel's money lines and its invoice. */
export const parcelMoneySchema = z.object({
  paymentStatus: paymentStatusSchema,
  settlement: z
    .object({
      settlementType: settlementTypeSchema,
      cashCollected: taka,
      deliveryCharge: taka,
      codCharge: taka,
      returnCharge: taka,
      compensation: taka,
      netAmount: taka,
      at: z.string(),
    })
    .nullable(),
  invoice: z.object({ id: z.uuid(), number: z.string(), status: invoiceStatusSchema }).nullable(),
});
export type ParcelMoney = z.infer<typeof parcelMoneySchema>;

// Finance (the console) ---------------------------------------------------------------------------

export const payoutSkipReasons = [
  'no_payment_method',
  'below_minimum',
  'payment_method_not_updated',
  'negative_balance',
] as const;
export const payoutSkipSchema = z.object({
  shopId: z.uuid(),
  shopName: z.string().optional(),
  reason: z.enum(payoutSkipReasons),
  amount: taka.optional(),
});

/** POST /ops/payout-runs {date?} (contract). */
export const payoutRunRequestSchema = z.object({ date: isoDate.optional() });
export const payoutRunResultSchema = z.object({
  id: z.uuid(),
  invoiceCount: z.number().int(),
  totalAmount: taka,
  skipped: z.array(payoutSkipSchema),
});
export type PayoutRunResult = z.infer<typeof payoutRunResultSchema>;

/** GET /ops/payout-runs?limit&offset. */
export const payoutRunSchema = z.object({
  id: z.uuid(),
  date: isoDate,
  status: z.enum(['running', 'done']),
  invoiceCount: z.number().int(),
  totalAmount: taka,
  skippedCount: z.number().int(),
  createdAt: z.string(),
});
export const payoutRunListSchema = listSchema(payoutRunSchema);

/** An invoice as finance sees it (GET /ops/invoices?status&shopId&runId&limit&offset). */
export const opsInvoiceSchema = invoiceSchema.extend({
  shopId: z.uuid(),
  shopName: z.string(),
  runId: z.uuid(),
  method: payoutMethodSchema,
  reference: z.string().nullable(),
  bounceReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type OpsInvoice = z.infer<typeof opsInvoiceSchema>;
export const opsInvoiceListSchema = listSchema(opsInvoiceSchema);
export const opsInvoiceQuerySchema = z.object({
  status: invoiceStatusSchema.optional(),
  shopId: z.uuid().optional(),
  runId: z.uuid().optional(),
  ...pageQuery(100, 20),
});

/** GET /ops/payout-runs/{runId}: the run with its skipped shops (its invoices: /ops/invoices?runId). */
export const payoutRunDetailSchema = payoutRunSchema.extend({ skipped: z.array(payoutSkipSchema) });

/** POST /ops/invoices/{invoiceId}/paid and .../bounced (contract). */
export const invoicePaidSchema = z.object({ reference: z.string().trim().min(1).max(200) });
export const invoiceBouncedSchema = z.object({ reason: z.string().trim().min(1).max(500) });

/**
 * POST /ops/payout-results (text/csv body, the bank's result file): a header row, then per row
 * `invoice_number,status,reference_or_reason` with status `paid` or `bounced`. Every row is
 * checked first; one wrong row applies nothing (422 with the rows' errors).
 */
export const payoutResultsAnswerSchema = z.object({ paid: z.number().int(), bounced: z.number().int() });

/** GET /ops/ledger/trial-balance (contract). */
export const trialBalanceSchema = z.object({
  accounts: z.array(z.object({ code: z.string(), kind: z.string(), balance: taka })),
  total: taka,
});

/** GET /ops/shops/{shopId}/statement?from&to: a shop's ledger with the running balance. */
export const shopStatementSchema = z.object({
  opening: taka,
  closing: taka,
  lines: z.array(
    transactionSchema.extend({
      /** What Dak owes the shop after the line. */
      balance: taka,
    }),
  ),
});

// Cash: riders, hubs, deposits ------------------------------------------------------------------------

/** GET /ops/hubs/{hubId}/cash: the hub's cash desk. */
export const hubCashSchema = z.object({
  hubId: z.string(),
  /** Cash counted in at the hub and not yet deposited. */
  hubCash: taka,
  riders: z.array(
    z.object({
      riderId: z.uuid(),
      name: z.string(),
      phone: z.string(),
      /** What the ledger says the rider holds. */
      holding: taka,
      /** What the rider owes from earlier short hand-overs. */
      shortage: taka,
    }),
  ),
});
export type HubCash = z.infer<typeof hubCashSchema>;

/** POST /ops/hubs/{hubId}/cash-handovers (contract). */
export const cashHandoverRequestSchema = z.object({ riderId: z.uuid(), amount: z.number().min(0) });
export const cashHandoverSchema = z.object({ expected: taka, counted: taka, shortage: taka });

/** POST /ops/hubs/{hubId}/deposits and GET /ops/hubs/{hubId}/deposits?limit&offset. */
export const depositRequestSchema = z.object({
  amount: z.number().positive(),
  bankReference: z.string().trim().min(1).max(200),
  depositedOn: isoDate,
});
export const depositSchema = z.object({
  id: z.number().int(),
  hubId: z.string(),
  amount: taka,
  bankReference: z.string(),
  depositedOn: isoDate,
  recordedBy: z.string(),
  at: z.string(),
});
export const depositListSchema = listSchema(depositSchema);

/** GET /ops/rider/cash: the signed-in rider's own cash. */
export const riderCashSchema = z.object({
  holding: taka,
  collectedToday: taka,
  handedOverToday: taka,
  shortage: taka,
});
export type RiderCash = z.infer<typeof riderCashSchema>;
