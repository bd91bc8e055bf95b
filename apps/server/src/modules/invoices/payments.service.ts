import { csvFile } from '@dak/domain/csv';
import { dhakaDate, dhakaDayStart } from '@dak/domain/delivery-runs';
import { messages } from '@dak/domain/errors';
import { accountCodes, moneyMessages, type SettlementType } from '@dak/domain/money';
import type {
  BouncedPayment,
  InvoiceStatus,
  OpsInvoice,
  ParcelMoney,
  PaymentsSummary,
} from '@dak/domain/money-api';
import { parcelMessages } from '@dak/domain/parcel';
import {
  nextPayoutDate,
  type PayoutResultProblem,
  payoutResultMessages,
  payoutResultsRefused,
  readPayoutResults,
} from '@dak/domain/payments';
import { payoutCutoff } from '@dak/domain/payouts';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import type { LedgerService } from '../ledger/ledger.service';
import { decideInvoicePayment } from './invoices.service';
import {
  type InvoiceFilter,
  invoiceParcels,
  invoicesByNumber,
  invoiceTotals,
  netOfParcels,
  newestInvoice,
  opsInvoice,
  opsInvoices,
  paidSince,
  parcelInvoice,
  parcelSettlement,
  runDatesFrom,
  shopExists,
  shopInvoice,
  shopInvoices,
  shopParcel,
  shopTransactions,
  statementLines,
} from './payments.repository';

/** Poisha inside, taka (exact to the poisha) in the API. */
const taka = (poisha: number) => poisha / 100;
const iso = (at: Date | string) => new Date(at).toISOString();

type Page = { limit: number; offset: number };
type InvoiceRow = {
  id: string;
  number: string;
  status: InvoiceStatus;
  net_amount_poisha: number;
  parcel_count: number;
  created_at: Date;
};
type LineRow = {
  id: number;
  at: Date;
  kind: string;
  memo: string | null;
  amount_poisha: number;
  tracking_id: string | null;
  invoice_number: string | null;
};

const invoiceView = (r: InvoiceRow) => ({
  id: r.id,
  number: r.number,
  status: r.status,
  netAmount: taka(r.net_amount_poisha),
  parcelCount: r.parcel_count,
  createdAt: iso(r.created_at),
});

/** A shop payable line as the shop reads it: + Dak owes it more, − less. */
const lineView = (r: LineRow) => ({
  id: r.id,
  at: iso(r.at),
  kind: r.kind,
  amount: taka(-r.amount_poisha),
  trackingId: r.tracking_id,
  invoiceNumber: r.invoice_number,
  memo: r.memo,
});

/** The payment method's change time, which the bounce rules compare with the bounce. */
export type PaymentMethodOf = (shopId: string) => Promise<{ updatedAt: Date | string } | null>;

const invoiceCsvHeader = [
  'tracking_id',
  'settlement_type',
  'cash_collected',
  'delivery_charge',
  'cod_charge',
  'return_charge',
  'compensation',
  'net',
];

export function createPaymentsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  ledger: LedgerService;
  paymentMethodOf: PaymentMethodOf;
  payouts: { minimumTaka: number; schedule: string };
  /** Finance's decisions tell the shop (notifications' SMS jobs). */
  jobs?: Jobs;
}) {
  const { db, clock, jobs } = deps;

  async function ownInvoice(shopId: string, invoiceId: string) {
    const invoice = await shopInvoice(db, shopId, invoiceId);
    if (!invoice) throw new AppError('NOT_FOUND', moneyMessages.invoiceNotFound);
    return invoice;
  }

  /** Whether the payout run would skip the shop for a bounce nobody answered by a new method. */
  async function waitsForNewMethod(shopId: string, method: { updatedAt: Date | string }) {
    const newest = await newestInvoice(db, shopId);
    return (
      newest?.status === 'bounced' &&
      newest.decided_at !== null &&
      new Date(method.updatedAt).getTime() <= new Date(newest.decided_at).getTime()
    );
  }

  /**
   * The next payout: the next run's date, and the nets of the parcels final before that day began
   * (unpaid, or back from a bounce), when the run would pay them: a payment method the run may use,
   * and at least the minimum.
   */
  async function nextPayment(shopId: string): Promise<PaymentsSummary['nextPayment']> {
    const now = clock.now();
    const date = nextPayoutDate(now, deps.payouts.schedule, await runDatesFrom(db, dhakaDate(now)));
    if (!date) return null;
    const method = await deps.paymentMethodOf(shopId);
    if (!method || (await waitsForNewMethod(shopId, method))) return null;
    const cutoff = payoutCutoff(date);
    if (!cutoff) return null;
    const amount = await netOfParcels(db, shopId, ['unpaid', 'bounced'], cutoff);
    if (amount <= 0 || amount < deps.payouts.minimumTaka * 100) return null;
    return { amount: taka(amount), date };
  }

  return {
    async summary(shopId: string): Promise<PaymentsSummary> {
      const code = accountCodes.shop(shopId);
      const [balances, unpaid, totals, next] = await Promise.all([
        deps.ledger.balances([code]),
        netOfParcels(db, shopId, ['unpaid']),
        invoiceTotals(db, shopId),
        nextPayment(shopId),
      ]);
      // The payable is a liability: a positive balance is what the shop owes Dak.
      const balance = balances.get(code) ?? 0;
      return {
        dueAmount: taka(Math.max(0, balance)),
        unpaidAmount: taka(unpaid),
        processingAmount: taka(totals.payment_processing),
        paidAmount: taka(totals.paid),
        nextPayment: next,
      };
    },

    async invoices(shopId: string, page: Page) {
      return pageOf(await shopInvoices(db, shopId, page), invoiceView);
    },

    async invoiceParcels(
      shopId: string,
      invoiceId: string,
      query: Page & { settlementType?: SettlementType },
    ) {
      await ownInvoice(shopId, invoiceId);
      const page = await invoiceParcels(db, invoiceId, query.settlementType, query);
      return pageOf(page, (r) => ({
        trackingId: r.tracking_id,
        settlementType: r.settlement_type,
        cashCollected: taka(r.cash_collected_poisha),
        deliveryCharge: taka(r.delivery_charge_poisha),
        codCharge: taka(r.cod_charge_poisha),
        returnCharge: taka(r.return_charge_poisha),
        compensation: taka(r.compensation_poisha),
        netAmount: taka(r.net_poisha),
      }));
    },

    /** The invoice as logistics-invoice.csv: a header, then one row a parcel (amounts in taka). */
    async invoiceCsv(shopId: string, invoiceId: string): Promise<string> {
      await ownInvoice(shopId, invoiceId);
      const { rows } = await invoiceParcels(db, invoiceId, undefined);
      return csvFile(
        invoiceCsvHeader,
        rows.map((r) => [
          r.tracking_id,
          r.settlement_type,
          { poisha: r.cash_collected_poisha },
          { poisha: r.delivery_charge_poisha },
          { poisha: r.cod_charge_poisha },
          { poisha: r.return_charge_poisha },
          { poisha: r.compensation_poisha },
          { poisha: r.net_poisha },
        ]),
      );
    },

    async transactions(shopId: string, page: Page) {
      return pageOf(await shopTransactions(db, shopId, page), lineView);
    },

    /**
     * The newest bounced invoice, unless an invoice made after it was paid (the bounced parcels
     * go on the next invoice, so its payment settles them); whether the owner changed the payment
     * method since the bounce.
     */
    async bounced(shopId: string): Promise<BouncedPayment> {
      const invoice = await newestInvoice(db, shopId, 'bounced');
      if (!invoice?.decided_at || (await paidSince(db, shopId, invoice.created_at))) return { bounced: null };
      const method = await deps.paymentMethodOf(shopId);
      return {
        bounced: {
          invoiceId: invoice.id,
          number: invoice.number,
          amount: taka(invoice.net_amount_poisha),
          reason: invoice.bounce_reason ?? '',
          bouncedAt: iso(invoice.decided_at),
          isBankAccountInfoUpdated: Boolean(
            method && new Date(method.updatedAt).getTime() > new Date(invoice.decided_at).getTime(),
          ),
        },
      };
    },

    async parcelMoney(shopId: string, trackingIdText: string): Promise<ParcelMoney> {
      const trackingId = normalizeTrackingId(trackingIdText);
      const parcel = trackingId ? await shopParcel(db, shopId, trackingId) : undefined;
      if (!parcel) throw new AppError('NOT_FOUND', parcelMessages.notFound);
      const [settled, invoice] = await Promise.all([
        parcelSettlement(db, parcel.id),
        parcelInvoice(db, parcel.id),
      ]);
      return {
        paymentStatus: parcel.payment_status,
        settlement: settled
          ? {
              settlementType: settled.settlement_type,
              cashCollected: taka(settled.cash_collected_poisha),
              deliveryCharge: taka(settled.delivery_charge_poisha),
              codCharge: taka(settled.cod_charge_poisha),
              returnCharge: taka(settled.return_charge_poisha),
              compensation: taka(settled.compensation_poisha),
              netAmount: taka(settled.net_poisha),
              at: iso(settled.at),
            }
          : null,
        invoice: invoice ?? null,
      };
    },

    // Finance -------------------------------------------------------------------------------------

    async listInvoices(filter: InvoiceFilter, page: Page) {
      return pageOf(await opsInvoices(db, filter, page), opsView);
    },

    /** Paid (reference) or bounced (reason), once, in one transaction; the invoice as it is now. */
    async decide(
      invoiceId: string,
      decision: { status: 'paid'; reference: string } | { status: 'bounced'; reason: string },
      staffId: string,
    ): Promise<OpsInvoice> {
      await db
        .transaction()
        .execute((trx) => decideInvoicePayment(trx, invoiceId, decision, { staffId, at: clock.now(), jobs }));
      const row = await opsInvoice(db, invoiceId);
      if (!row) throw new AppError('NOT_FOUND', moneyMessages.invoiceNotFound);
      return opsView(row);
    },

    /**
     * The bank's result file: every row checked first (its shape, then its invoice: known and
     * still waiting for payment); one wrong row and nothing is applied (ROWS_INVALID with every
     * wrong row). Else all rows are applied in one transaction.
     */
    async applyResults(text: string, staffId: string) {
      const { rows, problems } = readPayoutResults(text);
      const found = new Map(
        (await invoicesByNumber(db, [...new Set(rows.map((r) => r.invoiceNumber))])).map((i) => [
          i.number,
          i,
        ]),
      );
      const wrong: PayoutResultProblem[] = [...problems];
      for (const r of rows) {
        const invoice = found.get(r.invoiceNumber);
        if (!invoice) wrong.push({ row: r.row, message: payoutResultMessages.unknownInvoice });
        else if (invoice.status === 'paid') wrong.push({ row: r.row, message: moneyMessages.alreadyPaid });
        else if (invoice.status === 'bounced')
          wrong.push({ row: r.row, message: moneyMessages.alreadyBounced });
      }
      if (wrong.length > 0) {
        wrong.sort((a, b) => a.row - b.row);
        throw new AppError('ROWS_INVALID', payoutResultsRefused(wrong.length), { rows: wrong });
      }
      if (rows.length === 0) {
        throw new AppError('ROWS_INVALID', payoutResultsRefused(1), {
          rows: [{ row: 2, message: payoutResultMessages.empty }],
        });
      }
      const at = clock.now();
      // In the order of the invoices' ids, so two uploads touching the same invoices never deadlock.
      const ordered = rows
        .map((r) => ({ r, id: found.get(r.invoiceNumber)?.id ?? '' }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      await db.transaction().execute(async (trx) => {
        for (const { r, id } of ordered) {
          const decision =
            r.status === 'paid'
              ? ({ status: 'paid', reference: r.reference } as const)
              : ({ status: 'bounced', reason: r.reason } as const);
          await decideInvoicePayment(trx, id, decision, { staffId, at, jobs });
        }
      });
      return {
        paid: rows.filter((r) => r.status === 'paid').length,
        bounced: rows.filter((r) => r.status === 'bounced').length,
      };
    },

    /**
     * The shop's ledger from one Dhaka date to another (both whole days): the balance before,
     * every line with the balance after it, and the balance at the end; amounts as what Dak owes
     * the shop (negative: what the shop owes).
     */
    async statement(shopId: string, range: { from?: string; to?: string }) {
      if (!(await shopExists(db, shopId))) throw new AppError('NOT_FOUND', messages.shopNotFound);
      const to = range.to ?? dhakaDate(clock.now());
      const from = range.from ?? dhakaDate(new Date(dhakaDayStart(to).getTime() - 30 * 86_400_000));
      const end = new Date(dhakaDayStart(to).getTime() + 86_400_000);
      const { balanceBefore, lines } = await statementLines(db, shopId, dhakaDayStart(from), end);
      let owed = -balanceBefore;
      const opening = owed;
      const out = lines.map((r) => {
        owed -= r.amount_poisha;
        return { ...lineView(r), balance: taka(owed) };
      });
      return { opening: taka(opening), closing: taka(owed), lines: out };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

function opsView(
  r: InvoiceRow & {
    shop_id: string;
    shop_name: string;
    run_id: string;
    method: 'bank' | 'bkash';
    reference: string | null;
    bounce_reason: string | null;
    decided_at: Date | null;
  },
): OpsInvoice {
  return {
    ...invoiceView(r),
    shopId: r.shop_id,
    shopName: r.shop_name,
    runId: r.run_id,
    method: r.method,
    reference: r.reference,
    bounceReason: r.bounce_reason,
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
  };
}
