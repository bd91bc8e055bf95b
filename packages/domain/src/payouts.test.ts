import { describe, expect, it } from 'vitest';
import { payoutCutoff, payoutDateOf, walletLocal } from './payouts';

describe('payout runs', () => {
  it("a date's run pays what became final before the day began in Dhaka", () => {
    expect(payoutCutoff('2026-11-23')?.toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(payoutCutoff('2026-02-30')).toBeNull();
    expect(payoutCutoff('2026-13-01')).toBeNull();
    expect(payoutDateOf(new Date('2026-11-22T17:59:59Z'))).toBe('2026-11-22');
    expect(payoutDateOf(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-23');
  });

  it('writes a bKash wallet in its local form', () => {
    expect(walletLocal('8801711000001')).toBe('01711000001');
  });
});
