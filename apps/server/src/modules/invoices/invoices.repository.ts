import type { PayoutMethod, SettlementType } from '@dak/domain/money';
import type { PaymentStatus } from '@dak/domain/parcel-status';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/** A parcel's money as its settlement entry posted it (poisha, each part ≥ 0 but the net). */
export type SettledParcel = {
  parcel_id: string;
  tracking_id: string;
  settlement_type: SettlementType;
  cash_collected_poisha: number;
  delivery_charge_poisha: number;
  cod_charge_poisha: number;
  return_charge_poisha: number;
  compensation_poisha: number;
  net_poisha: number;
};

/**
 * A parcel's money as its settlement entry posted it, read from the ledger: the columns of
 * SettledParcel for a parcel `p` (id, status, cash_collection_poisha) joined to its settlement
 * lines (`settlementLines`), grouped by the parcel.
 */
export const settledColumns = sql`
      case
        when p.status in ('lost', 'damaged', 'returned') then p.status
        when coalesce(sum(l.amount_poisha) filter (where a.kind in ('rider_cash', 'hub_cash')), 0)
          < p.cash_collection_poisha then 'partial_delivered'
        else 'delivered'
      end as settlement_type,
      coalesce(sum(l.amount_poisha) filter (where a.kind in ('rider_cash', 'hub_cash')), 0) as cash_collected_poisha,
      -coalesce(sum(l.amount_poisha) filter (where a.code in ('revenue:delivery', 'revenue:exchange')), 0)
        as delivery_charge_poisha,
      -coalesce(sum(l.amount_poisha) filter (where a.code = 'revenue:cod_fee'), 0) as cod_charge_poisha,
      -coalesce(sum(l.amount_poisha) filter (where a.code = 'revenue:return'), 0) as return_charge_poisha,
      coalesce(sum(l.amount_poisha) filter (where a.code = 'expense:compensation'), 0) as compensation_poisha,
      -coalesce(sum(l.amount_poisha) filter (where a.kind = 'shop_payable'), 0) as net_poisha`;
export const settlementLines = sql`
    join journal_entries e on e.parcel_id = p.id and e.kind in ('delivery', 'return', 'compensation')
    join journal_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.account_id`;

/** The poisha columns of a settled parcel's row as numbers. */
export function settledNumbers<R extends SettledParcel>(r: R): R {
  return {
    ...r,
    cash_collected_poisha: Number(r.cash_collected_poisha),
    delivery_charge_poisha: Number(r.delivery_charge_poisha),
    cod_charge_poisha: Number(r.cod_charge_poisha),
    return_charge_poisha: Number(r.return_charge_poisha),
    compensation_poisha: Number(r.compensation_poisha),
    net_poisha: Number(r.net_poisha),
  };
}

/**
 * The shop's parcels whose money is final before `cutoff` and on no live invoice (unpaid, or back
 * from a bounce), locked for this transaction, with their money read from the ledger: what the
 * books say, not a recomputation.
 */
export async function lockPayableParcels(
  trx: Executor,
  shopId: string,
  cutoff: Date,
): Promise<SettledParcel[]> {
  const rows = await sql<SettledParcel>`
    with payable as (
      select p.id, p.tracking_id, p.status, p.cash_collection_poisha
      from parcels p
      where p.shop_id = ${shopId} and p.payment_status in ('unpaid', 'bounced') and p.money_final_at < ${cutoff}
      order by p.id
      for update
    )
    select p.id as parcel_id, p.tracking_id, ${settledColumns}
    from payable p
    -- Left joins: a parcel whose money came to nothing (lost with no declared value) posted no
    -- entry, and is still paid out, at zero, so it leaves the payable list.
    left join journal_entries e on e.parcel_id = p.id and e.kind in ('delivery', 'return', 'compensation')
    left join journal_lines l on l.entry_id = e.id
    left join ledger_accounts a on a.id = l.account_id
    group by p.id, p.tracking_id, p.status, p.cash_collection_poisha
    order by p.tracking_id`.execute(trx);
  return rows.rows.map(settledNumbers);
}

export async function insertInvoice(
  trx: Executor,
  invoice: {
    shop_id: string;
    run_id: string;
    method: PayoutMethod;
    net_amount_poisha: number;
    parcel_count: number;
    created_at: Date;
  },
) {
  return trx
    .insertInto('invoices')
    .values({
      ...invoice,
      number: sql<string>`'INV-' || lpad(nextval('invoice_number_seq')::text, 7, '0')`,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
}

export async function insertInvoiceParcels(trx: Executor, invoiceId: string, parcels: SettledParcel[]) {
  if (parcels.length === 0) return;
  await trx
    .insertInto('invoice_parcels')
    .values(
      parcels.map((p) => ({
        invoice_id: invoiceId,
        parcel_id: p.parcel_id,
        settlement_type: p.settlement_type,
        cash_collected_poisha: p.cash_collected_poisha,
        delivery_charge_poisha: p.delivery_charge_poisha,
        cod_charge_poisha: p.cod_charge_poisha,
        return_charge_poisha: p.return_charge_poisha,
        compensation_poisha: p.compensation_poisha,
        net_poisha: p.net_poisha,
      })),
    )
    .execute();
}

/** The payment stage of the parcels given, or of every parcel on an invoice. */
export async function setPaymentStatus(
  trx: Executor,
  target: { parcelIds: string[] } | { invoiceId: string },
  status: PaymentStatus,
) {
  const query = trx.updateTable('parcels').set({ payment_status: status });
  if ('parcelIds' in target) {
    if (target.parcelIds.length === 0) return;
    await query.where('id', 'in', target.parcelIds).execute();
  } else {
    await query
      .where('id', 'in', (eb) =>
        eb.selectFrom('invoice_parcels').select('parcel_id').where('invoice_id', '=', target.invoiceId),
      )
      .execute();
  }
}

export async function lockInvoice(trx: Executor, invoiceId: string) {
  return trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId).forUpdate().executeTakeFirst();
}

export async function decideInvoice(
  trx: Executor,
  invoiceId: string,
  decision:
    | { status: 'paid'; reference: string; decided_at: Date; decided_by_staff_id: string | null }
    | { status: 'bounced'; bounce_reason: string; decided_at: Date; decided_by_staff_id: string | null },
) {
  await trx.updateTable('invoices').set(decision).where('id', '=', invoiceId).execute();
}
