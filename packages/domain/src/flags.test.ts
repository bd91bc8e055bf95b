import { describe, expect, it } from 'vitest';
import { flagUpdateSchema, isRolledOut, rolloutBucket } from './flags';

/** Deterministic uuid-shaped ids, so the test is the same on every run. */
function shopIds(n: number): string[] {
  const ids: string[] = [];
  let x = 0x12345678;
  const hex = () => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return x.toString(16).padStart(8, '0');
  };
  for (let i = 0; i < n; i++) {
    const a = hex();
    const b = hex();
    const c = hex();
    const d = hex();
    ids.push(`${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-a${c.slice(1, 4)}-${c.slice(4)}${d}`);
  }
  return ids;
}

describe('rollout buckets', () => {
  it('is stable per shop and independent of case', () => {
    const id = '3f1c2d4e-0000-4000-8000-00000000abcd';
    expect(rolloutBucket('area-prediction-bulk', id)).toBe(
      rolloutBucket('area-prediction-bulk', id.toUpperCase()),
    );
    expect(rolloutBucket('area-prediction-bulk', id)).toBeGreaterThanOrEqual(0);
    expect(rolloutBucket('area-prediction-bulk', id)).toBeLessThan(100);
  });

  it('spreads shops evenly over the 100 buckets', () => {
    const counts = new Array(100).fill(0);
    const ids = shopIds(20_000);
    for (const id of ids) counts[rolloutBucket('wordpress-subscription', id)] += 1;
    // 200 expected per bucket; a fair hash stays well within ±35%.
    for (const c of counts) {
      expect(c).toBeGreaterThan(130);
      expect(c).toBeLessThan(270);
    }
  });

  it('gives roughly the percentage asked for, and only adds shops as it grows', () => {
    const ids = shopIds(5000);
    const rule = (percentage: number) => ({ enabled: true, percentage, allowList: [] });
    const on = (p: number) => ids.filter((id) => isRolledOut(rule(p), 'verified-offline-c2c', id));
    expect(on(0)).toHaveLength(0);
    expect(on(100)).toHaveLength(5000);
    const ten = on(10);
    expect(ten.length / 5000).toBeGreaterThan(0.08);
    expect(ten.length / 5000).toBeLessThan(0.12);
    const thirty = new Set(on(30));
    expect(thirty.size / 5000).toBeGreaterThan(0.27);
    expect(thirty.size / 5000).toBeLessThan(0.33);
    for (const id of ten) expect(thirty.has(id)).toBe(true);
  });

  it('picks different shops for different flags', () => {
    const ids = shopIds(2000);
    const a = ids.filter((id) => rolloutBucket('flag-a', id) < 10);
    const b = new Set(ids.filter((id) => rolloutBucket('flag-b', id) < 10));
    const both = a.filter((id) => b.has(id)).length;
    expect(both).toBeLessThan(a.length / 3);
  });

  it('always includes the allow-list, and a switched-off flag includes nobody', () => {
    const id = shopIds(1)[0] ?? '';
    expect(isRolledOut({ enabled: true, percentage: 0, allowList: [id.toUpperCase()] }, 'x-flag', id)).toBe(
      true,
    );
    expect(isRolledOut({ enabled: false, percentage: 100, allowList: [id] }, 'x-flag', id)).toBe(false);
  });
});

describe('flag updates', () => {
  it('takes any of the fields, within bounds', () => {
    expect(flagUpdateSchema.safeParse({}).success).toBe(false);
    expect(flagUpdateSchema.safeParse({ percentage: 101 }).success).toBe(false);
    expect(flagUpdateSchema.safeParse({ percentage: 12.5 }).success).toBe(false);
    expect(flagUpdateSchema.safeParse({ allowList: ['not-a-shop'] }).success).toBe(false);
    expect(flagUpdateSchema.parse({ enabled: false })).toEqual({ enabled: false });
    expect(
      flagUpdateSchema.parse({ allowList: ['3F1C2D4E-0000-4000-8000-00000000ABCD'], percentage: 0 }),
    ).toEqual({ allowList: ['3f1c2d4e-0000-4000-8000-00000000abcd'], percentage: 0 });
  });
});
