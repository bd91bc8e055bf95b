import { describe, expect, it } from 'vitest';
import { handoverOf, onPrepaymentHold, takaToPoisha } from './cash';

describe('cash rules', () => {
  it('reads taka with at most two decimals as poisha, and nothing else', () => {
    expect(takaToPoisha(0)).toBe(0);
    expect(takaToPoisha(1250)).toBe(125_000);
    expect(takaToPoisha(12.34)).toBe(1_234);
    expect(takaToPoisha(0.1 + 0.2)).toBe(30);
    expect(takaToPoisha(12.345)).toBeNull();
    expect(takaToPoisha(-1)).toBeNull();
    expect(takaToPoisha(Number.NaN)).toBeNull();
    expect(takaToPoisha(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('makes the missing cash of a hand-over a shortage, refuses a count above it and a rider holding nothing', () => {
    expect(handoverOf(175_000, 170_050)).toEqual({ ok: true, shortagePoisha: 4_950 });
    expect(handoverOf(175_000, 175_000)).toEqual({ ok: true, shortagePoisha: 0 });
    expect(handoverOf(175_000, 0)).toEqual({ ok: true, shortagePoisha: 175_000 });
    expect(handoverOf(175_000, 175_001)).toEqual({ ok: false, reason: 'counted_more' });
    expect(handoverOf(0, 0)).toEqual({ ok: false, reason: 'holds_nothing' });
    expect(handoverOf(-100, 0)).toEqual({ ok: false, reason: 'holds_nothing' });
  });

  it('holds a shop that owes more than the limit, only with its preference on', () => {
    expect(onPrepaymentHold(50_001, 50_000, true)).toBe(true);
    expect(onPrepaymentHold(50_000, 50_000, true)).toBe(false);
    expect(onPrepaymentHold(-10_000, 50_000, true)).toBe(false);
    expect(onPrepaymentHold(90_000, 50_000, false)).toBe(false);
  });
});
