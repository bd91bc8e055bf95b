import { describe, expect, it } from 'vitest';
import { readCategorySeed } from './parcel-categories';

const bengali = /[\u0980-\u09FF]/;
const id = /^[a-z0-9][a-z0-9-]{0,62}$/;

describe('the parcel category seed', () => {
  it('has the categories issue 4 names, with variants where asked', async () => {
    const seeds = await readCategorySeed();
    expect(seeds.map((c) => c.id)).toEqual([
      'general',
      'fragile',
      'liquid',
      'electronics',
      'documents',
      'food',
    ]);
    const variantsOf = (cat: string) => seeds.find((c) => c.id === cat)?.variants.map((v) => v.id);
    expect(variantsOf('fragile')).toEqual(['fragile-glass', 'fragile-ceramics']);
    expect(variantsOf('electronics')).toEqual(['electronics-mobile-phone', 'electronics-laptop']);
  });

  it('has unique ids the table accepts, both names, and whole-poisha surcharges of whole taka', async () => {
    const seeds = await readCategorySeed();
    const all = seeds.flatMap((c) => [c, ...c.variants]);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    for (const c of all) {
      expect(c.id).toMatch(id);
      expect(c.name_en.trim().length, c.id).toBeGreaterThan(0);
      expect(c.name_bn, c.id).toMatch(bengali);
      expect(Number.isInteger(c.surcharge_poisha) && c.surcharge_poisha >= 0, c.id).toBe(true);
      expect(c.surcharge_poisha % 100, c.id).toBe(0);
    }
    for (const c of seeds) for (const v of c.variants) expect(v.id.startsWith(`${c.id}-`)).toBe(true);
  });

  it('charges nothing extra for general goods and documents', async () => {
    const seeds = await readCategorySeed();
    const surcharge = (cat: string) => seeds.find((c) => c.id === cat)?.surcharge_poisha;
    expect(surcharge('general')).toBe(0);
    expect(surcharge('documents')).toBe(0);
    expect(surcharge('fragile')).toBe(2000);
  });
});
