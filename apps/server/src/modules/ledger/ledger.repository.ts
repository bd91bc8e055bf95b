import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

export type AccountKind =
  | 'shop_payable'
  | 'rider_cash'
  | 'rider_shortage'
  | 'hub_cash'
  | 'revenue'
  | 'expense'
  | 'payout_clearing'
  | 'settlement';

export type AccountRow = {
  code: string;
  kind: AccountKind;
  shop_id: string | null;
  staff_id: string | null;
  hub_id: string | null;
};

export type EntryKind =
  | 'delivery'
  | 'return'
  | 'compensation'
  | 'cash_handover'
  | 'hub_deposit'
  | 'invoice'
  | 'invoice_paid'
  | 'invoice_bounced'
  | 'reversal'
  | 'adjustment';

export type EntryRow = {
  key: string;
  kind: EntryKind;
  shop_id?: string | null;
  parcel_id?: string | null;
  hub_id?: string | null;
  staff_id?: string | null;
  invoice_id?: string | null;
  reverses_entry_id?: number | null;
  memo?: string | null;
  created_by_staff_id?: string | null;
  at: Date;
};

/**
 * The accounts named, created when first used; answers each code's id. One statement: the insert
 * of the missing ones and the read of all of them.
 */
export async function accountIds(trx: Executor, accounts: AccountRow[]): Promise<Map<string, number>> {
  const rows = await sql<{ id: number; code: string }>`
    with wanted (code, kind, shop_id, staff_id, hub_id) as (
      select * from jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb)
        as w(code text, kind text, shop_id uuid, staff_id uuid, hub_id text)
    ), added as (
      insert into ledger_accounts (code, kind, shop_id, staff_id, hub_id)
      select code, kind, shop_id, staff_id, hub_id from wanted
      on conflict (code) do nothing
      returning id, code
    )
    select id, code from added
    union all
    select a.id, a.code from ledger_accounts a join wanted w on w.code = a.code`.execute(trx);
  const ids = new Map(rows.rows.map((r) => [r.code, Number(r.id)]));
  // Another transaction created one of them while this statement ran (its snapshot missed the row,
  // the insert waited and skipped it): a new statement sees it.
  const missing = accounts.filter((a) => !ids.has(a.code)).map((a) => a.code);
  if (missing.length > 0) {
    const late = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'code'])
      .where('code', 'in', missing)
      .execute();
    for (const r of late) ids.set(r.code, Number(r.id));
  }
  return ids;
}

/**
 * The entry and its lines, unless an entry with its key exists (then nothing is written and the
 * answer is null): a cause posts once however often it is retried.
 */
export async function insertEntry(
  trx: Executor,
  entry: EntryRow,
  lines: { account_id: number; amount_poisha: number }[],
): Promise<number | null> {
  const inserted = await trx
    .insertInto('journal_entries')
    .values(entry)
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const entryId = Number(inserted.id);
  await trx
    .insertInto('journal_lines')
    .values(lines.map((l) => ({ entry_id: entryId, ...l })))
    .execute();
  return entryId;
}

export async function entryByKey(db: Executor, key: string) {
  return db.selectFrom('journal_entries').select(['id', 'at']).where('key', '=', key).executeTakeFirst();
}

/** Balances by account code (0 for a code never posted to). */
export async function balancesOf(db: Executor, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('journal_lines as l', 'l.account_id', 'a.id')
    .select(['a.code', sql<string>`coalesce(sum(l.amount_poisha), 0)`.as('balance')])
    .where('a.code', 'in', codes)
    .groupBy('a.code')
    .execute();
  const found = new Map(rows.map((r) => [r.code, Number(r.balance)]));
  return new Map(codes.map((c) => [c, found.get(c) ?? 0]));
}

/** Every account with its balance, by code. */
export async function allBalances(db: Executor) {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('journal_lines as l', 'l.account_id', 'a.id')
    .select(['a.code', 'a.kind', sql<string>`coalesce(sum(l.amount_poisha), 0)`.as('balance')])
    .groupBy(['a.code', 'a.kind'])
    .orderBy('a.code')
    .execute();
  return rows.map((r) => ({ code: r.code, kind: r.kind as AccountKind, balance: Number(r.balance) }));
}

/** What the settlement of a parcel needs, read inside the move's transaction. */
export async function parcelForSettlement(trx: Executor, parcelId: string) {
  return trx
    .selectFrom('parcels as p')
    .innerJoin('price_plans as pp', 'pp.id', 'p.price_plan_id')
    .select([
      'p.id',
      'p.shop_id',
      'p.payment_status',
      'p.cash_collection_poisha',
      'p.amount_collected_poisha',
      'p.delivery_charge_poisha',
      'p.return_charge_poisha',
      'p.selling_price_poisha',
      'p.parcel_type',
      'p.reverse_parcel_id',
      'p.rate_class',
      'p.weight_grams',
      'pp.plan',
    ])
    .where('p.id', '=', parcelId)
    .executeTakeFirstOrThrow();
}

/** The parcel's money is final: it waits for the next payout run. */
export async function markMoneyFinal(trx: Executor, parcelId: string, at: Date) {
  await trx
    .updateTable('parcels')
    .set({ payment_status: 'unpaid', money_final_at: at })
    .where('id', '=', parcelId)
    .where('payment_status', '=', 'cash_collection_pending')
    .execute();
}
