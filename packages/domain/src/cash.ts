import { keyed, sayNow } from './messages';

/**
 * Rider and hub cash (issue 13, item 3) and the negative-balance hold (item 6): the rules the
 * cash desk and booking share. Amounts inside are integer poisha.
 */

/**
 * Taka as typed at the cash desk (a JSON number, at most two decimals, ≥ 0) in poisha, or null
 * when it is not such an amount. The tolerance absorbs binary fractions (12.34 * 100 is not 1234).
 */
export function takaToPoisha(taka: number): number | null {
  if (!Number.isFinite(taka) || taka < 0) return null;
  const poisha = Math.round(taka * 100);
  if (Math.abs(taka * 100 - poisha) > 1e-6 || !Number.isSafeInteger(poisha)) return null;
  return poisha;
}

/**
 * A hand-over at the hub: the ledger says the rider holds `expectedPoisha`; the hub counted
 * `countedPoisha`. The difference is the rider's shortage (a receivable, never dropped). Counting
 * more than the ledger says is refused: the surplus is someone else's cash or a recording error.
 */
export function handoverOf(
  expectedPoisha: number,
  countedPoisha: number,
): { ok: true; shortagePoisha: number } | { ok: false; reason: 'holds_nothing' | 'counted_more' } {
  if (expectedPoisha <= 0) return { ok: false, reason: 'holds_nothing' };
  if (countedPoisha > expectedPoisha) return { ok: false, reason: 'counted_more' };
  return { ok: true, shortagePoisha: expectedPoisha - countedPoisha };
}

/**
 * A shop is held for prepayment when it owes Dak more than the limit (its payable's balance, a
 * liability: positive when the shop owes) and its owner turned the prepayment hold on.
 */
export function onPrepaymentHold(
  shopPayableBalancePoisha: number,
  limitPoisha: number,
  preferenceOn: boolean,
): boolean {
  return preferenceOn && shopPayableBalancePoisha > limitPoisha;
}

export const cashMessages = keyed('cash', {
  countedMoreThanHeld: (counted: number, expected: number) =>
    sayNow(
      'cash.countedMoreThanHeld',
      'Counted ৳{counted} but the rider holds ৳{expected}: count again; extra cash is not taken in',
      { counted, expected },
    ),
  depositMoreThanHeld: (amount: number, held: number) =>
    sayNow('cash.depositMoreThanHeld', 'The hub holds ৳{held}; a deposit of ৳{amount} is more than that', {
      amount,
      held,
    }),
  riderNotInHub: 'This rider does not work in this hub',
  hubNotFound: 'Hub not found',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a hand-over at another hub',
});
