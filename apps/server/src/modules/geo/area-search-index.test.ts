import { readFileSync } from 'node:fs';
import { normalizeSearchText } from '@dak/domain/geo';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { escapeLike } from '../../db/queries';
import { createAreaSearchIndex, orderedTrigrams, wordSimilarity } from './area-search-index';
import { createGeoRepository } from './geo.repository';

/**
 * The in-memory area search against the SQL search it replaced (pg_trgm in the real database),
 * kept here as the oracle: the same areas in the same order for thousands of queries, English
 * and Bengali, prefixes, infixes, typos and junk.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const columns = `a.id, a.name_en`;

async function sqlSearch(text: string, limit: number): Promise<string[]> {
  const db = t.database.db;
  const escaped = escapeLike(text);
  const short = text.length < 3;
  const candidates = short ? [`${escaped}%`, `% ${escaped}%`] : [`%${escaped}%`];
  const startsWith = `${escaped}%`;
  const wordStartsWith = `% ${escaped}%`;
  const byText = (
    await sql<{ id: string }>`
      select ${sql.raw(columns)}
      from areas a
        cross join lateral (select case
          when ${text} = any(a.search_names) then 0
          when a.search_names[1] like ${startsWith} or a.search_names[2] like ${startsWith} then 1
          when exists (select from unnest(a.search_names) as n (name) where n.name like ${startsWith}) then 2
          when a.search_text like ${wordStartsWith} then 3
          else 4
        end as tier) as t
        join zones z on z.id = a.zone_id
      where a.search_text like any (${candidates}::text[])
      order by t.tier, case when t.tier = 4 then word_similarity(${text}, a.search_text) else 1 end desc,
        z.sort_order, a.kind = 'upazila', length(a.name_en), a.name_en, a.id
      limit ${limit}`.execute(db)
  ).rows.map((r) => r.id);
  if (short || byText.length >= Math.min(5, limit)) return byText;
  const typos = (
    await sql<{ id: string }>`
      select ${sql.raw(columns)}
      from areas a join zones z on z.id = a.zone_id
      where not a.search_text like any (${candidates}::text[])
        and word_similarity(${text}, a.search_text) >= 0.5
      order by word_similarity(${text}, a.search_text) desc,
        word_similarity(${text}, array_to_string(a.search_names[1:2], ' ')) desc,
        z.sort_order, a.kind = 'upazila', length(a.name_en), a.name_en, a.id
      limit ${limit - byText.length}`.execute(db)
  ).rows.map((r) => r.id);
  return [...byText, ...typos];
}

type SeedArea = { name_en: string; name_bn: string; search_text: string };
const seedAreas = JSON.parse(
  readFileSync(new URL('../../db/seed/geo/areas.json', import.meta.url), 'utf8'),
) as SeedArea[];

/** A fixed pseudo-random sequence, so every run asks the same queries. */
function seeded(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) % max;
  };
}

function queries(): string[] {
  const random = seeded(16);
  const out = new Set<string>([
    'm',
    'mi',
    'mir',
    'mirpur',
    'mirpur 1',
    'mirpru',
    'gulshn',
    'dhaka',
    'sadar',
    'ঢাকা',
    'মিরপুর',
    'চট্টগ্রাম',
    'x',
    'zzz',
    'road 8',
    '10',
    '১০',
  ]);
  for (let i = 0; i < 250; i++) {
    const area = seedAreas[random(seedAreas.length)] as SeedArea;
    const chars = [...(random(3) === 0 ? area.name_bn : area.name_en.toLowerCase())];
    const cut = 1 + random(chars.length);
    out.add(chars.slice(0, cut).join(''));
    const words = area.search_text.split(' ');
    const word = words[random(words.length)] ?? '';
    if (word.length > 3) out.add(word.slice(1, 1 + 3 + random(word.length - 3)));
    if (chars.length > 3) {
      const typo = [...chars];
      const at = random(chars.length - 1);
      [typo[at], typo[at + 1]] = [typo[at + 1] as string, typo[at] as string];
      out.add(typo.join(''));
      out.add(chars.filter((_, k) => k !== at).join(''));
    }
  }
  return [...out].map(normalizeSearchText).filter((q) => q.length > 0);
}

describe('the in-memory area search', () => {
  it('answers the same areas in the same order as the SQL search, for every query', async () => {
    const index = createAreaSearchIndex(await createGeoRepository(t.database.db).listAreasForSearch());
    expect(index.size).toBe(seedAreas.length);
    const asked = queries();
    expect(asked.length).toBeGreaterThan(600);
    const differ: string[] = [];
    // A few at a time: the pool has several connections.
    for (let i = 0; i < asked.length; i += 4) {
      await Promise.all(
        asked.slice(i, i + 4).map(async (q) => {
          const expected = await sqlSearch(q, 10);
          const actual = index.search(q, 10).map((a) => a.id);
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            differ.push(`${q}: ${actual} ≠ ${expected}`);
        }),
      );
    }
    expect(differ).toEqual([]);
  }, 240_000);

  it("computes pg_trgm's trigrams and word_similarity exactly", async () => {
    const pairs: [string, string][] = [
      ['word', 'two words'],
      ['mirpru', 'mirpur 10 dhaka mirpur'],
      ['abc', 'xabcx yy abd'],
      ['ab-c', 'a,b c'],
      ['মিরপর', 'মিরপুর ঢাকা'],
      ['চটগরাম', 'চট্টগ্রাম সদর'],
    ];
    for (const area of seedAreas.slice(0, 200))
      pairs.push([area.name_en.toLowerCase().slice(1, 6), area.search_text]);
    const rows = (
      await sql<{ w: number; n: number }>`
        select word_similarity(p.a, p.b) as w, cardinality(show_trgm(p.a)) as n
        from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) with ordinality as p (a, b, i)
        order by p.i`.execute(t.database.db)
    ).rows;
    pairs.forEach(([a, b], i) => {
      const trigrams = new Set(orderedTrigrams(a));
      expect(trigrams.size, a).toBe(rows[i]?.n);
      expect(wordSimilarity(trigrams, b), `${a} ~ ${b}`).toBe(Math.fround(rows[i]?.w ?? -1));
    });
  });
});
