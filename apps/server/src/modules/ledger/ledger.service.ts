import {
  accountCodes,
  type PostingLine,
  type SettlementType,
  settlementLines,
  settleParcel,
} from '@dak/domain/money';
import { type PricePlan, pricePlanSchema } from '@dak/domain/pricing';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  type AccountKind,
  type AccountRow,
  accountIds,
  allBalances,
  balancesOf,
  type EntryKind,
  insertEntry,
  markMoneyFinal,
  parcelForSettlement,
} from './ledger.repository';

export type { EntryKind } from './ledger.repository';

/** What an account code is: its kind and the shop, staff member or hub it belongs to. */
export function accountOf(code: string): AccountRow {
  const [prefix, rest = ''] = code.split(/:(.*)/s);
  const none = { shop_id: null, staff_id: null, hub_id: null };
  switch (prefix) {
    case 'shop':
      return { code, kind: 'shop_payable', ...none, shop_id: rest };
    case 'rider':
      return { code, kind: 'rider_cash', ...none, staff_id: rest };
    case 'rider_shortage':
      return { code, kind: 'rider_shortage', ...none, staff_id: rest };
    case 'hub':
      return { code, kind: 'hub_cash', ...none, hub_id: rest };
    case 'revenue':
      return { code, kind: 'revenue', ...none };
    case 'expense':
      return { code, kind: 'expense', ...none };
    case 'clearing':
      return { code, kind: 'payout_clearing', ...none };
    case 'settlement':
      return { code, kind: 'settlement', ...none };
    default:
      throw new Error(`unknown ledger account ${code}`);
  }
}

export type Posting = {
  /** The cause, unique: the same key posts once. */
  key: string;
  kind: EntryKind;
  at: Date;
  lines: PostingLine[];
  shopId?: string | null;
  parcelId?: string | null;
  hubId?: string | null;
  staffId?: string | null;
  invoiceId?: string | null;
  reversesEntryId?: number | null;
  memo?: string | null;
  createdByStaffId?: string | null;
};

/**
 * Posts one journal entry in the caller's transaction, so it exists exactly when its cause does.
 * Lines on the same account are summed; an entry must balance (the database checks it again at
 * commit). Answers the entry's id, or null when its key was already posted (nothing is written).
 */
export async function post(trx: Executor, posting: Posting): Promise<number | null> {
  const byAccount = new Map<string, number>();
  for (const line of posting.lines) {
    if (!Number.isSafeInteger(line.amountPoisha))
      throw new Error(`amount not in poisha: ${line.amountPoisha}`);
    byAccount.set(line.account, (byAccount.get(line.account) ?? 0) + line.amountPoisha);
  }
  const lines = [...byAccount].filter(([, amount]) => amount !== 0);
  const total = lines.reduce((sum, [, amount]) => sum + amount, 0);
  if (total !== 0) throw new Error(`journal entry ${posting.key} does not balance: ${total}`);
  if (lines.length === 0) return null;
  const ids = await accountIds(
    trx,
    lines.map(([code]) => accountOf(code)),
  );
  return insertEntry(
    trx,
    {
      key: posting.key,
      kind: posting.kind,
      at: posting.at,
      shop_id: posting.shopId ?? null,
      parcel_id: posting.parcelId ?? null,
      hub_id: posting.hubId ?? null,
      staff_id: posting.staffId ?? null,
      invoice_id: posting.invoiceId ?? null,
      reverses_entry_id: posting.reversesEntryId ?? null,
      memo: posting.memo ?? null,
      created_by_staff_id: posting.createdByStaffId ?? null,
    },
    lines.map(([code, amount]) => ({ account_id: ids.get(code) as number, amount_poisha: amount })),
  );
}

/** Where collected cash is right after delivery: with the run's rider, or at the hub's counter. */
export type CashHolder = { riderId: string } | { hubId: string };

const entryKindOf: Record<SettlementType, EntryKind> = {
  delivered: 'delivery',
  partial_delivered: 'delivery',
  returned: 'return',
  lost: 'compensation',
  damaged: 'compensation',
};

/**
 * A parcel's money becomes final (it was delivered, returned, lost or damaged): the settlement
 * rule of the domain posts the cash, the charges and the net to the shop, and the parcel's payment
 * stage moves from cash collection pending to unpaid. Runs inside the move's transaction (a
 * follow-up of the status machine); a retried move finds the key posted and posts nothing.
 */
export async function settleParcelMoney(
  trx: Executor,
  move: {
    parcelId: string;
    to: 'delivered' | 'returned' | 'lost' | 'damaged';
    at: Date;
    cashHolder: CashHolder | null;
  },
) {
  const parcel = await parcelForSettlement(trx, move.parcelId);
  const plan: PricePlan = pricePlanSchema.parse(parcel.plan);
  const settlement = settleParcel({
    to: move.to,
    cashToCollectPoisha: Number(parcel.cash_collection_poisha),
    amountCollectedPoisha:
      parcel.amount_collected_poisha === null ? null : Number(parcel.amount_collected_poisha),
    deliveryChargePoisha: Number(parcel.delivery_charge_poisha),
    returnChargePoisha: Number(parcel.return_charge_poisha),
    sellingPricePoisha: Number(parcel.selling_price_poisha),
    exchange: parcel.parcel_type === 'forward' && parcel.reverse_parcel_id !== null,
    rateClass: parcel.rate_class,
    weightGrams: parcel.weight_grams,
    plan,
  });
  const holder = move.cashHolder;
  const cashAccount = !holder
    ? null
    : 'riderId' in holder
      ? accountCodes.rider(holder.riderId)
      : accountCodes.hub(holder.hubId);
  await post(trx, {
    key: `parcel:${move.parcelId}:${move.to}`,
    kind: entryKindOf[settlement.settlementType],
    at: move.at,
    shopId: parcel.shop_id,
    parcelId: move.parcelId,
    staffId: holder && 'riderId' in holder ? holder.riderId : null,
    hubId: holder && 'hubId' in holder ? holder.hubId : null,
    lines: settlementLines(parcel.shop_id, settlement, cashAccount),
  });
  await markMoneyFinal(trx, move.parcelId, move.at);
  return settlement;
}

export type TrialBalance = {
  accounts: { code: string; kind: AccountKind; balance: number }[];
  /** Poisha; zero while the books balance. */
  total: number;
};

export function createLedgerService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db } = deps;
  return {
    /** Every account's balance in poisha; their sum is zero. */
    async trialBalance(): Promise<TrialBalance> {
      const accounts = await allBalances(db);
      return { accounts, total: accounts.reduce((sum, a) => sum + a.balance, 0) };
    },
    /** Balances in poisha by account code (read on `executor`, a transaction's or the pool). */
    balances(codes: string[], executor: Executor = db) {
      return balancesOf(executor, codes);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
