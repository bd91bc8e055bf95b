import { describe, expect, it } from 'vitest';
import {
  addressPredictionRequestSchema,
  buildAddressIndex,
  type Gazetteer,
  type GazetteerArea,
  phoneticKey,
  predictArea,
  transliterateBengali,
  weightedDistance,
} from './address-prediction';

const area = (
  id: string,
  kind: GazetteerArea['kind'],
  nameEn: string,
  nameBn: string,
  aliases: string[] = [],
): GazetteerArea => ({
  id,
  districtId: id.startsWith('dhaka-city') ? 'dhaka' : (id.split('--')[0] as string),
  kind,
  nameEn,
  nameBn,
  aliases,
});

/** A small map with the traps of the real one: two Mirpurs, two Chawkbazars, Tala, a Sadar. */
const gazetteer: Gazetteer = {
  divisions: [
    { id: 'dhaka', nameEn: 'Dhaka', nameBn: 'ঢাকা', aliases: [] },
    { id: 'khulna', nameEn: 'Khulna', nameBn: 'খুলনা', aliases: [] },
    { id: 'chattogram', nameEn: 'Chattogram', nameBn: 'চট্টগ্রাম', aliases: ['Chittagong'] },
  ],
  districts: [
    { id: 'dhaka', nameEn: 'Dhaka', nameBn: 'ঢাকা', aliases: [], divisionId: 'dhaka' },
    { id: 'gazipur', nameEn: 'Gazipur', nameBn: 'গাজীপুর', aliases: [], divisionId: 'dhaka' },
    { id: 'kushtia', nameEn: 'Kushtia', nameBn: 'কুষ্টিয়া', aliases: [], divisionId: 'khulna' },
    { id: 'satkhira', nameEn: 'Satkhira', nameBn: 'সাতক্ষীরা', aliases: [], divisionId: 'khulna' },
    {
      id: 'chattogram',
      nameEn: 'Chattogram',
      nameBn: 'চট্টগ্রাম',
      aliases: ['Chittagong'],
      divisionId: 'chattogram',
    },
    { id: 'feni', nameEn: 'Feni', nameBn: 'ফেনী', aliases: [], divisionId: 'chattogram' },
  ],
  areas: [
    area('dhaka-city--mirpur-model', 'thana', 'Mirpur Model', 'মিরপুর মডেল', ['Mirpur', 'Mirpur Thana']),
    area('dhaka-city--mirpur-10', 'neighbourhood', 'Mirpur 10', 'মিরপুর ১০', [
      'Mirpur 10 Golchattar',
      'Senpara',
    ]),
    area('dhaka-city--kazipara', 'neighbourhood', 'Kazipara', 'কাজীপাড়া', ['Kazi Para']),
    area('dhaka-city--uttara-west', 'thana', 'Uttara West', 'উত্তরা পশ্চিম', [
      'Uttara Sector 7',
      'Uttara Sector 10',
    ]),
    area('dhaka-city--uttara-east', 'thana', 'Uttara East', 'উত্তরা পূর্ব', [
      'Uttara Sector 4',
      'Uttara Sector 6',
    ]),
    area('dhaka-city--dhanmondi', 'thana', 'Dhanmondi', 'ধানমন্ডি', ['Dhanmondi 32']),
    area('dhaka-city--chawkbazar', 'thana', 'Chawkbazar', 'চকবাজার'),
    area('chattogram-city--chawkbazar', 'thana', 'Chawkbazar', 'চকবাজার', ['Chawkbazar Ctg']),
    { ...area('kushtia--mirpur', 'upazila', 'Mirpur', 'মিরপুর'), districtId: 'kushtia' },
    area('satkhira--tala', 'upazila', 'Tala', 'তালা'),
    area('feni--feni-sadar', 'upazila', 'Feni Sadar', 'ফেনী সদর'),
    area('gazipur--kaliakair', 'upazila', 'Kaliakair', 'কালিয়াকৈর'),
  ],
  postcodes: {
    '1216': { districtId: 'dhaka', areaIds: ['dhaka-city--mirpur-model', 'dhaka-city--mirpur-10'] },
  },
};
const index = buildAddressIndex(gazetteer);
const read = (address: string) => predictArea(index, address);

describe('phonetic keys', () => {
  it('fold Banglish spellings of one name together', () => {
    expect(phoneticKey('Mirpoor')).toBe(phoneticKey('Mirpur'));
    expect(phoneticKey('Dhanmondhi')).toBe(phoneticKey('Dhanmondi'));
    expect(phoneticKey('Danmondi')).toBe(phoneticKey('Dhanmondi'));
    expect(phoneticKey('Mohammodpur')).toBe(phoneticKey('Mohammadpur'));
    expect(phoneticKey('Silet')).toBe(phoneticKey('Sylhet'));
    expect(phoneticKey('Zatrabari')).toBe(phoneticKey('Jatrabari'));
  });

  it('meet Bengali spellings through transliteration', () => {
    expect(transliterateBengali('মিরপুর')).toBe('mirpur');
    expect(transliterateBengali('ধানমন্ডি')).toBe('dhanmondi');
    expect(phoneticKey('মোহাম্মদপুর')).toBe(phoneticKey('Mohammadpur'));
    expect(phoneticKey('চাঁদপুর')).toBe(phoneticKey('Chandpur'));
    // ক্ষ reads kh, য় after o is a w
    expect(transliterateBengali('খিলক্ষেত')).toBe('khilkhet');
    expect(phoneticKey('কোতোয়ালী')).not.toBe(phoneticKey('Kattali'));
  });

  it('keep numbers as numbers, without leading zeros', () => {
    expect(phoneticKey('০১')).toBe('1');
    expect(phoneticKey('10')).toBe('10');
  });
});

describe('weightedDistance', () => {
  it('charges little for vowels, much for digits, and gives up past the limit', () => {
    expect(weightedDistance('mirpur', 'mirpur', 1)).toBe(0);
    expect(weightedDistance('gabatli', 'gabtali', 1)).toBeLessThanOrEqual(0.6);
    expect(weightedDistance('mirpur10', 'mirpur11', 3)).toBe(Number.POSITIVE_INFINITY);
    expect(weightedDistance('kaliakair', 'tangail', 1.5)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('predictArea', () => {
  it('reads a Dhaka neighbourhood with its number, over the thana inside its name', () => {
    const r = read('mirpur 10 golchottor er pashe');
    expect(r).toMatchObject({ areaId: 'dhaka-city--mirpur-10', districtId: 'dhaka' });
    expect(r.candidates[0]).toMatchObject({ areaId: 'dhaka-city--mirpur-10', districtId: 'dhaka' });
    expect(r.confidence).toBeGreaterThan(0.5);
  });

  it('does not read a house or road number as a section number', () => {
    expect(read('House 10, Road 10, Mirpur, Dhaka').areaId).toBe('dhaka-city--mirpur-model');
  });

  it('pairs "sector N" with Uttara wherever the address puts them', () => {
    expect(read('House 5, Road 3, Sector 7, Uttara').areaId).toBe('dhaka-city--uttara-west');
    expect(read('উত্তরা ৬ নং সেক্টর').areaId).toBe('dhaka-city--uttara-east');
  });

  it('lets a named district decide between places of one name', () => {
    expect(read('Mirpur, Kushtia').areaId).toBe('kushtia--mirpur');
    expect(read('Mirpur, Dhaka').areaId).toBe('dhaka-city--mirpur-model');
    expect(read('Chawkbazar, Ctg').areaId).toBe('chattogram-city--chawkbazar');
    expect(read('চকবাজার, ঢাকা').areaId).toBe('dhaka-city--chawkbazar');
  });

  it('favours the Dhaka city area when nothing else decides', () => {
    expect(read('Mirpur').areaId).toBe('dhaka-city--mirpur-model');
  });

  it('prefers the finer place named alongside its thana', () => {
    expect(read('Kazipara, Mirpur').areaId).toBe('dhaka-city--kazipara');
  });

  it('forgives typos in long names but not in short ones', () => {
    expect(read('Kaliakoir, Gazipur').areaId).toBe('gazipur--kaliakair');
    expect(read('Dhanmodi road 8').areaId).toBe('dhaka-city--dhanmondi');
    expect(read('Tila').areaId).toBeNull();
  });

  it('reads Bengali and mixed scripts', () => {
    expect(read('বাসা ১২, রোড ৫, ধানমন্ডি, ঢাকা').areaId).toBe('dhaka-city--dhanmondi');
    expect(read('House 10, রোড ৫, Mirpur ১০').areaId).toBe('dhaka-city--mirpur-10');
  });

  it('reads a district alone as its Sadar upazila, and Dhaka alone as no area', () => {
    expect(read('Feni')).toMatchObject({ areaId: 'feni--feni-sadar', districtId: 'feni' });
    const dhaka = read('Dhaka');
    expect(dhaka).toMatchObject({ areaId: null, districtId: 'dhaka' });
    expect(dhaka.confidence).toBeLessThan(0.5);
  });

  it('uses a postcode when no name is given', () => {
    expect(read('Road 3, House 12, Dhaka-1216')).toMatchObject({
      areaId: 'dhaka-city--mirpur-model',
      districtId: 'dhaka',
    });
  });

  it('does not read a floor (তলা) as Tala upazila unless its district is named', () => {
    expect(read('বাসা ১২, রোড ৫, তিন তলা').areaId).toBeNull();
    expect(read('Tala, Satkhira').areaId).toBe('satkhira--tala');
  });

  it('never names an area in a district the address contradicts', () => {
    expect(read('Kaliakair, Kushtia')).toMatchObject({ areaId: null, districtId: 'kushtia' });
  });

  it('answers nulls for text that names no place', () => {
    for (const text of ['House 12, Road 5', 'please call before coming', '01712345678', '!!!']) {
      expect(read(text)).toMatchObject({ areaId: null, districtId: null, confidence: 0 });
    }
  });

  it('scores candidates in 0..1, best first, with the words that matched', () => {
    const { candidates } = read('Mirpur');
    expect(candidates.length).toBeGreaterThan(1);
    for (const c of candidates) expect(c.score).toBeGreaterThanOrEqual(0);
    expect(candidates.map((c) => c.score)).toEqual([...candidates.map((c) => c.score)].sort((a, b) => b - a));
    expect(candidates[0]?.matched).toBe('mirpur');
  });
});

describe('addressPredictionRequestSchema', () => {
  it('takes 1 to 500 characters, trimmed', () => {
    expect(addressPredictionRequestSchema.parse({ address: '  Mirpur 10 ' })).toEqual({
      address: 'Mirpur 10',
    });
    expect(addressPredictionRequestSchema.safeParse({ address: '   ' }).success).toBe(false);
    expect(addressPredictionRequestSchema.safeParse({ address: 'x'.repeat(501) }).success).toBe(false);
    expect(addressPredictionRequestSchema.safeParse({ address: 'x'.repeat(500) }).success).toBe(true);
  });
});

describe('landmarks', () => {
  const withLandmarks = buildAddressIndex({
    ...gazetteer,
    districts: [
      ...gazetteer.districts,
      { id: 'khulna', nameEn: 'Khulna', nameBn: 'খুলনা', aliases: [], divisionId: 'khulna' },
    ],
    landmarks: [
      { names: ['Pragati Sarani', 'প্রগতি সরণি'], districtId: 'dhaka', areaId: 'dhaka-city--mirpur-10' },
      { names: ['Sonadanga'], districtId: 'khulna', areaId: null },
      // A landmark never shadows an area's own name.
      { names: ['Kazipara'], districtId: 'khulna', areaId: null },
    ],
  });

  it('reads a landmark as its area, more weakly than the area’s own name', () => {
    expect(predictArea(withLandmarks, 'House 3, Pragati Sarani').areaId).toBe('dhaka-city--mirpur-10');
    expect(predictArea(withLandmarks, 'প্রগতি সরণি').areaId).toBe('dhaka-city--mirpur-10');
    expect(predictArea(withLandmarks, 'Kazipara').areaId).toBe('dhaka-city--kazipara');
  });

  it('reads a landmark without an area as its district only, unless another district is spelt out', () => {
    expect(predictArea(withLandmarks, 'Sonadanga R/A')).toMatchObject({ districtId: 'khulna', areaId: null });
    expect(predictArea(withLandmarks, 'Sonadanga, Feni').districtId).toBe('feni');
  });
});
