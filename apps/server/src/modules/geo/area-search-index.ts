import type { AreaKind } from '../../db/schema';

/**
 * The area search in memory (issue 16, item 1). The 686 areas fit in a few hundred kilobytes, so
 * a search is a loop over an array instead of a query that scans the areas table: the public
 * search answers at close to a bare route's rate. The ranking is the SQL one it replaces, kept as
 * the oracle in area-search-index.test.ts, which compares both over thousands of queries:
 *
 * text pass, by tier: 0 an exact name or alias; 1 the English or Bengali name starts with the
 * query; 2 an alias does; 3 a word of the search text does; 4 the query is only inside a word
 * (then by closeness of spelling). Within a tier: the zone's sort order (metro areas first), the
 * more specific area before the upazila, the shorter name, the name, the id.
 *
 * typo pass (only when the text pass found fewer than 5 and the query has 3+ characters): areas
 * the text pass did not consider whose spelling is close (pg_trgm's word_similarity ≥ 0.5,
 * reproduced below), closest first.
 */

export type IndexedArea = {
  id: string;
  name_en: string;
  name_bn: string;
  kind: AreaKind;
  district_id: string;
  zone_id: string;
  hub_id: string;
  postcode: string | null;
  is_covered: boolean;
  parent_upazila_id: string | null;
  district_name_en: string;
  district_name_bn: string;
  search_names: string[];
  search_text: string;
  zone_sort_order: number;
};

/** How close a misspelling must be to still count ("mirpru" is 0.57 of "mirpur"). */
export const minTypoSimilarity = 0.5;
/** Typo matching runs only when the text match found fewer areas than this. */
const fuzzyBelow = 5;
/** Below this many characters a query matches word starts only ("m" is not every "…m…"). */
const minInfixLength = 3;

// pg_trgm's word_similarity, as PostgreSQL computes it --------------------------------------------

/**
 * A character that belongs to a word for pg_trgm under the database's C.UTF-8 locale: letters,
 * digits and marks, except the Bengali virama (্) and nukta (়), which that locale does not count
 * as alphanumeric (the parity test checks every character of the seed against PostgreSQL).
 */
function isWordChar(ch: string): boolean {
  return ch !== '\u09CD' && ch !== '\u09BC' && /[\p{L}\p{N}\p{M}]/u.test(ch);
}

/** The trigrams of a text in order, words padded as pg_trgm pads them ("  w", " wo", …, "d "). */
export function orderedTrigrams(text: string): string[] {
  const out: string[] = [];
  let word: string[] = [];
  const flush = () => {
    if (word.length === 0) return;
    const padded = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 2 < padded.length; i++) out.push(`${padded[i]}${padded[i + 1]}${padded[i + 2]}`);
    word = [];
  };
  for (const ch of text.toLowerCase()) {
    if (isWordChar(ch)) word.push(ch);
    else flush();
  }
  flush();
  return out;
}

const float4 = Math.fround;

/**
 * word_similarity(a, b): the greatest similarity between a's set of trigrams and a continuous
 * extent of b's ordered trigrams, found the way pg_trgm's iterate_word_similarity finds it (the
 * extent's end moves to each trigram of a, its start only forward), in single precision.
 */
export function wordSimilarity(queryTrigrams: ReadonlySet<string>, text: string): number {
  const ulen1 = queryTrigrams.size;
  if (ulen1 === 0) return 0;
  const trigrams = orderedTrigrams(text);
  const lastPos = new Map<string, number>();
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  const sml = (c: number, u2: number) => float4(c / (ulen1 + u2 - c));
  for (let i = 0; i < trigrams.length; i++) {
    const trigram = trigrams[i] as string;
    const found = queryTrigrams.has(trigram);
    if (lower >= 0 || found) {
      if ((lastPos.get(trigram) ?? -1) < 0) {
        ulen2++;
        if (found) count++;
      }
      lastPos.set(trigram, i);
    }
    if (!found) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = sml(count, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = sml(tmpCount, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const at = trigrams[tmpLower] as string;
      if (lastPos.get(at) === tmpLower) {
        tmpUlen2--;
        if (queryTrigrams.has(at)) tmpCount--;
      }
    }
    if (current > max) max = current;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const at = trigrams[tmpLower] as string;
      if (lastPos.get(at) === tmpLower) lastPos.set(at, -1);
    }
  }
  return max;
}

// The search -----------------------------------------------------------------------------------

/** The same text order as SQL's `order by` on text under C.UTF-8: by code point. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Zone order, the upazila after the more specific area, the shorter name, the name, the id. */
function placeOrder(a: IndexedArea, b: IndexedArea): number {
  return (
    a.zone_sort_order - b.zone_sort_order ||
    Number(a.kind === 'upazila') - Number(b.kind === 'upazila') ||
    [...a.name_en].length - [...b.name_en].length ||
    byCodePoint(a.name_en, b.name_en) ||
    byCodePoint(a.id, b.id)
  );
}

export type AreaSearchIndex = ReturnType<typeof createAreaSearchIndex>;

/** `text` is already normalised (normalizeSearchText); an empty text finds nothing. */
export function createAreaSearchIndex(areas: readonly IndexedArea[]) {
  const byId = new Map(areas.map((a) => [a.id, a]));
  return {
    size: areas.length,
    /** An area by id, from the same snapshot (the public calculator reads its two areas here). */
    get(id: string): IndexedArea | undefined {
      return byId.get(id);
    },
    search(text: string, limit: number): IndexedArea[] {
      if (!text) return [];
      const short = [...text].length < minInfixLength;
      const wordStart = ` ${text}`;
      const isCandidate = (a: IndexedArea) =>
        short
          ? a.search_text.startsWith(text) || a.search_text.includes(wordStart)
          : a.search_text.includes(text);

      let queryTrigrams: Set<string> | undefined;
      const similarity = (target: string) => {
        queryTrigrams ??= new Set(orderedTrigrams(text));
        return wordSimilarity(queryTrigrams, target);
      };

      const hits: { area: IndexedArea; tier: number; sim: number }[] = [];
      for (const area of areas) {
        if (!isCandidate(area)) continue;
        const [en = '', bn = ''] = area.search_names;
        const tier = area.search_names.includes(text)
          ? 0
          : en.startsWith(text) || bn.startsWith(text)
            ? 1
            : area.search_names.some((n) => n.startsWith(text))
              ? 2
              : area.search_text.includes(wordStart)
                ? 3
                : 4;
        hits.push({ area, tier, sim: tier === 4 ? similarity(area.search_text) : 1 });
      }
      hits.sort((a, b) => a.tier - b.tier || b.sim - a.sim || placeOrder(a.area, b.area));
      const byText = hits.slice(0, limit).map((h) => h.area);
      if (short || byText.length >= Math.min(fuzzyBelow, limit)) return byText;

      const typos: { area: IndexedArea; sim: number; nameSim: number }[] = [];
      for (const area of areas) {
        if (isCandidate(area)) continue;
        const sim = similarity(area.search_text);
        if (sim < minTypoSimilarity) continue;
        typos.push({ area, sim, nameSim: similarity(area.search_names.slice(0, 2).join(' ')) });
      }
      typos.sort((a, b) => b.sim - a.sim || b.nameSim - a.nameSim || placeOrder(a.area, b.area));
      return [...byText, ...typos.slice(0, limit - byText.length).map((t) => t.area)];
    },
  };
}
