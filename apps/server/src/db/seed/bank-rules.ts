import { makeRoutingNumber } from '@dak/domain/banks';

/**
 * Rules for the sample bank-branch seed (see banks.README.md): which districts get branches,
 * their 2-digit district codes, and how routing numbers are made. Pure, so it is unit-tested and
 * used by scripts/build-bank-branches.ts to write bank-branches.json.
 */

/** Bangladesh Bureau of Statistics district geocodes (2 digits), by our district id. */
export const districtCodes: Record<string, string> = {
  bagerhat: '01',
  bandarban: '03',
  barguna: '04',
  barishal: '06',
  bhola: '09',
  bogura: '10',
  brahmanbaria: '12',
  chandpur: '13',
  chattogram: '15',
  chuadanga: '18',
  cumilla: '19',
  'coxs-bazar': '22',
  dhaka: '26',
  dinajpur: '27',
  faridpur: '29',
  feni: '30',
  gaibandha: '32',
  gazipur: '33',
  gopalganj: '35',
  habiganj: '36',
  joypurhat: '38',
  jamalpur: '39',
  jashore: '41',
  jhalakathi: '42',
  jhenaidah: '44',
  khagrachhari: '46',
  khulna: '47',
  kishoreganj: '48',
  kurigram: '49',
  kushtia: '50',
  lakshmipur: '51',
  lalmonirhat: '52',
  madaripur: '54',
  magura: '55',
  manikganj: '56',
  meherpur: '57',
  moulvibazar: '58',
  munshiganj: '59',
  mymensingh: '61',
  naogaon: '64',
  narail: '65',
  narayanganj: '67',
  narsingdi: '68',
  natore: '69',
  chapainawabganj: '70',
  netrokona: '72',
  nilphamari: '73',
  noakhali: '75',
  pabna: '76',
  panchagarh: '77',
  patuakhali: '78',
  pirojpur: '79',
  rajshahi: '81',
  rajbari: '82',
  rangamati: '84',
  rangpur: '85',
  shariatpur: '86',
  satkhira: '87',
  sirajganj: '88',
  sherpur: '89',
  sunamganj: '90',
  sylhet: '91',
  tangail: '93',
  thakurgaon: '94',
};

type Place = { en: string; bn: string };

/** Branch locations per district, most important first; a bank takes the first N of each. */
export const branchPlaces: Record<string, { city: Place; places: Place[] }> = {
  dhaka: {
    city: { en: 'Dhaka', bn: 'ঢাকা' },
    places: [
      { en: 'Motijheel', bn: 'মতিঝিল' },
      { en: 'Gulshan', bn: 'গুলশান' },
      { en: 'Dhanmondi', bn: 'ধানমন্ডি' },
      { en: 'Uttara', bn: 'উত্তরা' },
      { en: 'Mirpur', bn: 'মিরপুর' },
      { en: 'Banani', bn: 'বনানী' },
      { en: 'Kawran Bazar', bn: 'কারওয়ান বাজার' },
      { en: 'Mohakhali', bn: 'মহাখালী' },
      { en: 'Elephant Road', bn: 'এলিফ্যান্ট রোড' },
      { en: 'Islampur', bn: 'ইসলামপুর' },
      { en: 'Bashundhara', bn: 'বসুন্ধরা' },
      { en: 'Savar', bn: 'সাভার' },
    ],
  },
  chattogram: {
    city: { en: 'Chattogram', bn: 'চট্টগ্রাম' },
    places: [
      { en: 'Agrabad', bn: 'আগ্রাবাদ' },
      { en: 'Khatunganj', bn: 'খাতুনগঞ্জ' },
      { en: 'O.R. Nizam Road', bn: 'ও.আর. নিজাম রোড' },
      { en: 'Jubilee Road', bn: 'জুবিলী রোড' },
      { en: 'Halishahar', bn: 'হালিশহর' },
    ],
  },
  sylhet: {
    city: { en: 'Sylhet', bn: 'সিলেট' },
    places: [
      { en: 'Zindabazar', bn: 'জিন্দাবাজার' },
      { en: 'Amberkhana', bn: 'আম্বরখানা' },
    ],
  },
  rajshahi: {
    city: { en: 'Rajshahi', bn: 'রাজশাহী' },
    places: [
      { en: 'Shaheb Bazar', bn: 'সাহেব বাজার' },
      { en: 'Laxmipur', bn: 'লক্ষ্মীপুর' },
    ],
  },
  khulna: {
    city: { en: 'Khulna', bn: 'খুলনা' },
    places: [
      { en: 'KDA Avenue', bn: 'কেডিএ এভিনিউ' },
      { en: 'Sir Iqbal Road', bn: 'স্যার ইকবাল রোড' },
    ],
  },
  barishal: { city: { en: 'Barishal', bn: 'বরিশাল' }, places: [{ en: 'Sadar Road', bn: 'সদর রোড' }] },
  rangpur: {
    city: { en: 'Rangpur', bn: 'রংপুর' },
    places: [{ en: 'Jahaj Company More', bn: 'জাহাজ কোম্পানি মোড়' }],
  },
  mymensingh: { city: { en: 'Mymensingh', bn: 'ময়মনসিংহ' }, places: [{ en: 'Ganginarpar', bn: 'গাঙ্গিনারপাড়' }] },
  gazipur: {
    city: { en: 'Gazipur', bn: 'গাজীপুর' },
    places: [
      { en: 'Chowrasta', bn: 'চৌরাস্তা' },
      { en: 'Tongi', bn: 'টঙ্গী' },
    ],
  },
  narayanganj: {
    city: { en: 'Narayanganj', bn: 'নারায়ণগঞ্জ' },
    places: [
      { en: 'Narayanganj', bn: 'নারায়ণগঞ্জ' },
      { en: 'Fatullah', bn: 'ফতুল্লা' },
    ],
  },
  cumilla: { city: { en: 'Cumilla', bn: 'কুমিল্লা' }, places: [{ en: 'Kandirpar', bn: 'কান্দিরপাড়' }] },
  bogura: { city: { en: 'Bogura', bn: 'বগুড়া' }, places: [{ en: 'Satmatha', bn: 'সাতমাথা' }] },
  'coxs-bazar': { city: { en: "Cox's Bazar", bn: 'কক্সবাজার' }, places: [{ en: "Cox's Bazar", bn: 'কক্সবাজার' }] },
  jashore: { city: { en: 'Jashore', bn: 'যশোর' }, places: [{ en: 'Jashore', bn: 'যশোর' }] },
};

/**
 * How many branches a bank of each tier has per district (a sample, not the real network):
 * A large banks, B mid-sized, C newer ones, R the northern agricultural bank, F foreign banks.
 */
export const tierBranches: Record<string, Record<string, number>> = {
  A: {
    dhaka: 12,
    chattogram: 5,
    sylhet: 2,
    rajshahi: 2,
    khulna: 2,
    barishal: 1,
    rangpur: 1,
    mymensingh: 1,
    gazipur: 2,
    narayanganj: 2,
    cumilla: 1,
    bogura: 1,
    'coxs-bazar': 1,
    jashore: 1,
  },
  B: {
    dhaka: 7,
    chattogram: 3,
    sylhet: 1,
    rajshahi: 1,
    khulna: 1,
    barishal: 1,
    gazipur: 1,
    narayanganj: 1,
    cumilla: 1,
    bogura: 1,
  },
  C: { dhaka: 4, chattogram: 1, sylhet: 1, gazipur: 1, narayanganj: 1 },
  R: { rajshahi: 2, rangpur: 1, bogura: 1, dhaka: 1 },
  F: { dhaka: 2, chattogram: 1 },
};

export type BankSeed = {
  id: string;
  code: string;
  name_en: string;
  name_bn: string | null;
  short_name: string | null;
  kind: 'state_owned' | 'specialised' | 'private' | 'islamic' | 'foreign';
  tier: string;
};

export type BranchSeed = {
  routing_number: string;
  bank_id: string;
  name_en: string;
  name_bn: string;
  district_id: string;
  address: string;
  active: boolean;
};

/**
 * The sample branches of every bank: for each district of its tier, the first N places, branch
 * codes 001, 002, … within the district, routing number bank code + district code + branch code +
 * check digit. Every 13th branch overall is inactive (closed or merged), so the filter that hides
 * inactive branches is exercised by real rows.
 */
export function buildBranches(banks: readonly BankSeed[]): BranchSeed[] {
  const out: BranchSeed[] = [];
  let n = 0;
  for (const bank of banks) {
    const plan = tierBranches[bank.tier];
    if (!plan) throw new Error(`bank ${bank.id}: unknown tier ${bank.tier}`);
    for (const [districtId, count] of Object.entries(plan)) {
      const where = branchPlaces[districtId];
      const districtCode = districtCodes[districtId];
      if (!where || !districtCode) throw new Error(`no places or code for ${districtId}`);
      if (count > where.places.length)
        throw new Error(`${districtId} has only ${where.places.length} places`);
      where.places.slice(0, count).forEach((place, i) => {
        n += 1;
        out.push({
          routing_number: makeRoutingNumber({
            bankCode: bank.code,
            districtCode,
            branchCode: String(i + 1).padStart(3, '0'),
          }),
          bank_id: bank.id,
          name_en: `${place.en} Branch`,
          name_bn: `${place.bn} শাখা`,
          district_id: districtId,
          address: place.en === where.city.en ? where.city.en : `${place.en}, ${where.city.en}`,
          active: n % 13 !== 0,
        });
      });
    }
  }
  return out;
}
