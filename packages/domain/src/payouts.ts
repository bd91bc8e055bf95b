import { dhakaDate, dhakaDayStart } from './delivery-runs';
import { keyed } from './messages';

/**
 * Payout runs (issue 13, item 5): which money a run for a date pays, and the transfer files
 * finance hands to the bank and to bKash.
 */

export const payoutMessages = keyed('payouts', {
  runNotFound: 'Payout run not found',
  runDateInFuture: 'A payout run can be made for today or an earlier day, not a day to come',
});

/**
 * A run for date D pays the money that became final before D began in Dhaka (UTC+6, no daylight
 * saving): D 00:00 +06:00. Null for a date that is not a real day ('2026-02-30').
 */
export function payoutCutoff(date: string): Date | null {
  const cutoff = dhakaDayStart(date);
  if (Number.isNaN(cutoff.getTime()) || dhakaDate(cutoff) !== date) return null;
  return cutoff;
}

/** The day a run started at `at` is for (the daily job, the button without a date). */
export const payoutDateOf = (at: Date) => dhakaDate(at);

export const bankFileHeader = [
  'routing_number',
  'account_number',
  'account_name',
  'amount',
  'reference',
] as const;
export const bkashFileHeader = ['wallet_number', 'amount', 'reference'] as const;

/** A bKash wallet as stored ('8801712345678') in the local form disbursement files take. */
export const walletLocal = (stored: string) => (stored.startsWith('880') ? `0${stored.slice(3)}` : stored);
