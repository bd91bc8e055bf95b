import { parseCsv } from './csv';
import { dhakaDate } from './delivery-runs';
import { keyed, sayNow } from './messages';
import { moneyMessages } from './money';

/**
 * The merchant's Payments and finance's bank result file (issue 13): when the next payout run
 * comes, and which rows of a result file are right. Amounts are integer poisha.
 */

// The next payout run ----------------------------------------------------------------------------

const dayMs = 86_400_000;
const dhakaOffsetMs = 6 * 3_600_000;

/** The values a cron field allows: `*`, `5`, `1,15`, `1-5`, `*\/2`, `8-18/2`. */
function cronField(field: string, min: number, max: number): Set<number> | null {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    const step = m[4] ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** A five-field cron schedule (minute hour day-of-month month day-of-week), read in Dhaka time. */
export function parseSchedule(schedule: string) {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, dom, month, dow] = [
    cronField(fields[0] ?? '', 0, 59),
    cronField(fields[1] ?? '', 0, 23),
    cronField(fields[2] ?? '', 1, 31),
    cronField(fields[3] ?? '', 1, 12),
    cronField(fields[4] ?? '', 0, 7),
  ];
  if (!minute || !hour || !dom || !month || !dow) return null;
  if (dow.has(7)) dow.add(0);
  return {
    minute,
    hour,
    /** Whether the schedule fires on the Dhaka date (cron's rule: either day field, when both are set). */
    firesOn(date: string) {
      const d = new Date(`${date}T00:00:00Z`);
      const domHit = dom.has(d.getUTCDate());
      const dowHit = dow.has(d.getUTCDay());
      const day = fields[2] !== '*' && fields[4] !== '*' ? domHit || dowHit : domHit && dowHit;
      return day && month.has(d.getUTCMonth() + 1);
    },
  };
}

/**
 * The date of the next payout run that can pay new money (docs/decisions.md): today in Dhaka while
 * the schedule still fires today at or after `now`, else the next date it fires on; a date whose
 * run was already made (finance's button ran early) is passed over, since running it again pays
 * nothing new. Null when the schedule never fires within a year.
 */
export function nextPayoutDate(now: Date, schedule: string, ranDates: Iterable<string> = []): string | null {
  const parsed = parseSchedule(schedule);
  if (!parsed) return null;
  const ran = new Set(ranDates);
  const today = dhakaDate(now);
  const dhakaNow = new Date(now.getTime() + dhakaOffsetMs);
  const minuteOfDay =
    dhakaNow.getUTCHours() * 60 + dhakaNow.getUTCMinutes() + (dhakaNow.getUTCSeconds() > 0 ? 1 : 0);
  const start = new Date(`${today}T00:00:00Z`).getTime();
  for (let i = 0; i <= 366; i++) {
    const date = new Date(start + i * dayMs).toISOString().slice(0, 10);
    if (!parsed.firesOn(date) || ran.has(date)) continue;
    if (i > 0) return date;
    for (const h of parsed.hour) for (const m of parsed.minute) if (h * 60 + m >= minuteOfDay) return date;
  }
  return null;
}

// The bank's result file ---------------------------------------------------------------------------

export const payoutResultHeader = ['invoice_number', 'status', 'reference_or_reason'] as const;
/** Rows a result file may hold besides its header. */
export const payoutResultMaxRows = 5000;

export const payoutResultMessages = keyed('payoutResults', {
  empty: 'The file has no rows: the first row is the header invoice_number,status,reference_or_reason',
  header: 'The first row must be the header invoice_number,status,reference_or_reason',
  tooManyRows: `A result file holds at most ${payoutResultMaxRows} rows`,
  columns: 'A row has three columns: invoice_number,status,reference_or_reason',
  status: 'Status must be paid or bounced',
  invoiceRequired: 'Enter the invoice number',
  unknownInvoice: 'No invoice with this number',
  referenceTooLong: 'The reference or reason is too long',
});

/** The file's refusal: how many rows are wrong, nothing applied. */
export const payoutResultsRefused = (count: number) =>
  sayNow(
    'payoutResults.refused',
    'Nothing was applied: {count} rows of the file are wrong. Correct them and upload the file again',
    { count },
  );

/** A row as finance wrote it: its line in the file (the header is row 1). */
export type PayoutResultRow =
  | { row: number; invoiceNumber: string; status: 'paid'; reference: string }
  | { row: number; invoiceNumber: string; status: 'bounced'; reason: string };
export type PayoutResultProblem = { row: number; message: string };

/**
 * The rows of a result file checked on their own (the server then checks each invoice): a header,
 * then per row an invoice number, `paid` or `bounced`, and the reference or the reason; an invoice
 * on two rows is wrong on the second. Empty lines are skipped.
 */
export function readPayoutResults(text: string): {
  rows: PayoutResultRow[];
  problems: PayoutResultProblem[];
} {
  const lines = parseCsv(text);
  const header = lines[0]?.map((cell) => cell.trim().toLowerCase());
  if (!header) return { rows: [], problems: [{ row: 1, message: payoutResultMessages.empty }] };
  if (header.join(',') !== payoutResultHeader.join(',')) {
    return { rows: [], problems: [{ row: 1, message: payoutResultMessages.header }] };
  }
  const body = lines.slice(1);
  if (body.length > payoutResultMaxRows) {
    return {
      rows: [],
      problems: [{ row: payoutResultMaxRows + 2, message: payoutResultMessages.tooManyRows }],
    };
  }
  const rows: PayoutResultRow[] = [];
  const problems: PayoutResultProblem[] = [];
  const seen = new Map<string, number>();
  for (const [index, cells] of body.entries()) {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === '')) continue;
    const [number = '', statusText = '', text = ''] = cells.map((cell) => cell.trim());
    const invoiceNumber = number.toUpperCase();
    const status = statusText.toLowerCase();
    const problem = (): string | undefined => {
      if (cells.length !== 3) return payoutResultMessages.columns;
      if (!invoiceNumber) return payoutResultMessages.invoiceRequired;
      if (status !== 'paid' && status !== 'bounced') return payoutResultMessages.status;
      if (!text) return status === 'paid' ? moneyMessages.referenceRequired : moneyMessages.reasonRequired;
      if (text.length > (status === 'paid' ? 200 : 500)) return payoutResultMessages.referenceTooLong;
      const first = seen.get(invoiceNumber);
      if (first !== undefined) {
        return sayNow('payoutResults.duplicate', 'This invoice is already on row {first}', { first });
      }
      return undefined;
    };
    const message = problem();
    if (message) {
      problems.push({ row, message });
      continue;
    }
    seen.set(invoiceNumber, row);
    rows.push(
      status === 'paid'
        ? { row, invoiceNumber, status, reference: text }
        : { row, invoiceNumber, status: 'bounced', reason: text },
    );
  }
  return { rows, problems };
}
