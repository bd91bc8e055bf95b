import { readFileSync } from 'node:fs';
import { compatNumberIndex, compatNumberOf } from '@dak/domain/compat-ids';
import { describe, expect, it } from 'vitest';

const seed = (name: string) =>
  (JSON.parse(readFileSync(new URL(`./geo/${name}.json`, import.meta.url), 'utf8')) as { id: string }[]).map(
    (row) => row.id,
  );

describe("the peers' numeric IDs for Dak's geography", () => {
  it('give every division, district, area and hub its own number, the same on every run', () => {
    const ids = [...seed('divisions'), ...seed('districts'), ...seed('areas'), ...seed('hubs')];
    const index = compatNumberIndex(ids);
    expect(index.size).toBe(new Set(ids).size);
    for (const id of ids) {
      const n = compatNumberOf(id);
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(index.get(n)).toBe(id);
    }
    expect(compatNumberOf('dhaka')).toBe(compatNumberOf('dhaka'));
    expect(compatNumberOf('dhaka')).not.toBe(compatNumberOf('dhaka '));
  });

  it('refuse to index two IDs that share a number', () => {
    const a = 'x';
    const clash = {
      [Symbol.iterator]: function* () {
        yield a;
        yield a;
      },
    };
    expect(compatNumberIndex(clash).size).toBe(1);
    // Find a real clash among short strings to prove the guard works.
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null; i++) {
      const id = `id-${i}`;
      const n = compatNumberOf(id);
      const other = seen.get(n);
      if (other) pair = [other, id];
      seen.set(n, id);
    }
    expect(() => compatNumberIndex(pair as [string, string])).toThrow(/shared/);
  });
});
