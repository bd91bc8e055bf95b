import { describe, expect, it } from 'vitest';
import { moneyMessages } from './money';
import { nextPayoutDate, readPayoutResults } from './payments';

/** A moment given in Dhaka wall-clock time. */
const dhaka = (local: string) => new Date(`${local}+06:00`);

describe('the next payout date', () => {
  it('is today before the scheduled time and tomorrow after it', () => {
    expect(nextPayoutDate(dhaka('2026-11-22T09:59:00'), '0 10 * * *')).toBe('2026-11-22');
    expect(nextPayoutDate(dhaka('2026-11-22T10:00:00'), '0 10 * * *')).toBe('2026-11-22');
    expect(nextPayoutDate(dhaka('2026-11-22T10:00:01'), '0 10 * * *')).toBe('2026-11-23');
    // 23:30 in Dhaka is still the 22nd there although it is the 22nd 17:30 UTC.
    expect(nextPayoutDate(dhaka('2026-11-22T23:30:00'), '0 10 * * *')).toBe('2026-11-23');
    // 02:00 in Dhaka on the 23rd is the 22nd in UTC: the Dhaka date counts.
    expect(nextPayoutDate(dhaka('2026-11-23T02:00:00'), '0 10 * * *')).toBe('2026-11-23');
  });

  it('passes over dates whose run was made already, and days the schedule does not fire', () => {
    expect(nextPayoutDate(dhaka('2026-11-22T08:00:00'), '0 10 * * *', ['2026-11-22'])).toBe('2026-11-23');
    // Sunday to Thursday only: after the time on Thursday the 26th, the next is Sunday the 29th.
    expect(nextPayoutDate(dhaka('2026-11-26T11:00:00'), '30 9 * * 0-4')).toBe('2026-11-29');
    expect(nextPayoutDate(dhaka('2026-11-22T08:00:00'), '0 8,16 * * *')).toBe('2026-11-22');
    expect(nextPayoutDate(dhaka('2026-11-22T16:01:00'), '0 8,16 * * *')).toBe('2026-11-23');
    expect(nextPayoutDate(dhaka('2026-11-22T08:00:00'), 'not a schedule')).toBeNull();
    expect(nextPayoutDate(dhaka('2026-11-22T08:00:00'), '0 25 * * *')).toBeNull();
  });
});

describe("the bank's result file", () => {
  const header = 'invoice_number,status,reference_or_reason';

  it('reads every right row and names every wrong one by its line', () => {
    const { rows, problems } = readPayoutResults(
      [
        header,
        'inv-0000001,Paid,TX1',
        'INV-0000002,bounced,Account closed',
        'INV-0000003,refunded,x',
        'INV-0000004,paid,',
        'INV-0000001,bounced,again',
        'INV-0000005,paid',
        '',
      ].join('\n'),
    );
    expect(rows).toEqual([
      { row: 2, invoiceNumber: 'INV-0000001', status: 'paid', reference: 'TX1' },
      { row: 3, invoiceNumber: 'INV-0000002', status: 'bounced', reason: 'Account closed' },
    ]);
    expect(problems).toEqual([
      { row: 4, message: 'Status must be paid or bounced' },
      { row: 5, message: moneyMessages.referenceRequired },
      { row: 6, message: 'This invoice is already on row 2' },
      { row: 7, message: 'A row has three columns: invoice_number,status,reference_or_reason' },
    ]);
  });

  it('refuses a file without its header', () => {
    expect(readPayoutResults('').problems).toHaveLength(1);
    expect(readPayoutResults('INV-0000001,paid,TX1').problems[0]?.row).toBe(1);
  });
});
