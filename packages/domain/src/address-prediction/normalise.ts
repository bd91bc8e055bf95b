import { normalizeSearchText } from '../geo';
import { bengaliScript, phoneticKey } from './phonetic';

/** From text to tokens: the vocabulary (synonyms, noise, generic, house-number and landmark words,
 * district spellings) and the tokenizer that keys each word. */

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
export const genericKeys = new Set([
  ...noiseKeys,
  ...synonyms.values(),
  ...canonicalKeysOf(
    'bazar chowrasta chourasta mor circle chattar chottor golchattar bus stand market point',
  ),
]);
/** A number right after one of these is a house, road or flat number, not part of a place name. */
export const houseMarkerKeys = new Set(
  canonicalKeysOf(
    `house h hno holding road lane ln block blk flat floor fl level lvl apt apartment building bldg plot
     basa bari bashay room suite unit tower বাসা বাড়ি বাড়ী রোড লেন ব্লক ফ্ল্যাট হোল্ডিং প্লট তলা`,
  ),
);
/** Words between a place name and its number: "Uttara 7 no sector", "Mirpur section 10". */
export const connectorKeys = new Set(canonicalKeysOf('sector no er'));
export const sectorKey = canonicalKey('sector');
/** "3rd", "10th", "৩য়", "৪র্থ": a number with an ordinal suffix written onto it. */
const ordinal =
  /^(\d+)(st|nd|rd|th|\u09ae|\u09af\u09bc|\u09df|\u09b0\u09cd\u09a5|\u09b7\u09cd\u09a0|\u09a4\u09ae)$/u;
/** Words after a landmark, or before one: the address is near it, maybe not in it. */
export const landmarkKeys = new Set(
  canonicalKeysOf(
    'near nearby beside besides opposite opp behind pashe pase kache kase samne shamne পাশে কাছে সামনে নিকটে',
  ),
);
/** Trailing words a name may drop ("Alankar Mor" is also "Alankar"; "Mirpur Model Thana"). */
export const droppableTailKeys = new Set(
  canonicalKeysOf('thana model mor circle chattar chottor golchattar thana থানা মডেল'),
);
export const sadarKey = canonicalKey('sadar');
export const roadKey = canonicalKey('road');
/** Words that make the name before them a street ("Jessore Road", "Pragati Sarani", "Gabtoli Road"):
 * a street named after a place leads there; it is not there. */
export const streetKeys = new Set(
  canonicalKeysOf(
    'road sarak sharak sharok sorok sarani sharani soroni shoroni avenue highway সড়ক সরণি সরণী',
  ),
);

/** Common spellings and abbreviations of districts that the data's aliases leave out. */
export const extraDistrictNames: Record<string, string[]> = {
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

export type Token = {
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

export function tokenize(text: string): Token[] {
  // Ordinals first, while the suffix still touches its number.
  const ordinals = new Set<number>();
  // "Road.Narayangonj": a full stop between two words parts them ("B.Baria", "P.O." stay whole).
  const words = normalizeSearchText(text.replace(/(\p{L}{2,})\.(?=\p{L}{2,})/gu, '$1 '))
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
