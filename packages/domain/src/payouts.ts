import { dhakaDate } from './delivery-runs';
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
  const cutoff = new Date(`${date}T00:00:00+06:00`);
  if (Number.isNaN(cutoff.getTime()) || dhakaDate(cutoff) !== date) return null;
  return cutoff;
}

/** The day a run started at `at` is for (the daily job, the button without a date). */
export const payoutDateOf = (at: Date) => dhakaDate(at);

/** Poisha as the transfer files write taka: two decimals, no grouping ("1234.50"). */
export function takaText(poisha: number): string {
  if (!Number.isSafeInteger(poisha)) throw new Error(`amount not in poisha: ${poisha}`);
  const sign = poisha < 0 ? '-' : '';
  const abs = Math.abs(poisha);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe; a cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: the header row, then one line per row, CRLF line ends as RFC 4180 says. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

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
