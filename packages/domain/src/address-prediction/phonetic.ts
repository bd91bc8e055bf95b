/** Phonetic keys: Bengali transliterated letter by letter, Latin spellings folded to one key. */

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

export const bengaliScript = /[\u0980-\u09ff]/;

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
