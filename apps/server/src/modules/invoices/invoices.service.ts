import { accountCodes, moneyMessages, type PayoutMethod } from '@dak/domain/money';
import type { Executor } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import { post } from '../ledger/ledger.service';
import { notify } from '../notifications/notifications.service';
import { announceInvoice } from '../webhooks/webhook-events.service';
import {
  decideInvoice,
  insertInvoice,
  insertInvoiceParcels,
  lockInvoice,
  lockPayableParcels,
  type SettledParcel,
  setPaymentStatus,
} from './invoices.repository';

export type { SettledParcel } from './invoices.repository';

export type InvoiceOutcome =
  | { kind: 'invoiced'; invoiceId: string; number: string; netPoisha: number; parcels: SettledParcel[] }
  | { kind: 'skipped'; reason: 'below_minimum' | 'negative_balance'; netPoisha: number };

/**
 * One shop's invoice of a payout run, in the caller's transaction (one transaction per shop, so a
 * run killed half-way keeps the invoices it made and makes the rest when run again): every parcel
 * whose money became final before the run's cutoff and is on no live invoice, netted together (a
 * returned parcel's charge is taken from the delivered ones' cash). The money moves from the
 * shop's payable to the payout method's clearing account, and the parcels to payment processing.
 * A net below the minimum (or below zero: a due) is left for a later run.
 */
export async function createInvoice(
  trx: Executor,
  input: {
    shopId: string;
    runId: string;
    cutoff: Date;
    method: PayoutMethod;
    minimumPoisha: number;
    at: Date;
    /** The shop's webhooks hear of the invoice (issue 15) through these jobs; absent: no webhook. */
    jobs?: Jobs;
  },
): Promise<InvoiceOutcome> {
  const parcels = await lockPayableParcels(trx, input.shopId, input.cutoff);
  const netPoisha = parcels.reduce((sum, p) => sum + p.net_poisha, 0);
  if (netPoisha < 0) return { kind: 'skipped', reason: 'negative_balance', netPoisha };
  if (parcels.length === 0 || netPoisha < Math.max(1, input.minimumPoisha)) {
    return { kind: 'skipped', reason: 'below_minimum', netPoisha };
  }
  const invoice = await insertInvoice(trx, {
    shop_id: input.shopId,
    run_id: input.runId,
    method: input.method,
    net_amount_poisha: netPoisha,
    parcel_count: parcels.length,
    created_at: input.at,
  });
  await insertInvoiceParcels(trx, invoice.id, parcels);
  await post(trx, {
    key: `invoice:${invoice.id}`,
    kind: 'invoice',
    at: input.at,
    shopId: input.shopId,
    invoiceId: invoice.id,
    memo: invoice.number,
    lines: [
      { account: accountCodes.shop(input.shopId), amountPoisha: netPoisha },
      { account: accountCodes.clearing(input.method), amountPoisha: -netPoisha },
    ],
  });
  await setPaymentStatus(trx, { parcelIds: parcels.map((p) => p.parcel_id) }, 'payment_processing');
  if (input.jobs) {
    await announceInvoice(trx, input.jobs, {
      shopId: input.shopId,
      type: 'invoice.created',
      at: input.at,
      data: {
        invoiceId: invoice.id,
        number: invoice.number,
        status: 'payment_processing',
        netAmount: netPoisha / 100,
        parcelCount: parcels.length,
      },
    });
  }
  return { kind: 'invoiced', invoiceId: invoice.id, number: invoice.number, netPoisha, parcels };
}

type Decision = { status: 'paid'; reference: string } | { status: 'bounced'; reason: string };

/**
 * Finance's answer for an invoice, in the caller's transaction: paid (the money leaves the
 * clearing account for the bank or bKash settlement account; its parcels are paid) or bounced
 * (the money goes back to the shop's payable, its parcels wait for the next run). An invoice is
 * decided once: paid twice, or paid after a bounce, is refused.
 */
export async function decideInvoicePayment(
  trx: Executor,
  invoiceId: string,
  decision: Decision,
  by: {
    staffId: string | null;
    at: Date;
    /** The shop's people are told (issue 14) with these jobs (their SMS); absent: no notification. */
    jobs?: Jobs;
  },
) {
  const invoice = await lockInvoice(trx, invoiceId);
  if (!invoice) throw new AppError('NOT_FOUND', moneyMessages.invoiceNotFound);
  if (invoice.status === 'paid') throw new AppError('CONFLICT', moneyMessages.alreadyPaid, { invoiceId });
  if (invoice.status === 'bounced')
    throw new AppError('CONFLICT', moneyMessages.alreadyBounced, { invoiceId });
  const net = Number(invoice.net_amount_poisha);
  const method = invoice.method;
  const paid = decision.status === 'paid';
  const decided = { decided_at: by.at, decided_by_staff_id: by.staffId };
  await decideInvoice(
    trx,
    invoiceId,
    paid
      ? { status: 'paid', reference: decision.reference, ...decided }
      : { status: 'bounced', bounce_reason: decision.reason, ...decided },
  );
  await post(trx, {
    key: `invoice:${invoiceId}:${decision.status}`,
    kind: paid ? 'invoice_paid' : 'invoice_bounced',
    at: by.at,
    shopId: invoice.shop_id,
    invoiceId,
    memo: paid ? decision.reference : decision.reason,
    createdByStaffId: by.staffId,
    lines: [
      { account: accountCodes.clearing(method), amountPoisha: net },
      // Paid: the money went out by the bank or bKash; bounced: the shop is owed it again.
      {
        account: paid ? accountCodes.settlement(method) : accountCodes.shop(invoice.shop_id),
        amountPoisha: -net,
      },
    ],
  });
  await setPaymentStatus(trx, { invoiceId }, decision.status);
  if (by.jobs) {
    await announceInvoice(trx, by.jobs, {
      shopId: invoice.shop_id,
      type: paid ? 'invoice.paid' : 'invoice.bounced',
      at: by.at,
      data: {
        invoiceId,
        number: invoice.number,
        status: decision.status,
        netAmount: net / 100,
        parcelCount: Number(invoice.parcel_count),
        ...(paid ? { reference: decision.reference } : { reason: decision.reason }),
      },
    });
    await notify(trx, by.jobs, {
      shopId: invoice.shop_id,
      kind: paid ? 'payment_sent' : 'payment_bounced',
      at: by.at,
      link: `/payments/invoices/${invoiceId}`,
      params: {
        invoiceNumber: invoice.number,
        amountPoisha: net,
        ...(paid ? {} : { reason: decision.reason }),
      },
    });
  }
  return { ...invoice, status: decision.status };
}
