import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, payoutCutoff, payoutDateOf, takaText, walletLocal } from './payouts';

describe('payout runs', () => {
  it("a date's run pays what became final before the day began in Dhaka", () => {
    expect(payoutCutoff('2026-11-23')?.toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(payoutCutoff('2026-02-30')).toBeNull();
    expect(payoutCutoff('2026-13-01')).toBeNull();
    expect(payoutDateOf(new Date('2026-11-22T17:59:59Z'))).toBe('2026-11-22');
    expect(payoutDateOf(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-23');
  });

  it('writes taka with two decimals from poisha, exactly', () => {
    expect(takaText(123_450)).toBe('1234.50');
    expect(takaText(7)).toBe('0.07');
    expect(takaText(100)).toBe('1.00');
    expect(() => takaText(1.5)).toThrow();
  });

  it('never lets a spreadsheet run a cell, and quotes what would split a row', () => {
    for (const bad of ['=SUM(A1)', '+1', '-1+2', '@cmd', '\tx'])
      expect(csvCell(bad).startsWith("'")).toBe(true);
    expect(csvCell('-Karim, Fashion')).toBe(`"'-Karim, Fashion"`);
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('Karim Fashion')).toBe('Karim Fashion');
    expect(csvFile(['a', 'b'], [['1', 2]])).toBe('a,b\r\n1,2\r\n');
    expect(walletLocal('8801711000001')).toBe('01711000001');
  });
});
