import { keyed } from './messages';
import { type PricePlan, weightCharge } from './pricing';
import type { RateClass } from './pricing-rules';

/**
 * Money (DESIGN.md section 5, issue 13): the rules of what a parcel's money is, shared by the
 * server's ledger postings and the screens that explain them. Every amount is integer poisha.
 *
 * The ledger's sign: a journal line is a debit when positive, a credit when negative, and every
 * entry sums to zero. A shop's payable is a liability: Dak owes the shop minus its balance.
 */

/** The ledger's accounts: a fixed set and one per shop, rider and hub. */
export const accountCodes = {
  shop: (shopId: string) => `shop:${shopId}`,
  rider: (staffId: string) => `rider:${staffId}`,
  riderShortage: (staffId: string) => `rider_shortage:${staffId}`,
  hub: (hubId: string) => `hub:${hubId}`,
  revenue: (kind: RevenueKind) => `revenue:${kind}`,
  compensation: 'expense:compensation',
  clearing: (method: PayoutMethod) => `clearing:${method}`,
  settlement: (method: PayoutMethod) => `settlement:${method}`,
} as const;

export const revenueKinds = ['delivery', 'cod_fee', 'return', 'exchange'] as const;
export type RevenueKind = (typeof revenueKinds)[number];
export const payoutMethods = ['bank', 'bkash'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** How a parcel's money became final; an invoice groups its parcels by it. */
export const settlementTypes = ['delivered', 'partial_delivered', 'returned', 'lost', 'damaged'] as const;
export type SettlementType = (typeof settlementTypes)[number];

/**
 * Lost or damaged after pickup (docs/decisions.md): Dak pays the shop the parcel's declared value
 * (its selling price, or the cash to collect when no selling price was given) up to this cap, and
 * waives the parcel's charges.
 */
export const compensationCapPoisha = 10_000_00;

/** ⌈a / b⌉ for a ≥ 0, b > 0, in integers. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

/**
 * The COD fee on the cash actually collected, as computeCharge rounds it: the plan's percentage,
 * rounded up to whole taka. A partial delivery pays the fee on what the rider took, not on what was
 * asked; nothing collected, no fee.
 */
export function codFeeOnCollected(plan: Pick<PricePlan, 'codFeePercent'>, collectedPoisha: number): number {
  if (collectedPoisha <= 0) return 0;
  const feePoisha = ceilDiv(collectedPoisha * Math.round(plan.codFeePercent * 100), 10_000);
  return ceilDiv(feePoisha, 100) * 100;
}

/**
 * The exchange part of a delivery charge, for the revenue split only (the charge itself was fixed at
 * booking): the plan's percentage of the weight charge, never more than the delivery charge.
 */
export function exchangeShareOf(
  plan: Pick<PricePlan, 'rates' | 'exchangeSurchargePercent'>,
  parcel: { rateClass: RateClass; weightGrams: number; deliveryChargePoisha: number },
): number {
  const weight = weightCharge(plan.rates[parcel.rateClass], parcel.weightGrams).weightChargePoisha;
  const share = ceilDiv(weight * Math.round(plan.exchangeSurchargePercent * 100), 10_000);
  return Math.min(share, parcel.deliveryChargePoisha);
}

/** What a parcel's money is when it becomes final: each part ≥ 0, and the net to the shop. */
export type ParcelSettlement = {
  settlementType: SettlementType;
  cashCollectedPoisha: number;
  /** The delivery charge without its exchange share. */
  deliveryChargePoisha: number;
  exchangeChargePoisha: number;
  codChargePoisha: number;
  returnChargePoisha: number;
  compensationPoisha: number;
  /** collected − charges + compensation: what the shop is owed for the parcel (may be < 0). */
  netPoisha: number;
};

export type SettlementInput = {
  /** The status the parcel enters. */
  to: 'delivered' | 'returned' | 'lost' | 'damaged';
  cashToCollectPoisha: number;
  /** What the rider took on delivery (delivered only). */
  amountCollectedPoisha: number | null;
  deliveryChargePoisha: number;
  returnChargePoisha: number;
  sellingPricePoisha: number;
  exchange: boolean;
  rateClass: RateClass;
  weightGrams: number;
  plan: Pick<PricePlan, 'rates' | 'codFeePercent' | 'exchangeSurchargePercent'>;
};

/**
 * The written rule of a parcel's money (issue 13, "What posts"):
 * - delivered, in full or in part: the cash collected, less the delivery charge (an exchange's
 *   surcharge counted apart) and the COD fee on the amount collected; a parcel with nothing
 *   collected still owes its delivery charge;
 * - returned: the return charge against the shop, and no delivery charge;
 * - lost or damaged after pickup: the declared value up to the cap, charges waived.
 */
export function settleParcel(input: SettlementInput): ParcelSettlement {
  const zero = {
    cashCollectedPoisha: 0,
    deliveryChargePoisha: 0,
    exchangeChargePoisha: 0,
    codChargePoisha: 0,
    returnChargePoisha: 0,
    compensationPoisha: 0,
  };
  if (input.to === 'returned') {
    return {
      ...zero,
      settlementType: 'returned',
      returnChargePoisha: input.returnChargePoisha,
      netPoisha: -input.returnChargePoisha,
    };
  }
  if (input.to === 'lost' || input.to === 'damaged') {
    const declared = input.sellingPricePoisha > 0 ? input.sellingPricePoisha : input.cashToCollectPoisha;
    const compensationPoisha = Math.min(declared, compensationCapPoisha);
    return { ...zero, settlementType: input.to, compensationPoisha, netPoisha: compensationPoisha };
  }
  const collected = input.amountCollectedPoisha ?? input.cashToCollectPoisha;
  const exchangeChargePoisha = input.exchange
    ? exchangeShareOf(input.plan, {
        rateClass: input.rateClass,
        weightGrams: input.weightGrams,
        deliveryChargePoisha: input.deliveryChargePoisha,
      })
    : 0;
  const deliveryChargePoisha = input.deliveryChargePoisha - exchangeChargePoisha;
  const codChargePoisha = codFeeOnCollected(input.plan, collected);
  return {
    ...zero,
    settlementType: collected < input.cashToCollectPoisha ? 'partial_delivered' : 'delivered',
    cashCollectedPoisha: collected,
    deliveryChargePoisha,
    exchangeChargePoisha,
    codChargePoisha,
    netPoisha: collected - deliveryChargePoisha - exchangeChargePoisha - codChargePoisha,
  };
}

/** One line of a journal entry, by account code. */
export type PostingLine = { account: string; amountPoisha: number };

/**
 * The journal lines of a parcel's settlement. `cashHolder` is the account the collected cash is in
 * now: the rider who delivered it, or the hub when staff delivered it at the counter.
 */
export function settlementLines(
  shopId: string,
  s: ParcelSettlement,
  cashHolder: string | null,
): PostingLine[] {
  const lines: PostingLine[] = [];
  const add = (account: string, amountPoisha: number) => {
    if (amountPoisha !== 0) lines.push({ account, amountPoisha });
  };
  if (s.cashCollectedPoisha > 0) {
    if (!cashHolder) throw new Error('collected cash needs a holder');
    add(cashHolder, s.cashCollectedPoisha);
  }
  add(accountCodes.revenue('delivery'), -s.deliveryChargePoisha);
  add(accountCodes.revenue('exchange'), -s.exchangeChargePoisha);
  add(accountCodes.revenue('cod_fee'), -s.codChargePoisha);
  add(accountCodes.revenue('return'), -s.returnChargePoisha);
  add(accountCodes.compensation, s.compensationPoisha);
  // The shop's payable takes the rest: credited with the net it is owed (debited when negative).
  add(accountCodes.shop(shopId), -s.netPoisha);
  return lines;
}

export const moneyMessages = keyed('money', {
  invoiceNotFound: 'Invoice not found',
  alreadyPaid: 'This invoice is already marked paid',
  alreadyBounced: 'This invoice has bounced; its money goes into the next payout run',
  referenceRequired: 'Enter the bank or bKash reference of the payment',
  reasonRequired: 'Enter why the payment bounced',
  riderHoldsNothing: 'This rider holds no cash to hand over',
  amountInvalid: 'Enter an amount in taka with at most two decimals',
  runDateInvalid: 'Enter the date as YYYY-MM-DD',
  fetchPaymentsFailed: 'Failed to fetch payment information!',
  fetchDueFailed: 'Failed to fetch due amount!',
  fetchTransactionsFailed: 'Failed to fetch transactions!',
});
