import { z } from 'zod';
import { type AreaKind, normalizeSearchText } from './geo';

/**
 * Reading a free-text Bangladeshi delivery address (English, Bengali, Banglish, typos, landmarks,
 * house and road numbers, postcodes, "near X") into a delivery area, without any outside service
 * (issue 4, part 5). Pure: the caller passes the gazetteer as data and keeps the index that
 * `buildAddressIndex` makes from it; `predictArea` then reads one address in well under a
 * millisecond.
 *
 * How it reads:
 * 1. Text is folded (normalizeSearchText, digits split from letters) into tokens, and each token
 *    into a phonetic key: Bengali is transliterated letter by letter, then Latin spellings are
 *    folded (aspirates dropped, o/a and z/j and v/b alike, doubled letters single: "Mohammodpur",
 *    "মোহাম্মদপুর" and "mohamadpur" share one key). Noise words (house, road, flat, near, পাশে…)
 *    and people's names never name a place on their own.
 * 2. Every run of up to five tokens is looked up, joined without spaces ("shonir akhra" =
 *    "shonirakhra"), among the areas' names and aliases: exactly, then within a small weighted
 *    edit distance that grows with the name's length (vowels and Bengali's unwritten inherent
 *    vowel cost little, digits a lot). A number beside a name, or after "sector", qualifies it
 *    ("Mirpur 10", "sector 7 … Uttara"); a number after house, road or flat does not.
 * 3. District names (and old spellings, "ctg", "B.Baria") and 4-digit postcodes are constraints:
 *    an area in a district the address names elsewhere gains; an area in a district the address
 *    contradicts is never the answer. Words that exactly spell a district are read as the
 *    district, not as a near spelling of some place; a district's name inside a longer place
 *    name ("Chittagong Road, Siddhirganj") is no mention. A district alone reads as its Sadar
 *    upazila (none for Dhaka, Chattogram, Khulna, Rajshahi: then only the district).
 * 4. Among the areas found, the most specific wins: a longer name over the shorter name inside
 *    it ("Mirpur 10" over "Mirpur"), a neighbourhood over its thana or upazila named elsewhere
 *    in the address, a city area over an upazila, then what the address says first (addresses
 *    go from the house outwards). Landmarks ("near X", "X er pashe") and streets ("X road")
 *    count a little less. Post offices (from the postcode list) are weak extra place names.
 * 5. Confidence is the top score, discounted by how close the runner-up came.
 */

// Contract ----------------------------------------------------------------------------------------

export const addressPredictionRequestSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .max(500, 'Address must be at most 500 characters')
    .meta({
      description: 'A delivery address as the customer wrote it: English, Bengali or Banglish',
      example: 'House 12, Road 5, Dhanmondi 32, Dhaka',
    }),
});
export type AddressPredictionRequest = z.infer<typeof addressPredictionRequestSchema>;

export const addressCandidateSchema = z.object({
  areaId: z.string(),
  districtId: z.string(),
  /** 0..1: how strongly the address points at this area. */
  score: z.number().min(0).max(1),
  /** The words of the address (normalised) that named it, e.g. `mirpur 10`. */
  matched: z.string(),
});
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

export const addressPredictionSchema = z.object({
  /** Null when the address names no district we can read. */
  districtId: z.string().nullable(),
  /** Null when nothing credible names an area (a district alone without a Sadar upazila, say). */
  areaId: z.string().nullable(),
  /** 0..1: high when one area stands out, low when candidates are close or the match is weak. */
  confidence: z.number().min(0).max(1),
  candidates: z.array(addressCandidateSchema),
});
export type AddressPrediction = z.infer<typeof addressPredictionSchema>;

// Gazetteer (the data the matcher reads) -------------------------------------------------------------

export type GazetteerArea = {
  id: string;
  districtId: string;
  kind: AreaKind;
  nameEn: string;
  nameBn: string;
  aliases: readonly string[];
  postcode?: string | null;
  /** Weaker place names inside the area, e.g. its post offices. */
  places?: readonly string[];
};
export type GazetteerDistrict = {
  id: string;
  nameEn: string;
  nameBn: string;
  aliases: readonly string[];
  divisionId?: string;
};
export type GazetteerDivision = { id: string; nameEn: string; nameBn: string; aliases: readonly string[] };
export type Gazetteer = {
  areas: readonly GazetteerArea[];
  districts: readonly GazetteerDistrict[];
  divisions?: readonly GazetteerDivision[];
  /** Postcode → its district and the areas it serves (first: the main one). */
  postcodes?: Readonly<Record<string, { districtId: string; areaIds: readonly string[] }>>;
};

// Phonetic keys -------------------------------------------------------------------------------------

const bnVowelSigns: Record<string, string> = {
  '\u09be': 'a',
  '\u09bf': 'i',
  '\u09c0': 'i',
  '\u09c1': 'u',
  '\u09c2': 'u',
  '\u09c3': 'ri',
  '\u09c7': 'e',
  '\u09c8': 'oi',
  '\u09cb': 'o',
  '\u09cc': 'ou',
  '\u09d7': 'ou',
};
const bnVowels: Record<string, string> = {
  '\u0985': 'o',
  '\u0986': 'a',
  '\u0987': 'i',
  '\u0988': 'i',
  '\u0989': 'u',
  '\u098a': 'u',
  '\u098b': 'ri',
  '\u098f': 'e',
  '\u0990': 'oi',
  '\u0993': 'o',
  '\u0994': 'ou',
};
const bnConsonants: Record<string, string> = {
  ক: 'k',
  খ: 'kh',
  গ: 'g',
  ঘ: 'gh',
  ঙ: 'ng',
  চ: 'ch',
  ছ: 'chh',
  জ: 'j',
  ঝ: 'jh',
  ঞ: 'n',
  ট: 't',
  ঠ: 'th',
  ড: 'd',
  ঢ: 'dh',
  ণ: 'n',
  ত: 't',
  থ: 'th',
  দ: 'd',
  ধ: 'dh',
  ন: 'n',
  প: 'p',
  ফ: 'f',
  ব: 'b',
  ভ: 'bh',
  ম: 'm',
  য: 'j',
  র: 'r',
  ল: 'l',
  শ: 'sh',
  ষ: 'sh',
  স: 's',
  হ: 'h',
  '\u09dc': 'r',
  '\u09dd': 'rh',
  '\u09df': 'y',
  ৎ: 't',
};
/** Letters written as a consonant plus nukta (NFC keeps ড়, ঢ়, য় decomposed). */
const bnNukta: Record<string, string> = { ড: 'r', ঢ: 'rh', য: 'y' };
const hasanta = '\u09cd';
const nuktaSign = '\u09bc';

const isBnConsonant = (c: string | undefined) => c !== undefined && bnConsonants[c] !== undefined;

/** Length of the consonant cluster (with nuktas and hasantas) that starts at i. */
function clusterEnd(chars: string[], i: number): number {
  let j = i;
  for (;;) {
    j++;
    if (chars[j] === nuktaSign) j++;
    if (chars[j] === hasanta && isBnConsonant(chars[j + 1])) {
      j++;
      continue;
    }
    return j;
  }
}

/**
 * Bengali word → rough Latin spelling, as Banglish writers spell it. The inherent vowel is
 * written after a consonant cluster except at the word's end and where a spoken syllable closes
 * (a vowel before, a voweled consonant after: মিরপুর → mirpur). Bengali's own spelling choices
 * (ী/ি, শ/ষ/স, ণ/ন) fold away; ক্ষ reads kh, ya-phala is silent, chandrabindu is an n (চাঁদপুর →
 * chandpur).
 */
export function transliterateBengali(word: string): string {
  const chars = [...word];
  let out = '';
  let prevVowel = false;
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] as string;
    const vowel = bnVowels[c];
    if (vowel !== undefined) {
      out += vowel;
      prevVowel = true;
      i++;
      continue;
    }
    if (!isBnConsonant(c)) {
      if (c === '\u0982') out += 'ng';
      else if (c === '\u0981') out += 'n';
      else if (bnVowelSigns[c] !== undefined) out += bnVowelSigns[c];
      else if (/[a-z0-9]/.test(c)) out += c;
      // Chandrabindu nasalises the vowel before it; the syllable stays open (চাঁদপুর).
      if (c !== '\u0981') prevVowel = bnVowelSigns[c] !== undefined;
      i++;
      continue;
    }
    const start = i;
    const end = clusterEnd(chars, i);
    let cluster = '';
    let previous = '';
    for (let k = i; k < end; k++) {
      const ch = chars[k] as string;
      if (ch === hasanta || ch === nuktaSign) continue;
      let latin = bnConsonants[ch] ?? '';
      if (chars[k + 1] === nuktaSign) latin = bnNukta[ch] ?? latin;
      // য় after an o or u sound and before a vowel is a w: কোতোয়ালী → kotowali, ওয়ারী → owari.
      if (latin === 'y' && k === i && /[ou]$/.test(out) && bnVowelSigns[chars[end] ?? ''] !== undefined)
        latin = 'w';
      if (k > i && ch === 'য' && chars[k + 1] !== nuktaSign) latin = '';
      if (ch === 'ষ' && previous === 'ক') {
        cluster = `${cluster.slice(0, -1)}kh`;
        latin = '';
      }
      cluster += latin;
      previous = ch;
    }
    out += cluster;
    i = end;
    const next = chars[i];
    if (next !== undefined && bnVowelSigns[next] !== undefined) {
      out += bnVowelSigns[next];
      prevVowel = true;
      i++;
      continue;
    }
    if (next === hasanta) {
      prevVowel = false;
      i++;
      continue;
    }
    if (!isBnConsonant(next) && next !== '\u0982' && next !== '\u0981') {
      prevVowel = false;
      continue;
    }
    // A consonant follows. This syllable closes (no vowel) after a vowel when the next consonant
    // is voweled: by a sign, or by its own inherent vowel unless it ends the word (মিরপুর →
    // mir-pur, ধানমন্ডি → dhan-mon-di). A conjunct keeps its vowel (মোহাম্মদপুর → mohammod-pur).
    const conjunct = end - start > 1;
    let nextVoweled = false;
    if (isBnConsonant(next)) {
      const after = chars[clusterEnd(chars, i)];
      nextVoweled =
        (after !== undefined && bnVowelSigns[after] !== undefined) ||
        (after !== undefined && after !== hasanta && (isBnConsonant(after) || after === '\u0982'));
    }
    if (prevVowel && nextVoweled && !conjunct) {
      prevVowel = false;
      continue;
    }
    out += 'o';
    prevVowel = true;
  }
  return out;
}

const bengaliScript = /[\u0980-\u09ff]/;

/**
 * One word's phonetic key: the Latin spelling folded so Banglish variants meet. ph=f, z=j, v=b,
 * q=k, c=k or s, aspirate h dropped, w and o read as a, ee/oo as i/u, y a vowel or nothing,
 * doubled letters single. "Dhanmondhi", "Danmondi" and ধানমন্ডি meet (danmandi); digits stay.
 */
export function phoneticKey(word: string): string {
  const digits = word.replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
  const latin = bengaliScript.test(digits) ? transliterateBengali(digits) : digits;
  let w = latin
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (/^\d+$/.test(w)) return w.replace(/^0+(?=\d)/, '');
  w = w
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/c(?!h)/g, (_m, at: number) => (/[eiy]/.test(w[at + 1] ?? '') ? 's' : 'k'))
    .replace(/z/g, 'j')
    .replace(/v/g, 'b')
    .replace(/ow(?![aeiou])/g, 'o')
    .replace(/w/g, 'u')
    .replace(/([bcdgjklprst])h/g, '$1')
    .replace(/(ou|au)(?![aeiou])/g, 'o')
    .replace(/([aeiou])y(?=[aeiou])/g, '$1')
    .replace(/([^aeiou])y(?=[aeiou])/g, '$1')
    .replace(/y/g, 'i')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/o/g, 'a')
    .replace(/([a-z])\1+/g, '$1');
  return w;
}

// Vocabulary -----------------------------------------------------------------------------------------

const keysOf = (words: string) => words.split(/\s+/).filter(Boolean).map(phoneticKey);

/** Generic words that mean the same in several spellings: folded to one token before matching. */
const synonymGroups: [string, string][] = [
  ['south', 'south dakshin dakkhin dokkhin dakhin dokhin dokshin dakshinpara দক্ষিণ'],
  ['north', 'north uttar uttor utter উত্তর'],
  ['east', 'east purbo purba পূর্ব'],
  ['west', 'west poschim paschim pashchim পশ্চিম'],
  ['middle', 'middle moddho madhya moddhya মধ্য'],
  ['new', 'new notun natun nutun নতুন নিউ'],
  ['old', 'old puran purana puraton puratan পুরান পুরানা পুরাতন'],
  ['mor', 'mor more moor mour মোড়'],
  ['road', 'road rd roads rod রোড'],
  ['sector', 'sector sec sect section sectors সেক্টর সেকশন'],
  ['no', 'no nong nomber number nambar numbar num নং নম্বর নাম্বার'],
];
const synonyms = new Map<string, string>();
for (const [canonical, words] of synonymGroups) {
  for (const key of keysOf(words)) synonyms.set(key, `~${canonical}`);
}

const canonicalKey = (word: string) => {
  const key = phoneticKey(word);
  return synonyms.get(key) ?? key;
};
const canonicalKeysOf = (words: string) => words.split(/\s+/).filter(Boolean).map(canonicalKey);

/** Words that never name a place by themselves. */
const noiseKeys = new Set(
  canonicalKeysOf(
    `house h hno holding road lane ln sector block blk flat floor fl level lvl apt apartment building bldg
     tower plot village vill vil gram gaon post po ps thana upazila upozila upojela upazilla zilla zila zela jela
     jilla district dist division bivag near nearby beside besides opposite opp behind front pashe pase pashei
     kache kase samne shamne pichone pechone niche upore er r the of at in and to no c o co care mosque
     masjid mosjid school college madrasa hospital clinic market office bus stand stop gate para area
     city town metro bangladesh bd sadar sodor model mohalla moholla sharok sarak street st highway
     বাসা বাড়ি বাড়ী রোড লেন ব্লক ফ্ল্যাট তলা গ্রাম পোস্ট ডাকঘর থানা উপজেলা জেলা বিভাগ নং নম্বর এর পাশে
     কাছে সামনে পিছনে নিকটে হোল্ডিং বিল্ডিং টাওয়ার প্লট মসজিদ স্কুল কলেজ মাদ্রাসা হাসপাতাল মার্কেট বাসস্ট্যান্ড
     সদর এলাকা পাড়া
     name phone mobile mob cell contact address addr deliver delivery call please pls md mohammad muhammad mst
     mrs mr miss hossain hussain hosen rahman rahim karim uddin ahmed ahmad akter akhter begum khatun islam khan
     miah mia sheikh chowdhury sarkar talukder mollah haque hoque alam ali hasan hassan kabir biswas das roy saha
     paul dey ghosh mondal sikder nahar sultana parvin jahan shop store fashion`,
  ),
);
/** Words too common to name a place alone ("Chowrasta", "Bazar", "Notun"). */
const genericKeys = new Set([
  ...noiseKeys,
  ...synonyms.values(),
  ...canonicalKeysOf(
    'bazar chowrasta chourasta mor circle chattar chottor golchattar bus stand market point',
  ),
]);
/** A number right after one of these is a house, road or flat number, not part of a place name. */
const houseMarkerKeys = new Set(
  canonicalKeysOf(
    `house h hno holding road lane ln block blk flat floor fl level lvl apt apartment building bldg plot
     basa bari bashay room suite unit tower বাসা বাড়ি বাড়ী রোড লেন ব্লক ফ্ল্যাট হোল্ডিং প্লট তলা`,
  ),
);
/** Words between a place name and its number: "Uttara 7 no sector", "Mirpur section 10". */
const connectorKeys = new Set(canonicalKeysOf('sector no er'));
const sectorKey = canonicalKey('sector');
/** "3rd", "10th", "৩য়", "৪র্থ": a number with an ordinal suffix written onto it. */
const ordinal =
  /^(\d+)(st|nd|rd|th|\u09ae|\u09af\u09bc|\u09df|\u09b0\u09cd\u09a5|\u09b7\u09cd\u09a0|\u09a4\u09ae)$/u;
/** Words after a landmark, or before one: the address is near it, maybe not in it. */
const landmarkKeys = new Set(
  canonicalKeysOf(
    'near nearby beside besides opposite opp behind pashe pase kache kase samne shamne পাশে কাছে সামনে নিকটে',
  ),
);
/** Trailing words a name may drop ("Alankar Mor" is also "Alankar"; "Mirpur Model Thana"). */
const droppableTailKeys = new Set(
  canonicalKeysOf('thana model mor circle chattar chottor golchattar thana থানা মডেল'),
);
const sadarKey = canonicalKey('sadar');
const roadKey = canonicalKey('road');

/** Common spellings and abbreviations of districts that the data's aliases leave out. */
const extraDistrictNames: Record<string, string[]> = {
  chattogram: [
    'ctg',
    'chittagong',
    'chattagram',
    'chottogram',
    'chatgaon',
    'ctg city',
    'চট্টগ্রাম শহর',
    'চিটাগাং',
  ],
  brahmanbaria: ['b baria', 'bbaria', 'b para', 'bramonbaria', 'বি বাড়িয়া'],
  cumilla: ['comilla', 'kumilla', 'cumila'],
  bogura: ['bogra', 'bogora', 'বগুরা'],
  jashore: ['jessore', 'josor', 'jossore'],
  barishal: ['barisal', 'borishal'],
  sylhet: ['silet', 'sylet', 'shylhet', 'sileth'],
  chapainawabganj: ['chapai', 'chapai nawabganj', 'chapainababganj', 'chapai nababganj', 'চাঁপাই'],
  moulvibazar: ['maulvibazar', 'moulavibazar', 'moulovibazar'],
  narayanganj: ['narayangonj', 'narayangang', 'n ganj', 'naraynganj'],
  'coxs-bazar': ['cox bazar', 'coxbazar', 'coxes bazar'],
  netrokona: ['netrakona', 'netrokuna'],
  lakshmipur: ['laxmipur', 'lokkhipur', 'lakhsmipur'],
  jhalakathi: ['jhalokathi', 'jhalokati', 'jhalkathi'],
  khagrachhari: ['khagrachari', 'khagrachori'],
  mymensingh: ['mymensing', 'moymonsingh', 'maimansingh'],
  kishoreganj: ['kishorganj', 'kishoregonj'],
  thakurgaon: ['thakurgao'],
  patuakhali: ['potuakhali'],
  gazipur: ['gazipur city', 'joydebpur'],
  dhaka: ['dhaka city', 'dacca', 'ঢাকা শহর'],
};

// Index ------------------------------------------------------------------------------------------------

type Entry = {
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

type Lookup = {
  exact: Map<string, Entry[]>;
  /** Each compact key with one letter deleted, for typo candidates. */
  deletes: Map<string, Entry[]>;
  /** The key without its a's (Bengali's unwritten vowels, o/a): another way to a candidate. */
  skeletons: Map<string, Entry[]>;
  /** The longest key: longer windows cannot be a near spelling of anything. */
  longest: number;
};

type IndexedArea = GazetteerArea & { rank: number; divisionId: string | undefined };

export type AddressIndex = {
  areas: IndexedArea[];
  districts: GazetteerDistrict[];
  names: Lookup;
  numbered: Lookup;
  districtNames: Lookup;
  /** Division key → its districts; for "Sreemangal, Sylhet" (the division, not the district). */
  divisionNames: Map<string, Set<string>>;
  postcodes: Map<string, { districtId: string; areaIds: Set<string>; primary: string | undefined }>;
  areaById: Map<string, number>;
};

const placeWeight = 0.8;
const kindRank: Record<AreaKind, number> = { neighbourhood: 2, suburb: 2, thana: 1, upazila: 0 };

const newLookup = (): Lookup => ({ exact: new Map(), deletes: new Map(), skeletons: new Map(), longest: 0 });

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
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

function addEntry(lookup: Lookup, entry: Entry) {
  push(lookup.exact, entry.compact, entry);
  lookup.longest = Math.max(lookup.longest, entry.compact.length);
  if (entry.letters >= 4) {
    for (const d of deletions(entry.compact)) push(lookup.deletes, d, entry);
    push(lookup.skeletons, skeleton(entry.compact), entry);
  }
}

type Token = {
  text: string;
  /** The phonetic key, generic words folded to one spelling ("uttor" → north). */
  key: string;
  /** The phonetic key before that folding ("notun" stays notun, for "Notunbazar"). */
  raw: string;
  bengali: boolean;
  /** The token with a Bengali case ending removed (ঢাকার → ঢাকা), when it has one. */
  altKey: string | undefined;
  isNumber: boolean;
  /** A number written as an ordinal ("3rd", "৩য়"): a phase or floor, never a section number. */
  ordinal: boolean;
  noise: boolean;
};

/** Bengali case endings: -য়ের, -ের, -এর, -তে, -কে, -য়, -র, -ে (NFC keeps য় as য + nukta). */
const bnSuffixes = [
  '\u09af\u09bc\u09c7\u09b0',
  '\u09c7\u09b0',
  '\u098f\u09b0',
  '\u09a4\u09c7',
  '\u0995\u09c7',
  '\u09af\u09bc',
  '\u09b0',
  '\u09c7',
];

function tokenize(text: string): Token[] {
  // Ordinals first, while the suffix still touches its number.
  const ordinals = new Set<number>();
  const words = normalizeSearchText(text)
    .split(' ')
    .map((word) => {
      const m = ordinal.exec(word);
      return m ? `${m[1]}\u0000` : word;
    })
    .join(' ');
  const folded = words
    .replace(/(\p{L}|\p{M})(?=\d)/gu, '$1 ')
    .replace(/(\d)(?=\p{L})/gu, '$1 ')
    .replace(/([a-z])(?=[\u0980-\u09ff])/g, '$1 ')
    .replace(/([\u0980-\u09ff])(?=[a-z])/g, '$1 ');
  const tokens: Token[] = [];
  for (const piece of folded.split(' ')) {
    const word = piece.replace('\u0000', '');
    if (!word) continue;
    if (word !== piece) ordinals.add(tokens.length);
    const isNumber = /^\d+$/.test(word);
    const key = isNumber ? phoneticKey(word) : canonicalKey(word);
    if (!key) continue;
    let altKey: string | undefined;
    if (!isNumber && bengaliScript.test(word)) {
      for (const suffix of bnSuffixes) {
        if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
          altKey = canonicalKey(word.slice(0, -suffix.length));
          break;
        }
      }
    }
    const raw = isNumber ? key : phoneticKey(word);
    const bengali = bengaliScript.test(word);
    const isOrdinal = ordinals.has(tokens.length);
    tokens.push({
      text: word,
      key,
      raw,
      bengali,
      altKey,
      isNumber,
      ordinal: isOrdinal,
      noise: noiseKeys.has(key),
    });
  }
  return tokens;
}

/** The spellings one name gives: "Baipayl / DEPZ", "Airport (Bimanbandar)", "Mirpur Model Thana". */
function nameVariants(name: string, districtWords: Set<string>): { text: string; weight: number }[] {
  const out: { text: string; weight: number }[] = [];
  for (const part of name.split('/')) {
    const inner = /\(([^)]*)\)/.exec(part)?.[1];
    const base = part.replace(/\([^)]*\)/g, ' ').trim();
    if (base) out.push({ text: base, weight: 1 });
    if (inner && !/\d/.test(inner)) {
      if (inner.includes(',')) {
        for (const piece of inner.split(',')) out.push({ text: piece.trim(), weight: 0.9 });
      } else {
        // "New Market (Chattogram)": the qualifier alone is no name of the area.
        if (!districtWords.has(normalizeSearchText(inner))) out.push({ text: inner.trim(), weight: 0.9 });
        out.push({ text: `${base} ${inner}`, weight: 1 });
      }
    }
  }
  return out.filter((v) => v.text.length > 0);
}

/** Builds the lookup tables once per gazetteer (a few milliseconds for 700 areas). */
export function buildAddressIndex(gazetteer: Gazetteer): AddressIndex {
  const names = newLookup();
  const numbered = newLookup();
  const districtNames = newLookup();
  const districtKeys = new Set<string>();
  /** `district:key` for each district's own names: an area named so is its district's echo. */
  const ownDistrictKeys = new Set<string>();
  const divisionOf = new Map(gazetteer.districts.map((d) => [d.id, d.divisionId]));

  const districts = [...gazetteer.districts];
  districts.forEach((district, target) => {
    const all = [
      district.nameEn,
      district.nameBn,
      ...district.aliases,
      ...(extraDistrictNames[district.id] ?? []),
    ];
    for (const name of all) {
      const keys = tokenize(name).map((t) => t.key);
      const compact = keys.join('');
      if (!compact) continue;
      districtKeys.add(compact);
      ownDistrictKeys.add(`${district.id}:${compact}`);
      addEntry(districtNames, {
        target,
        compact,
        letters: compact.replace(/\d/g, '').length,
        weight: 1,
        echo: false,
        bengali: bengaliScript.test(name),
        words: keys.length,
        place: false,
      });
    }
  });

  const divisionNames = new Map<string, Set<string>>();
  for (const division of gazetteer.divisions ?? []) {
    const members = new Set(districts.filter((d) => d.divisionId === division.id).map((d) => d.id));
    for (const name of [division.nameEn, division.nameBn, ...division.aliases]) {
      const compact = tokenize(name)
        .map((t) => t.key)
        .join('');
      if (compact) divisionNames.set(compact, members);
    }
  }

  const areas: IndexedArea[] = gazetteer.areas.map((a) => ({
    ...a,
    rank: kindRank[a.kind],
    divisionId: divisionOf.get(a.districtId),
  }));
  const districtWords = new Set(
    districts.flatMap((d) => [d.nameEn, d.nameBn, ...d.aliases].map((x) => normalizeSearchText(x))),
  );
  const heads = new Map<string, Set<number>>();
  const sourcesOf = (area: IndexedArea): { text: string; weight: number }[] => [
    ...nameVariants(area.nameEn, districtWords),
    ...nameVariants(area.nameBn, districtWords),
    ...area.aliases.flatMap((alias) =>
      nameVariants(alias, districtWords).map((v) => ({ ...v, weight: v.weight * 0.95 })),
    ),
  ];
  const seen = areas.map(() => new Map<string, Entry>());
  const add = (
    target: number,
    keys: string[],
    sourceWeight: number,
    bengali: boolean,
    num?: string,
    place = false,
  ) => {
    let weight = sourceWeight;
    const compact = keys.join('');
    const letters = compact.replace(/\d/g, '').length;
    if (compact.length < 2 || letters === 0) return;
    const id = `${compact}#${num ?? ''}`;
    const known = seen[target]?.get(id);
    if (known) {
      known.weight = Math.max(known.weight, weight);
      return;
    }
    // Named like its own district ("Narayanganj", "Gazipur" of Gazipur Sadar): by itself that is
    // the district's name. (Sherpur in Bogura is named like another district: not an echo.)
    const echo = ownDistrictKeys.has(`${areas[target]?.districtId}:${compact}`);
    // A lone generic word ("Chowrasta", "Bazar") is a weak name.
    if (keys.length === 1 && genericKeys.has(keys[0] as string)) weight *= 0.5;
    const entry: Entry = { target, compact, letters, weight, echo, bengali, words: keys.length, place };
    if (num !== undefined) entry.num = num;
    seen[target]?.set(id, entry);
    addEntry(num === undefined ? names : numbered, entry);
  };
  /** Both spellings of a name: generic words folded ("~new bazar") and as written ("notunbazar"). */
  const addBoth = (target: number, tokens: Token[], weight: number, bengali: boolean) => {
    add(
      target,
      tokens.map((t) => t.key),
      weight,
      bengali,
    );
    add(
      target,
      tokens.map((t) => t.raw),
      weight,
      bengali,
    );
  };
  areas.forEach((area, target) => {
    for (const source of sourcesOf(area)) {
      const bengali = bengaliScript.test(source.text);
      let tokens = tokenize(source.text);
      addBoth(target, tokens, source.weight, bengali);
      const head = tokens[0];
      if (tokens.length > 1 && head && !head.isNumber && !genericKeys.has(head.key) && head.key.length >= 5) {
        const set = heads.get(head.key) ?? new Set<number>();
        set.add(target);
        heads.set(head.key, set);
      }
      // Shorter spellings: without "Thana", "Model", "Mor"…, and "X Sadar" as plain "X".
      while (tokens.length > 1 && droppableTailKeys.has((tokens[tokens.length - 1] as Token).key)) {
        tokens = tokens.slice(0, -1);
        addBoth(target, tokens, source.weight * 0.95, bengali);
      }
      if (tokens.length > 1 && (tokens[tokens.length - 1] as Token).key === sadarKey) {
        addBoth(target, tokens.slice(0, -1), source.weight * 0.9, bengali);
      }
      // Numbered names: "Mirpur 10", "Uttara Sector 7", "Gulshan-2" (not "Banani Road 11").
      const numbers = tokens.filter((t) => t.isNumber);
      if (numbers.length === 1) {
        const at = tokens.findIndex((t) => t.isNumber);
        const before = tokens[at - 1];
        if (!before || !houseMarkerKeys.has(before.key)) {
          const base = tokens.filter((t) => !t.isNumber && !connectorKeys.has(t.key)).map((t) => t.key);
          if (base.length > 0) add(target, base, source.weight, bengali, numbers[0]?.key);
        }
      }
    }
  });
  // Post offices: weaker, and never where they would shadow a real name of any area (a village
  // office called "Ashuganj" is not Ashuganj upazila) or a district (Dhaka GPO).
  areas.forEach((area, target) => {
    for (const text of area.places ?? []) {
      const tokens = tokenize(text);
      const compact = tokens.map((t) => t.key).join('');
      if (names.exact.has(compact) || districtKeys.has(compact)) continue;
      add(
        target,
        tokens.map((t) => t.key),
        placeWeight,
        bengaliScript.test(text),
        undefined,
        true,
      );
    }
  });

  // Head words of longer names ("Uttara" of "Uttara East", "Uttara Sector 7"): weak, and only
  // where no area has that word as a whole name and it is not a district's or a generic word.
  for (const [head, targets] of heads) {
    if (names.exact.has(head) || districtKeys.has(head)) continue;
    for (const target of targets) {
      const entry = {
        target,
        compact: head,
        letters: head.length,
        weight: 0.55,
        echo: false,
        bengali: false,
      };
      addEntry(names, { ...entry, words: 1, place: false });
    }
  }

  const areaById = new Map(areas.map((a, i) => [a.id, i]));
  const postcodes = new Map<
    string,
    { districtId: string; areaIds: Set<string>; primary: string | undefined }
  >();
  for (const [code, value] of Object.entries(gazetteer.postcodes ?? {})) {
    const known = value.areaIds.filter((id) => areaById.has(id));
    postcodes.set(code, { districtId: value.districtId, areaIds: new Set(known), primary: known[0] });
  }
  // Areas' own postcodes count too (a city area's code, when the postcode list lacks it).
  for (const area of areas) {
    if (!area.postcode) continue;
    const known = postcodes.get(area.postcode);
    if (known) known.areaIds.add(area.id);
    else
      postcodes.set(area.postcode, {
        districtId: area.districtId,
        areaIds: new Set([area.id]),
        primary: area.id,
      });
  }
  return { areas, districts, names, numbered, districtNames, divisionNames, postcodes, areaById };
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
function lookup(table: Lookup, key: string, fuzzy = true): { entry: Entry; sim: number }[] {
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

type Span = { start: number; end: number };
type AreaMatch = Span & {
  area: number;
  strength: number;
  sim: number;
  echo: boolean;
  numbered: boolean;
  /** Spelt exactly as the name (before any discount for crossing scripts). */
  exact: boolean;
  text: string;
};
type DistrictMention = Span & { district: string; sim: number; divisionMembers: Set<string> | undefined };

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const contains = (a: Span, b: Span) =>
  a.start <= b.start && b.end <= a.end && a.end - a.start > b.end - b.start;

const maxWindow = 5;
/** District names are constraints, so they must be spelt closely ("Batara" is no "Bogura"). */
const minDistrictSim = 0.9;
/** Below this score nothing is credible enough to name an area. */
const minAreaScore = 0.3;
/** Scores above this are certain enough: candidates' scores are divided by it (then capped at 1). */
const fullScore = 1.3;

/** Short names are likelier to be met by chance ("Lama", "Bera"). */
function lengthFactor(letters: number): number {
  if (letters >= 5) return 1;
  if (letters === 4) return 0.9;
  return letters === 3 ? 0.75 : 0.6;
}

/** Windows of tokens [start, end) with their joined keys (and a variant with a case ending dropped). */
type Window = Span & {
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
function windows(tokens: Token[]): Window[] {
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
const rankBonus = [0, 0.05, 0.08];

/** Reads one address against the index. */
export function predictArea(index: AddressIndex, address: string): AddressPrediction {
  const tokens = tokenize(address);
  const n = tokens.length;
  const all = windows(tokens);
  const spanText = (s: Span) =>
    tokens
      .slice(s.start, s.end)
      .map((t) => t.text)
      .join(' ');

  // 1. District mentions: per window the best-spelt districts, and only where no overlapping
  //    window names a district better (so "Bogura" is not also a misspelt "Magura").
  let mentions: DistrictMention[] = [];
  for (const w of all) {
    const found = lookup(index.districtNames, w.key, w.meaningful).filter((x) => x.sim >= minDistrictSim);
    const top = Math.max(0, ...found.map((f) => f.sim));
    for (const { entry, sim } of found) {
      if (sim < top) continue;
      mentions.push({
        start: w.start,
        end: w.end,
        district: (index.districts[entry.target] as GazetteerDistrict).id,
        sim: w.stripped ? sim * 0.95 : sim,
        divisionMembers: sim === 1 ? index.divisionNames.get(entry.compact) : undefined,
      });
    }
  }
  mentions = mentions.filter(
    (m) =>
      !mentions.some(
        (o) =>
          o !== m &&
          overlaps(o, m) &&
          (o.sim > m.sim + 1e-9 || (o.sim >= m.sim - 1e-9 && o.end - o.start > m.end - m.start)),
      ),
  );

  // 2. Postcodes: a 4-digit number that is not a house or road number.
  let postcode:
    | { districtId: string; areaIds: Set<string>; primary: string | undefined; span: Span }
    | undefined;
  tokens.forEach((t, i) => {
    if (!t.isNumber || t.text.length !== 4) return;
    const before = tokens[i - 1];
    if (before && houseMarkerKeys.has(before.key)) return;
    const known = index.postcodes.get(t.text);
    if (known) postcode = { ...known, span: { start: i, end: i + 1 } };
  });

  // 3. Area names, exactly or (for windows with a real word in them) within the typo tolerance.
  const matches: AreaMatch[] = [];
  const addMatch = (
    entry: Entry,
    span: Span,
    sim: number,
    text: string,
    exact: boolean,
    numbered = false,
  ) => {
    let strength = sim * sim * entry.weight * lengthFactor(entry.letters);
    if (entry.echo) strength *= 0.5;
    // A name with its number ("Mirpur 10") says more than the name alone.
    if (numbered) strength += 0.1;
    // Words that exactly name a district are the district, not a near spelling of some place
    // ("Gazipur" is no misspelt "Gazipura"; "Jamalpur" no "Kamalpur").
    if (
      !exact &&
      !entry.echo &&
      mentions.some((d) => d.sim === 1 && d.start <= span.start && span.end <= d.end)
    ) {
      strength *= 0.4;
    }
    matches.push({ ...span, area: entry.target, strength, sim, echo: entry.echo, numbered, exact, text });
  };
  for (const w of all) {
    const found = new Map<Entry, number>();
    for (const key of w.raw === w.key ? [w.key] : [w.key, w.raw]) {
      for (const { entry, sim } of lookup(index.names, key, w.meaningful)) {
        found.set(entry, Math.max(found.get(entry) ?? 0, sim));
      }
    }
    for (const [entry, sim] of found) {
      let s = w.stripped ? sim * 0.95 : sim;
      // A noise word that is also a one-word name ("তলা", a floor, and Tala upazila) counts only
      // with its district named beside it.
      if (!w.meaningful && entry.words < 2) s *= 0.45;
      // A post office's name spelt only nearly is weak: people's names are spelt like villages.
      if (entry.place && sim < 1) s *= 0.85;
      // Latin words meeting a Bengali name (or the reverse) went through transliteration.
      if (w.bengali !== undefined && w.bengali !== entry.bengali) s *= 0.97;
      addMatch(entry, w, s, spanText(w), sim === 1 && !w.stripped);
    }
  }

  // 4. Numbered names: the number sits beside the name (through "no", "sector"), or follows
  //    "sector" anywhere ("Sector 7, Road 3, Uttara"); a house or road number never counts.
  const numberedHits: { w: Window; hits: { entry: Entry; sim: number }[] }[] = [];
  if (tokens.some((t) => t.isNumber)) {
    for (const w of all) {
      if (w.stripped || tokens.slice(w.start, w.end).some((x) => x.isNumber || x.noise)) continue;
      const hits = lookup(index.numbered, w.key);
      if (hits.length > 0) numberedHits.push({ w, hits });
    }
  }
  tokens.forEach((t, k) => {
    if (!t.isNumber || t.ordinal || t.text.length > 3) return;
    const before = tokens[k - 1];
    if (before && houseMarkerKeys.has(before.key)) return;
    const afterSector = before?.key === sectorKey;
    const beside = (s: Span) => {
      const gap = s.end <= k ? tokens.slice(s.end, k) : tokens.slice(k + 1, s.start);
      return gap.length <= 2 && gap.every((g) => connectorKeys.has(g.key));
    };
    for (const { w, hits } of numberedHits) {
      if (w.start <= k && k < w.end) continue;
      if (!afterSector && !beside(w)) continue;
      for (const { entry, sim } of hits) {
        if (entry.num !== t.key) continue;
        const span = afterSector ? w : { start: Math.min(w.start, k), end: Math.max(w.end, k + 1) };
        addMatch(entry, span, sim, `${spanText(w)} ${t.text}`, sim === 1, true);
      }
    }
  });

  // A district's name inside a longer place name is no mention of the district ("Chittagong
  // Road, Siddhirganj"; "Dhaka College").
  mentions = mentions.filter(
    (d) =>
      !matches.some(
        (m) =>
          m.exact && !m.echo && m.start <= d.start && d.end <= m.end && m.end - m.start > d.end - d.start,
      ),
  );

  // 5. Each area's best match, then what the rest of the address says about it.
  const byArea = new Map<number, AreaMatch[]>();
  for (const m of matches) push(byArea, m.area, m);
  const best = new Map<number, AreaMatch>();
  for (const m of matches) {
    const known = best.get(m.area);
    const longer = known && m.end - m.start > known.end - known.start;
    if (!known || m.strength > known.strength + 1e-9 || (m.strength > known.strength - 1e-9 && longer)) {
      best.set(m.area, m);
    }
  }
  const areaOf = (target: number) => index.areas[target] as IndexedArea;
  const sameSpan = (a: Span, b: Span) => a.start === b.start && a.end === b.end;
  // How fine the place named is: a neighbourhood's rank, unless its words also name a whole
  // upazila or thana of the district ("Savar" the suburb is also Savar the upazila).
  const level = new Map<number, number>();
  for (const [target, match] of best) {
    const area = areaOf(target);
    let rank = area.rank;
    for (const [other, m] of best) {
      const o = areaOf(other);
      if (o.districtId === area.districtId && sameSpan(m, match) && m.sim >= 0.9)
        rank = Math.min(rank, o.rank);
    }
    level.set(target, rank);
  }
  const landmark = (s: Span) =>
    landmarkKeys.has(tokens[s.end]?.key ?? '') ||
    landmarkKeys.has(tokens[s.end + 1]?.key ?? '') ||
    landmarkKeys.has(tokens[s.start - 1]?.key ?? '');

  const scored: { area: IndexedArea; match: AreaMatch; score: number; consistent: boolean }[] = [];
  for (const [target, match] of best) {
    const area = areaOf(target);
    let score = match.strength;
    // Words that exactly name a district are the district: another district's area, or a
    // misspelling of some area's name, is the lesser reading ("Sherpur", "Gazipur").
    const within = (d: Span) => d.start <= match.start && match.end <= d.end;
    const here = mentions.filter((d) => within(d) && d.sim === 1);
    // Words this area owns exactly are its name, not another district's ("Bhogra" is a spelling
    // of Bogura and a place at Gazipur Chowrasta).
    const own = byArea.get(target) ?? [];
    const elsewhere = mentions.filter(
      (d) => !overlaps(d, match) && !own.some((m) => m.exact && sameSpan(m, d)),
    );
    const supported = elsewhere.find((d) => d.district === area.districtId);
    if (here.some((d) => d.district !== area.districtId) && !supported) score *= 0.3;
    // A district named elsewhere in the address must agree. A name that is also a division's
    // ("Srimongol, Sylhet") does not count against the division's other districts.
    let consistent = true;
    if (elsewhere.length > 0) {
      if (supported) score += 0.35 * supported.sim;
      else if (!elsewhere.some((d) => d.divisionMembers?.has(area.districtId))) {
        score *= 0.4;
        consistent = false;
      }
    }
    if (postcode && !overlaps(postcode.span, match)) {
      if (postcode.areaIds.has(area.id)) score += 0.25;
      else if (postcode.districtId === area.districtId) score += 0.1;
      else {
        score *= 0.6;
        consistent = false;
      }
    }
    let agrees = false;
    let finer = false;
    let inside = false;
    for (const [otherTarget, other] of best) {
      if (otherTarget === target) continue;
      const o = areaOf(otherTarget);
      if (o.districtId === area.districtId && !overlaps(other, match) && !other.echo) {
        // Another place of the same district agrees; a finer one there is the answer.
        if (other.strength >= 0.45) agrees = true;
        // (Not when this area owns those words too: "West Kafrul, Taltola" names Kafrul twice.)
        const shared = (byArea.get(target) ?? []).some((own) => overlaps(own, other));
        const finerLevel = (level.get(otherTarget) ?? 0) > (level.get(target) ?? 0);
        if (finerLevel && !shared && other.strength >= 0.6 * match.strength) finer = true;
      }
      // Part of a longer name another area owns ("Mirpur" inside "Mirpur 10").
      for (const m of byArea.get(otherTarget) ?? []) {
        const within =
          contains(m, match) || (m.numbered && !match.numbered && overlaps(m, match) && !contains(match, m));
        // …unless this area owns that longer name too ("Jigatola Bus Stand").
        const shared = (byArea.get(target) ?? []).some(
          (own) => sameSpan(own, m) && own.strength >= 0.8 * m.strength,
        );
        // A fuzzy longer name does not swallow an exact shorter one ("Kattali" is no "Kotwali").
        if (within && !shared && m.sim >= match.sim - 0.02 && m.strength >= 0.6 * match.strength)
          inside = true;
      }
    }
    // Named twice, in different words ("Foys Lake … Khulshi"): more sure.
    const again = (byArea.get(target) ?? []).some((m) => !overlaps(m, match) && m.strength >= 0.45);
    if (again) score += 0.1;
    if (agrees) score += 0.12;
    if (finer) score *= 0.85;
    if (inside) score *= 0.5;
    if (landmark(match)) score *= 0.92;
    // "Dhunot road", "Airport road": a street named after a place leads there; it is not there.
    if (tokens[match.end]?.key === roadKey) score *= 0.88;
    // Specific before general: the finer kind of area, and what the address says first.
    score += rankBonus[area.rank] ?? 0;
    score += 0.06 * (1 - match.start / Math.max(1, n));
    scored.push({ area, match, score, consistent });
  }

  // 6. A postcode alone still names its main area.
  const primary = postcode?.primary ? index.areaById.get(postcode.primary) : undefined;
  if (postcode && primary !== undefined && !best.has(primary)) {
    const match = {
      ...postcode.span,
      area: primary,
      strength: 0.45,
      sim: 1,
      echo: false,
      numbered: false,
      exact: true,
    };
    scored.push({
      area: areaOf(primary),
      match: { ...match, text: spanText(postcode.span) },
      score: 0.45,
      consistent: true,
    });
  }

  scored.sort((a, b) => b.score - a.score || b.area.rank - a.area.rank || a.match.start - b.match.start);
  // An area in a district the address contradicts is never the answer, however well spelt.
  const top = scored.find((s) => s.consistent);
  const candidates = scored.slice(0, 5).map((s) => ({
    areaId: s.area.id,
    districtId: s.area.districtId,
    score: round(s.score / fullScore),
    matched: s.match.text,
  }));

  if (!top || top.score < minAreaScore) {
    // No area: still say the district when one is named (the best spelt, then the last).
    const district = [...mentions].sort((a, b) => b.sim - a.sim || b.start - a.start)[0];
    const districtId = district?.district ?? postcode?.districtId ?? null;
    return { districtId, areaId: null, confidence: districtId ? 0.3 : 0, candidates };
  }
  const second = scored.find((s) => s.area.id !== top.area.id);
  const margin = second ? 1 - Math.max(0, second.score) / top.score : 1;
  const confidence = Math.min(1, top.score / fullScore) * (0.55 + 0.45 * margin);
  return { districtId: top.area.districtId, areaId: top.area.id, confidence: round(confidence), candidates };
}

const round = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
