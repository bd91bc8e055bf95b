import { csvFile, takaText } from '@dak/domain/csv';
import type { PayoutMethod } from '@dak/domain/money';
import { moneyMessages } from '@dak/domain/money';
import type { PayoutRunResult } from '@dak/domain/money-api';
import {
  bankFileHeader,
  bkashFileHeader,
  payoutCutoff,
  payoutDateOf,
  payoutMessages,
  walletLocal,
} from '@dak/domain/payouts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { createInvoice } from '../invoices/invoices.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import {
  countRuns,
  findOrCreateRun,
  finishRun,
  insertSkip,
  listRuns,
  lockShopTurn,
  newestInvoice,
  runInvoices,
  runSkips,
  type SkipReason,
  shopsToPay,
} from './payouts.repository';

export type PayoutsService = ReturnType<typeof createPayoutsService>;

const taka = (poisha: number) => poisha / 100;

/**
 * Payout runs (issue 13, item 5): one run per date, made by the daily job or by finance's button,
 * pays every shop the money that became final before the date began in Dhaka. Each shop is its own
 * transaction: a run killed half-way keeps the shops it finished, and the same date started again
 * goes on with the rest (the run row is found by its date; a shop already invoiced or skipped in
 * the run is passed over; its parcels are no longer unpaid). Nobody is paid twice.
 */
export function createPayoutsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  /** The invoice's webhooks (issue 15) are queued with these, in the shop's transaction. */
  jobs?: Jobs;
  paymentMethods: Pick<PaymentMethodsService, 'payoutAccounts'>;
  /** The smallest payout in poisha (PAYOUT_MINIMUM_TAKA × 100). */
  minimumPoisha: number;
  /** Tests only: a pause inside each shop's transaction, so a test can kill the process mid-run. */
  shopDelayMs?: number;
}) {
  const { db, clock } = deps;

  /** One shop's turn in the run, in its own transaction: an invoice, a skip, or nothing (done before). */
  async function payShop(run: { id: string; cutoff: Date }, shopId: string) {
    await db.transaction().execute(async (trx) => {
      if (await lockShopTurn(trx, run.id, shopId)) return;
      const skip = (reason: SkipReason, amountPoisha: number) =>
        insertSkip(trx, { run_id: run.id, shop_id: shopId, reason, amount_poisha: amountPoisha });
      const account = (await deps.paymentMethods.payoutAccounts([shopId], trx)).get(shopId);
      if (!account) return skip('no_payment_method', 0);
      const last = await newestInvoice(trx, shopId);
      if (last?.status === 'bounced' && last.decided_at && account.updatedAt <= last.decided_at) {
        return skip('payment_method_not_updated', 0);
      }
      const outcome = await createInvoice(trx, {
        shopId,
        runId: run.id,
        cutoff: run.cutoff,
        method: account.method,
        minimumPoisha: deps.minimumPoisha,
        at: clock.now(),
        jobs: deps.jobs,
      });
      if (outcome.kind === 'skipped') await skip(outcome.reason, outcome.netPoisha);
      if (deps.shopDelayMs) await new Promise((r) => setTimeout(r, deps.shopDelayMs));
    });
  }

  async function result(runId: string): Promise<PayoutRunResult> {
    const [row] = await listRuns(db, { limit: 1, offset: 0 }, runId);
    const skips = await runSkips(db, runId);
    return {
      id: runId,
      invoiceCount: Number(row?.invoice_count ?? 0),
      totalAmount: taka(Number(row?.total_poisha ?? 0)),
      skipped: skips.map(skipView),
    };
  }

  const skipView = (s: Awaited<ReturnType<typeof runSkips>>[number]) => ({
    shopId: s.shop_id,
    shopName: s.shop_name,
    reason: s.reason,
    amount: taka(s.amount_poisha),
  });

  const runView = (r: Awaited<ReturnType<typeof listRuns>>[number]) => ({
    id: r.id,
    date: r.run_date,
    status: r.status,
    invoiceCount: Number(r.invoice_count ?? 0),
    totalAmount: taka(Number(r.total_poisha ?? 0)),
    skippedCount: Number(r.skipped_count ?? 0),
    createdAt: r.created_at.toISOString(),
  });

  async function findRun(runId: string) {
    const [row] = await listRuns(db, { limit: 1, offset: 0 }, runId);
    if (!row) throw new AppError('NOT_FOUND', payoutMessages.runNotFound);
    return row;
  }

  /** The run's invoices by one method that are still to be paid, with where each goes. */
  async function fileRows(runId: string, method: PayoutMethod) {
    const run = await findRun(runId);
    const invoices = (await runInvoices(db, runId, method)).filter((i) => i.status === 'payment_processing');
    const accounts = await deps.paymentMethods.payoutAccounts([...new Set(invoices.map((i) => i.shop_id))]);
    return { run, rows: invoices.map((invoice) => ({ invoice, account: accounts.get(invoice.shop_id) })) };
  }

  return {
    /**
     * The run for `date` (today in Dhaka when not given): made, or gone on with when it is still
     * running (a crash, or another caller at the same time), or answered as it stands when done.
     */
    async run(input: { date?: string; staffId: string | null }): Promise<PayoutRunResult> {
      const today = payoutDateOf(clock.now());
      const date = input.date ?? today;
      const cutoff = payoutCutoff(date);
      if (!cutoff) throw new AppError('VALIDATION_FAILED', moneyMessages.runDateInvalid);
      if (date > today) throw new AppError('VALIDATION_FAILED', payoutMessages.runDateInFuture, { date });
      const run = await findOrCreateRun(db, {
        run_date: date,
        cutoff,
        started_by_staff_id: input.staffId,
        created_at: clock.now(),
      });
      if (run.status === 'running') {
        for (const shopId of await shopsToPay(db, run.id, run.cutoff)) await payShop(run, shopId);
        await finishRun(db, run.id, clock.now());
      }
      return result(run.id);
    },

    async list(page: { limit: number; offset: number }) {
      const [rows, count] = await Promise.all([listRuns(db, page), countRuns(db)]);
      return { items: rows.map(runView), count };
    },

    async detail(runId: string) {
      const run = await findRun(runId);
      const skips = await runSkips(db, runId);
      return { ...runView(run), skipped: skips.map(skipView) };
    },

    /** The bank transfer file: one row per bank invoice of the run still to be paid. */
    async bankFile(runId: string) {
      const { run, rows } = await fileRows(runId, 'bank');
      const lines = rows.map(({ invoice, account }) => {
        const bank = account?.method === 'bank' ? account : null;
        return [
          bank?.routingNumber ?? '',
          bank?.accountNumber ?? '',
          bank?.accountName ?? '',
          takaText(invoice.net_amount_poisha),
          invoice.number,
        ];
      });
      return { date: run.run_date, csv: csvFile(bankFileHeader, lines) };
    },

    /** The bKash disbursement file: one row per bKash invoice of the run still to be paid. */
    async bkashFile(runId: string) {
      const { run, rows } = await fileRows(runId, 'bkash');
      const lines = rows.map(({ invoice, account }) => [
        account?.method === 'bkash' ? walletLocal(account.walletNumber) : '',
        takaText(invoice.net_amount_poisha),
        invoice.number,
      ]);
      return { date: run.run_date, csv: csvFile(bkashFileHeader, lines) };
    },
  };
}
