import type { SettlementType } from '@dak/domain/money';
import type { InvoiceStatus } from '@dak/domain/money-api';
import type { PaymentStatus } from '@dak/domain/parcel-status';
import { type Kysely, sql } from 'kysely';
import { pageWithCount } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';
import { type SettledParcel, settledColumns, settledNumbers, settlementLines } from './invoices.repository';

/** The reads of the merchant's Payments and of finance's invoices and statements (issue 13). */

type Page = { limit: number; offset: number };

/**
 * The nets of the shop's parcels in these payment stages, from their settlement entries (what the
 * shop's payable was credited or debited for each); with `before`, only money final before it.
 */
export async function netOfParcels(
  db: Executor,
  shopId: string,
  stages: PaymentStatus[],
  before?: Date,
): Promise<number> {
  const row = await sql<{ net: string }>`
    select coalesce(-sum(l.amount_poisha), 0) as net
    from parcels p
    join journal_entries e on e.parcel_id = p.id and e.kind in ('delivery', 'return', 'compensation')
    join journal_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.account_id and a.kind = 'shop_payable'
    where p.shop_id = ${shopId} and p.payment_status in (${sql.join(stages)})
      ${before ? sql`and p.money_final_at < ${before}` : sql``}`.execute(db);
  return Number(row.rows[0]?.net ?? 0);
}

/** The sum of the shop's invoices by status, in poisha. */
export async function invoiceTotals(db: Executor, shopId: string): Promise<Record<InvoiceStatus, number>> {
  const rows = await db
    .selectFrom('invoices')
    .select(['status', sql<string>`sum(net_amount_poisha)`.as('total')])
    .where('shop_id', '=', shopId)
    .groupBy('status')
    .execute();
  const totals: Record<InvoiceStatus, number> = { payment_processing: 0, paid: 0, bounced: 0 };
  for (const r of rows) totals[r.status] = Number(r.total);
  return totals;
}

const invoiceColumns = [
  'i.id',
  'i.number',
  'i.status',
  'i.net_amount_poisha',
  'i.parcel_count',
  'i.created_at',
  'i.shop_id',
  'i.run_id',
  'i.method',
  'i.reference',
  'i.bounce_reason',
  'i.decided_at',
] as const;

/** The shop's invoices, newest first. */
export function shopInvoices(db: Kysely<DB>, shopId: string, page: Page) {
  return pageWithCount(db.selectFrom('invoices as i').where('i.shop_id', '=', shopId), page, (base) =>
    base.select(invoiceColumns).orderBy('i.created_at', 'desc').orderBy('i.number', 'desc'),
  );
}

export type InvoiceFilter = { status?: InvoiceStatus; shopId?: string; runId?: string };

/** Invoices as finance lists them (with the shop's name), newest first. */
export function opsInvoices(db: Kysely<DB>, filter: InvoiceFilter, page: Page) {
  let base = db.selectFrom('invoices as i').innerJoin('shops as s', 's.id', 'i.shop_id');
  if (filter.status) base = base.where('i.status', '=', filter.status);
  if (filter.shopId) base = base.where('i.shop_id', '=', filter.shopId);
  if (filter.runId) base = base.where('i.run_id', '=', filter.runId);
  return pageWithCount(base, page, (b) =>
    b
      .select([...invoiceColumns, 's.name as shop_name'])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.number', 'desc'),
  );
}

export function opsInvoice(db: Executor, invoiceId: string) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('shops as s', 's.id', 'i.shop_id')
    .select([...invoiceColumns, 's.name as shop_name'])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
}

/** The shop's invoice, or undefined when it has none with this id. */
export function shopInvoice(db: Executor, shopId: string, invoiceId: string) {
  return db
    .selectFrom('invoices as i')
    .select(invoiceColumns)
    .where('i.id', '=', invoiceId)
    .where('i.shop_id', '=', shopId)
    .executeTakeFirst();
}

/** An invoice's parcels as it paid them, by tracking ID; all of them without `page`. */
export function invoiceParcels(
  db: Kysely<DB>,
  invoiceId: string,
  settlementType: SettlementType | undefined,
  page?: Page,
) {
  let base = db
    .selectFrom('invoice_parcels as ip')
    .innerJoin('parcels as p', 'p.id', 'ip.parcel_id')
    .where('ip.invoice_id', '=', invoiceId);
  if (settlementType) base = base.where('ip.settlement_type', '=', settlementType);
  return pageWithCount(base, page ?? { limit: 1_000_000, offset: 0 }, (b) =>
    b
      .select([
        'p.tracking_id',
        'ip.settlement_type',
        'ip.cash_collected_poisha',
        'ip.delivery_charge_poisha',
        'ip.cod_charge_poisha',
        'ip.return_charge_poisha',
        'ip.compensation_poisha',
        'ip.net_poisha',
      ])
      .orderBy('p.tracking_id'),
  );
}

/** The shop payable's lines: their entry, tracking ID and invoice number. */
function shopLines(db: Kysely<DB>, shopId: string) {
  return db
    .selectFrom('journal_lines as l')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
    .leftJoin('parcels as p', 'p.id', 'e.parcel_id')
    .leftJoin('invoices as i', 'i.id', 'e.invoice_id')
    .where('a.kind', '=', 'shop_payable')
    .where('a.shop_id', '=', shopId);
}
const lineColumns = [
  'e.id',
  'e.at',
  'e.kind',
  'e.memo',
  'l.amount_poisha',
  'p.tracking_id',
  'i.number as invoice_number',
] as const;

/** The shop's ledger lines, newest first. */
export function shopTransactions(db: Kysely<DB>, shopId: string, page: Page) {
  return pageWithCount(shopLines(db, shopId), page, (b) =>
    b.select(lineColumns).orderBy('e.at', 'desc').orderBy('e.id', 'desc'),
  );
}

/** The shop's lines in [from, to), oldest first, and the sum of every line before `from`. */
export async function statementLines(db: Kysely<DB>, shopId: string, from: Date, to: Date) {
  const [before, lines] = await Promise.all([
    shopLines(db, shopId)
      .select(sql<string>`coalesce(sum(l.amount_poisha), 0)`.as('sum'))
      .where('e.at', '<', from)
      .executeTakeFirstOrThrow(),
    shopLines(db, shopId)
      .select(lineColumns)
      .where('e.at', '>=', from)
      .where('e.at', '<', to)
      .orderBy('e.at')
      .orderBy('e.id')
      .execute(),
  ]);
  return { balanceBefore: Number(before.sum), lines };
}

export function shopExists(db: Executor, shopId: string) {
  return db.selectFrom('shops').select('id').where('id', '=', shopId).executeTakeFirst();
}

/** The shop's newest invoice of a status (any status when not given). */
export function newestInvoice(db: Executor, shopId: string, status?: InvoiceStatus) {
  let q = db.selectFrom('invoices as i').select(invoiceColumns).where('i.shop_id', '=', shopId);
  if (status) q = q.where('i.status', '=', status);
  return q.orderBy('i.created_at', 'desc').orderBy('i.number', 'desc').limit(1).executeTakeFirst();
}

/** Whether the shop has a paid invoice made after this moment. */
export async function paidSince(db: Executor, shopId: string, after: Date): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('status', '=', 'paid')
    .where('created_at', '>', after)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The shop's parcel by tracking ID with its payment stage. */
export function shopParcel(db: Executor, shopId: string, trackingId: string) {
  return db
    .selectFrom('parcels')
    .select(['id', 'payment_status'])
    .where('shop_id', '=', shopId)
    .where('tracking_id', '=', trackingId)
    .executeTakeFirst();
}

/** A parcel's settlement as the ledger holds it (undefined before its money is final), and when. */
export async function parcelSettlement(db: Executor, parcelId: string) {
  const rows = await sql<SettledParcel & { at: Date }>`
    select p.id as parcel_id, p.tracking_id, ${settledColumns}, min(e.at) as at
    from parcels p
    ${settlementLines}
    where p.id = ${parcelId}
    group by p.id, p.tracking_id, p.status, p.cash_collection_poisha`.execute(db);
  const row = rows.rows[0];
  return row ? settledNumbers(row) : undefined;
}

/** The newest invoice the parcel is on. */
export function parcelInvoice(db: Executor, parcelId: string) {
  return db
    .selectFrom('invoice_parcels as ip')
    .innerJoin('invoices as i', 'i.id', 'ip.invoice_id')
    .select(['i.id', 'i.number', 'i.status'])
    .where('ip.parcel_id', '=', parcelId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The dates of payout runs made on or after the date. */
export async function runDatesFrom(db: Executor, date: string): Promise<string[]> {
  const rows = await db.selectFrom('payout_runs').select('run_date').where('run_date', '>=', date).execute();
  return rows.map((r) => r.run_date);
}

/** Invoices by number: their id and status. */
export function invoicesByNumber(db: Executor, numbers: string[]) {
  if (numbers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'status'])
    .where('number', 'in', numbers)
    .execute();
}
