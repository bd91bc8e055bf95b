import { genericKeys, type Token } from './normalise';

/** The lookup tables of names, how alike two spellings are, what they answer for a key, and the windows of an address
 * that are looked up, with the constants that weigh a match. */

// Index ------------------------------------------------------------------------------------------------

export type Entry = {
  /** Index into the areas (or districts) array. */
  target: number;
  /** The name's tokens' keys, joined. */
  compact: string;
  /** Letters in compact (digits excluded): scales the typo tolerance. */
  letters: number;
  /** 1 for a name, less for aliases, parts of names and post offices. */
  weight: number;
  /** Named like the area's own district ("Narayanganj", "Feni" of Feni Sadar): alone, weak. */
  echo: boolean;
  /** For numbered names ("Mirpur 10"): the number. */
  num?: string;
  /** Written in Bengali: a Latin spelling that meets it crossed scripts, a little less sure. */
  bengali: boolean;
  /** Words in the name. */
  words: number;
  /** A post office's name, not the area's own. */
  place: boolean;
};

export type Lookup = {
  exact: Map<string, Entry[]>;
  /** Each compact key with one letter deleted, for typo candidates. */
  deletes: Map<string, Entry[]>;
  /** The key without its a's (Bengali's unwritten vowels, o/a): another way to a candidate. */
  skeletons: Map<string, Entry[]>;
  /** The longest key: longer windows cannot be a near spelling of anything. */
  longest: number;
};

export const newLookup = (): Lookup => ({
  exact: new Map(),
  deletes: new Map(),
  skeletons: new Map(),
  longest: 0,
});

export function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function deletions(key: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < key.length; i++) {
    if (key[i] === key[i - 1]) continue;
    out.push(key.slice(0, i) + key.slice(i + 1));
  }
  return out;
}

const skeleton = (key: string) => key.replace(/a/g, '');

export function addEntry(lookup: Lookup, entry: Entry) {
  push(lookup.exact, entry.compact, entry);
  lookup.longest = Math.max(lookup.longest, entry.compact.length);
  if (entry.letters >= 4) {
    for (const d of deletions(entry.compact)) push(lookup.deletes, d, entry);
    push(lookup.skeletons, skeleton(entry.compact), entry);
  }
}

// Fuzzy comparison ---------------------------------------------------------------------------------------

const vowels = new Set(['a', 'e', 'i', 'o', 'u']);
const isDigit = (c: string) => c >= '0' && c <= '9';

function indelCost(c: string): number {
  if (isDigit(c)) return 5;
  if (c === 'a') return 0.3;
  if (vowels.has(c)) return 0.6;
  if (c === 'h' || c === 'n') return 0.6;
  return 1;
}
function subCost(a: string, b: string): number {
  if (a === b) return 0;
  if (isDigit(a) || isDigit(b)) return 5;
  if (vowels.has(a) && vowels.has(b)) return 0.4;
  if ((a === 's' && b === 'j') || (a === 'j' && b === 's')) return 0.8;
  return 1;
}

/** Weighted edit distance with adjacent swaps; gives up (returns Infinity) past `max`. */
export function weightedDistance(a: string, b: string, max: number): number {
  const n = b.length;
  let prev2: number[] = [];
  let prev: number[] = new Array(n + 1);
  prev[0] = 0;
  for (let j = 1; j <= n; j++) prev[j] = (prev[j - 1] as number) + indelCost(b[j - 1] as string);
  for (let i = 1; i <= a.length; i++) {
    const ca = a[i - 1] as string;
    const row: number[] = new Array(n + 1);
    row[0] = (prev[0] as number) + indelCost(ca);
    let best = row[0];
    for (let j = 1; j <= n; j++) {
      const cb = b[j - 1] as string;
      let v = Math.min(
        (prev[j] as number) + indelCost(ca),
        (row[j - 1] as number) + indelCost(cb),
        (prev[j - 1] as number) + subCost(ca, cb),
      );
      if (i > 1 && j > 1 && ca === b[j - 2] && cb === a[i - 2] && ca !== cb) {
        v = Math.min(v, (prev2[j - 2] as number) + 0.8);
      }
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return Number.POSITIVE_INFINITY;
    prev2 = prev;
    prev = row;
  }
  return prev[n] as number;
}

/** How far a spelling may stray from a name of this many letters. */
function tolerance(letters: number): number {
  if (letters <= 4) return 0.3;
  if (letters === 5) return 0.6;
  if (letters <= 7) return 1.3;
  if (letters <= 10) return 1.8;
  return 2.3;
}

/** Entries spelt like `key`: exact ones with similarity 1, near ones with less. */
export function lookup(table: Lookup, key: string, fuzzy = true): { entry: Entry; sim: number }[] {
  const out = new Map<Entry, number>();
  for (const entry of table.exact.get(key) ?? []) out.set(entry, 1);
  const letters = key.replace(/\d/g, '').length;
  if (fuzzy && letters >= 4 && key.length <= table.longest + 3) {
    const candidates = new Set<Entry>();
    const gather = (list: Entry[] | undefined) => {
      for (const e of list ?? []) if (!out.has(e)) candidates.add(e);
    };
    gather(table.deletes.get(key));
    gather(table.skeletons.get(skeleton(key)));
    for (const d of deletions(key)) {
      gather(table.exact.get(d));
      gather(table.deletes.get(d));
    }
    for (const entry of candidates) {
      const max = tolerance(Math.min(entry.letters, letters));
      if (Math.abs(entry.compact.length - key.length) > max / 0.3) continue;
      const distance = weightedDistance(key, entry.compact, max);
      if (distance <= max) out.set(entry, 1 - distance / (entry.letters + 2));
    }
  }
  return [...out].map(([entry, sim]) => ({ entry, sim }));
}

// Reading an address ----------------------------------------------------------------------------------------

export type Span = { start: number; end: number };
export type AreaMatch = Span & {
  area: number;
  strength: number;
  sim: number;
  echo: boolean;
  numbered: boolean;
  /** Spelt exactly as the name (before any discount for crossing scripts). */
  exact: boolean;
  /** Read from a weaker place name inside the area (a post office, a landmark), not its own name. */
  place?: boolean;
  text: string;
};
export type DistrictMention = Span & {
  district: string;
  sim: number;
  divisionMembers: Set<string> | undefined;
};

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
export const contains = (a: Span, b: Span) =>
  a.start <= b.start && b.end <= a.end && a.end - a.start > b.end - b.start;

const maxWindow = 5;
/** District names are constraints, so they must be spelt closely ("Batara" is no "Bogura"). */
export const minDistrictSim = 0.9;
/** Below this score nothing is credible enough to name an area. */
export const minAreaScore = 0.3;
/** Scores above this are certain enough: candidates' scores are divided by it (then capped at 1). */
export const fullScore = 1.3;

/** Short names are likelier to be met by chance ("Lama", "Bera"). */
export function lengthFactor(letters: number): number {
  if (letters >= 5) return 1;
  if (letters === 4) return 0.9;
  return letters === 3 ? 0.75 : 0.6;
}

/** Windows of tokens [start, end) with their joined keys (and a variant with a case ending dropped). */
export type Window = Span & {
  key: string;
  /** The same words keyed as written (generic words not folded). */
  raw: string;
  stripped: boolean;
  meaningful: boolean;
  /** All Bengali (true), all Latin (false), or mixed (undefined). */
  bengali: boolean | undefined;
};

/**
 * Windows of tokens [start, end) with their joined keys (and a variant with a Bengali case
 * ending dropped). A window of noise words and numbers only ("2 no gate") may still name a
 * place, but only exactly.
 */
export function windows(tokens: Token[]): Window[] {
  const out: Window[] = [];
  for (let start = 0; start < tokens.length; start++) {
    let key = '';
    let raw = '';
    let meaningful = false;
    let bengali: boolean | undefined = tokens[start]?.bengali;
    for (let end = start + 1; end <= Math.min(tokens.length, start + maxWindow); end++) {
      const token = tokens[end - 1] as Token;
      if (!token.noise && !token.isNumber && !genericKeys.has(token.key)) meaningful = true;
      if (!token.isNumber && token.bengali !== bengali) bengali = undefined;
      const common = { start, end, meaningful, bengali };
      out.push({ ...common, key: key + token.key, raw: raw + token.raw, stripped: false });
      if (token.altKey)
        out.push({ ...common, key: key + token.altKey, raw: raw + token.altKey, stripped: true });
      key += token.key;
      raw += token.raw;
      if (key.length > 40) break;
    }
  }
  return out;
}

/** Bonus for the finer kinds of area: a neighbourhood over its thana, a city area over an upazila. */
export const rankBonus = [0, 0.05, 0.08];
