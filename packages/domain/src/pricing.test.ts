import { describe, expect, it } from 'vitest';
import {
  type ChargeInput,
  cashTakaSchema,
  cashTextSchema,
  chargeQuerySchema,
  checkWeight,
  computeCharge,
  defaultPricePlan,
  type PricePlan,
  pickupDate,
  pickupDateChangesAt,
  plainChargeQuery,
  pricePlanSchema,
  pricingMessages,
  type RateArea,
  type RateClass,
  rateClass,
  weightGramsSchema,
  weightLimits,
} from './pricing';

// Areas by zone and district, as the seed has them.
const area = {
  mirpur: { districtId: 'dhaka', zoneId: 'dhaka_city' },
  gulshan: { districtId: 'dhaka', zoneId: 'dhaka_city' },
  savar: { districtId: 'dhaka', zoneId: 'dhaka_suburbs' },
  keraniganj: { districtId: 'dhaka', zoneId: 'dhaka_suburbs' },
  tongi: { districtId: 'gazipur', zoneId: 'dhaka_suburbs' },
  fatullah: { districtId: 'narayanganj', zoneId: 'dhaka_suburbs' },
  araihazar: { districtId: 'narayanganj', zoneId: 'outside_dhaka' },
  dhamrai: { districtId: 'dhaka', zoneId: 'outside_dhaka' },
  agrabad: { districtId: 'chattogram', zoneId: 'chattogram_city' },
  pahartali: { districtId: 'chattogram', zoneId: 'chattogram_city' },
  hathazari: { districtId: 'chattogram', zoneId: 'outside_dhaka' },
  cumillaSadar: { districtId: 'cumilla', zoneId: 'outside_dhaka' },
  debidwar: { districtId: 'cumilla', zoneId: 'outside_dhaka' },
  sylhetSadar: { districtId: 'sylhet', zoneId: 'outside_dhaka' },
  newZoneA: { districtId: 'rajshahi', zoneId: 'rajshahi_city' },
  newZoneB: { districtId: 'rajshahi', zoneId: 'outside_dhaka' },
} satisfies Record<string, RateArea>;
type Name = keyof typeof area;

describe('rateClass: the full matrix of zones, within and across districts', () => {
  // [pickup, delivery, expected]; every row is also checked the other way round.
  const matrix: [Name, Name, RateClass][] = [
    // Dhaka city with …
    ['mirpur', 'mirpur', 'same_city'],
    ['mirpur', 'gulshan', 'same_city'],
    ['mirpur', 'savar', 'suburbs'], // suburb in Dhaka district
    ['mirpur', 'tongi', 'suburbs'], // suburb in Gazipur district
    ['mirpur', 'fatullah', 'suburbs'],
    ['mirpur', 'dhamrai', 'outside'], // Dhaka district, but not the city or its suburbs
    ['mirpur', 'agrabad', 'outside'],
    ['mirpur', 'cumillaSadar', 'outside'],
    // Dhaka suburbs with …
    ['savar', 'savar', 'same_city'], // same district, outside the metros
    ['savar', 'keraniganj', 'same_city'], // both Dhaka district suburbs
    ['savar', 'dhamrai', 'same_city'], // same district, outside the metros
    ['fatullah', 'araihazar', 'same_city'],
    ['savar', 'tongi', 'suburbs'], // the ring: suburbs of different districts
    ['tongi', 'fatullah', 'suburbs'],
    ['savar', 'agrabad', 'outside'],
    ['savar', 'cumillaSadar', 'outside'],
    ['tongi', 'dhamrai', 'outside'], // outside zone in another district
    // Chattogram city with …
    ['agrabad', 'agrabad', 'same_city'],
    ['agrabad', 'pahartali', 'same_city'],
    ['agrabad', 'hathazari', 'outside'], // Chattogram district, not the city
    ['agrabad', 'cumillaSadar', 'outside'],
    ['agrabad', 'tongi', 'outside'],
    // Outside the metros with …
    ['cumillaSadar', 'cumillaSadar', 'same_city'],
    ['cumillaSadar', 'debidwar', 'same_city'],
    ['cumillaSadar', 'sylhetSadar', 'outside'],
    ['hathazari', 'cumillaSadar', 'outside'],
    ['dhamrai', 'cumillaSadar', 'outside'],
    // A zone ops add later is not a metro: same district is same_city, else outside.
    ['newZoneA', 'newZoneB', 'same_city'],
    ['newZoneA', 'cumillaSadar', 'outside'],
    ['newZoneA', 'mirpur', 'outside'],
  ];

  it.each(matrix)('%s → %s is %s, and the same the other way', (from, to, expected) => {
    expect(rateClass(area[from], area[to])).toBe(expected);
    expect(rateClass(area[to], area[from])).toBe(expected);
  });

  it('covers every pair of the four seeded zones', () => {
    const zones = ['dhaka_city', 'dhaka_suburbs', 'chattogram_city', 'outside_dhaka'];
    const covered = new Set(
      matrix.flatMap(([a, b]) => [
        `${area[a].zoneId}|${area[b].zoneId}`,
        `${area[b].zoneId}|${area[a].zoneId}`,
      ]),
    );
    for (const a of zones) for (const b of zones) expect(covered.has(`${a}|${b}`), `${a}|${b}`).toBe(true);
  });
});

describe('the default plan', () => {
  it("is DESIGN.md's table, in poisha, and a valid plan", () => {
    expect(pricePlanSchema.parse(defaultPricePlan)).toEqual(defaultPricePlan);
    expect(defaultPricePlan.rates).toEqual({
      same_city: { upTo500g: 6000, upTo1kg: 7000, perExtraKg: 1500 },
      suburbs: { upTo500g: 8000, upTo1kg: 10000, perExtraKg: 2000 },
      outside: { upTo500g: 11000, upTo1kg: 13000, perExtraKg: 2500 },
    });
    expect(defaultPricePlan.codFeePercent).toBe(1);
    expect(defaultPricePlan.returnChargePercent).toBe(50);
    expect(defaultPricePlan.exchangeSurchargePercent).toBe(50);
  });

  it('refuses a plan with fractional poisha, a negative amount or a percent of three decimals', () => {
    const bad = (patch: Partial<PricePlan>) =>
      pricePlanSchema.safeParse({ ...defaultPricePlan, ...patch }).success;
    expect(bad({ codFeePercent: 1.5 })).toBe(true);
    expect(bad({ codFeePercent: 1.005 })).toBe(false);
    expect(bad({ codFeePercent: -1 })).toBe(false);
    expect(
      bad({
        rates: { ...defaultPricePlan.rates, same_city: { upTo500g: 60.5, upTo1kg: 7000, perExtraKg: 1500 } },
      }),
    ).toBe(false);
    expect(bad({ categorySurcharges: { fragile: -100 } })).toBe(false);
  });
});

const charge = (patch: Partial<ChargeInput> = {}) =>
  computeCharge({
    plan: defaultPricePlan,
    rateClass: 'same_city',
    weightGrams: 500,
    cashPoisha: 0,
    ...patch,
  });

describe('computeCharge: weight slabs of every rate class', () => {
  // grams → delivery charge in taka per rate class.
  const slabs: [number, Record<RateClass, number>, string, number][] = [
    [1, { same_city: 60, suburbs: 80, outside: 110 }, 'upTo500g', 0],
    [500, { same_city: 60, suburbs: 80, outside: 110 }, 'upTo500g', 0],
    [501, { same_city: 70, suburbs: 100, outside: 130 }, 'upTo1kg', 0],
    [1000, { same_city: 70, suburbs: 100, outside: 130 }, 'upTo1kg', 0],
    [1001, { same_city: 85, suburbs: 120, outside: 155 }, 'extraKg', 1],
    [2000, { same_city: 85, suburbs: 120, outside: 155 }, 'extraKg', 1],
    [2001, { same_city: 100, suburbs: 140, outside: 180 }, 'extraKg', 2],
    [10000, { same_city: 205, suburbs: 280, outside: 355 }, 'extraKg', 9],
    [10001, { same_city: 220, suburbs: 300, outside: 380 }, 'extraKg', 10],
    [200000, { same_city: 70 + 15 * 199, suburbs: 100 + 20 * 199, outside: 130 + 25 * 199 }, 'extraKg', 199],
  ];
  for (const [grams, expected, slab, extraKg] of slabs) {
    it.each(Object.entries(expected))(`${grams} g, %s: ৳%i`, (cls, taka) => {
      const result = charge({ rateClass: cls as RateClass, weightGrams: grams });
      expect(result.deliveryCharge).toBe(taka);
      expect(result.codCharge).toBe(0);
      expect(result.totalCharge).toBe(taka);
      expect(result.breakdown).toMatchObject({ slab, extraKg, weightChargePoisha: taka * 100 });
    });
  }

  it.each([0, -1, -500, 200001, 1.5, Number.NaN])('throws on %s g, which checks refuse first', (grams) => {
    expect(() => charge({ weightGrams: grams })).toThrow(RangeError);
  });

  it('throws on negative or fractional cash', () => {
    expect(() => charge({ cashPoisha: -100 })).toThrow(RangeError);
    expect(() => charge({ cashPoisha: 10.5 })).toThrow(RangeError);
  });
});

describe('computeCharge: COD fee, return charge, surcharges, rounding', () => {
  it.each([
    // cash taka → COD taka (1%, rounded up)
    [0, 0],
    [1, 1], // 1 poisha → ৳1
    [99, 1],
    [100, 1],
    [101, 2], // ৳1.01
    [1250, 13], // ৳12.50
    [1200, 12],
    [1201, 13],
    [500000, 5000],
  ])('cash ৳%i → COD ৳%i', (cash, cod) => {
    const result = charge({ cashPoisha: cash * 100 });
    expect(result.codCharge).toBe(cod);
    expect(result.totalCharge).toBe(result.deliveryCharge + cod);
    expect(result.breakdown.codFeePoisha).toBe(cash);
  });

  it('rounds each line up on its own: delivery, COD, return; the total is the sum of the lines', () => {
    const plan: PricePlan = {
      ...defaultPricePlan,
      rates: { ...defaultPricePlan.rates, same_city: { upTo500g: 6_050, upTo1kg: 7_000, perExtraKg: 1_500 } },
      codFeePercent: 1.5,
    };
    const result = charge({ plan, cashPoisha: 1_001 * 100 });
    expect(result.deliveryCharge).toBe(61); // ৳60.50 up
    expect(result.codCharge).toBe(16); // ৳15.015 up
    expect(result.totalCharge).toBe(77); // not ⌈75.515⌉ = 76: the invoice lines add up
    expect(result.returnCharge).toBe(31); // 50% of the billed ৳61 = ৳30.50 up
    expect(result.breakdown.codFeePoisha).toBe(1_502); // 1501.5 poisha up to a whole poisha
  });

  it('charges a return of 50% of the delivery charge, rounded up, outside the total', () => {
    expect(charge({ rateClass: 'same_city' }).returnCharge).toBe(30);
    expect(charge({ rateClass: 'outside', weightGrams: 1001 }).returnCharge).toBe(78); // ৳155 → ৳77.50
    expect(charge({ rateClass: 'outside', weightGrams: 1001 }).totalCharge).toBe(155);
  });

  it('adds the exchange surcharge, 50% of the weight charge', () => {
    const result = charge({ rateClass: 'suburbs', weightGrams: 1001, exchange: true });
    expect(result.breakdown.exchangeSurchargePoisha).toBe(6_000);
    expect(result.deliveryCharge).toBe(180); // ৳120 + ৳60
    expect(result.returnCharge).toBe(90);
    const odd = charge({ rateClass: 'outside', weightGrams: 1001, exchange: true }); // ৳155 + ৳77.50
    expect(odd.deliveryCharge).toBe(233);
    expect(charge({ exchange: false }).deliveryCharge).toBe(60);
  });

  it('adds the category and variant surcharges of the catalogue, or the plan’s own', () => {
    const fragile = { id: 'fragile', surchargePoisha: 2_000 };
    const glass = { id: 'fragile-glass', surchargePoisha: 1_000 };
    expect(charge({ category: fragile }).deliveryCharge).toBe(80);
    expect(charge({ category: fragile, variant: glass }).deliveryCharge).toBe(90);
    expect(charge({ category: { id: 'general', surchargePoisha: 0 } }).deliveryCharge).toBe(60);
    const plan = {
      ...defaultPricePlan,
      categorySurcharges: { fragile: 1_250 },
      variantSurcharges: { 'fragile-glass': 0 },
    };
    const own = charge({ plan, category: fragile, variant: glass });
    expect(own.breakdown.categorySurchargePoisha).toBe(1_250);
    expect(own.deliveryCharge).toBe(73); // ৳72.50 up
  });

  it('does not apply the exchange percentage to the category surcharge', () => {
    const result = charge({ exchange: true, category: { id: 'fragile', surchargePoisha: 2_000 } });
    expect(result.deliveryCharge).toBe(60 + 30 + 20);
  });
});

describe('weight rules', () => {
  it.each([
    [1, null],
    [200_000, null],
    [0, pricingMessages.weightTooLow],
    [-5, pricingMessages.weightTooLow],
    [200_001, pricingMessages.weightTooHigh],
    [2.5, pricingMessages.weightNotWhole],
  ])('a parcel of %s g: %s', (grams, message) => {
    expect(checkWeight(grams)?.message ?? null).toBe(message);
  });

  it('uses the spec’s exact texts', () => {
    expect(pricingMessages.weightTooLow).toBe('Parcel Weight must be greater than 0 gm');
    expect(pricingMessages.weightTooHigh).toBe('Parcel weight must be less than or equal to 200000gm/200Kg');
  });

  it('stops the calculator at 10 kg with its own message and code', () => {
    expect(checkWeight(10_000, weightLimits.calculatorMaxGrams)).toBeNull();
    expect(checkWeight(10_001, weightLimits.calculatorMaxGrams)).toEqual({
      code: 'WEIGHT_TOO_HIGH',
      message: pricingMessages.calculatorWeightTooHigh,
    });
    expect(checkWeight(0, weightLimits.calculatorMaxGrams)?.code).toBe('WEIGHT_TOO_LOW');
  });

  it('gives the form a schema with the same messages', () => {
    const parcel = weightGramsSchema();
    expect(parcel.safeParse(200_000).success).toBe(true);
    expect(parcel.safeParse(0).error?.issues[0]?.message).toBe(pricingMessages.weightTooLow);
    expect(parcel.safeParse(200_001).error?.issues[0]?.message).toBe(pricingMessages.weightTooHigh);
    const calculator = weightGramsSchema(weightLimits.calculatorMaxGrams);
    expect(calculator.safeParse(10_001).error?.issues[0]?.message).toBe(
      pricingMessages.calculatorWeightTooHigh,
    );
  });
});

describe('cash rules: digits only, no leading 0, at most ৳500000', () => {
  it.each([
    ['0', 0],
    ['1250', 1250],
    [' 1250 ', 1250],
    ['500000', 500_000],
  ])('reads %j as ৳%i', (text, taka) => {
    expect(cashTextSchema.parse(text)).toBe(taka);
  });

  it.each([
    ['01250', pricingMessages.cashLeadingZero],
    ['00', pricingMessages.cashLeadingZero],
    ['12.50', pricingMessages.cashDigitsOnly],
    ['-5', pricingMessages.cashDigitsOnly],
    ['1,250', pricingMessages.cashDigitsOnly],
    ['১২৫০', pricingMessages.cashDigitsOnly],
    ['1e3', pricingMessages.cashDigitsOnly],
    ['', pricingMessages.cashDigitsOnly],
    ['500001', pricingMessages.cashTooHigh],
    ['99999999999', pricingMessages.cashTooHigh],
  ])('refuses %j: %s', (text, message) => {
    expect(cashTextSchema.safeParse(text).error?.issues[0]?.message).toBe(message);
  });

  it('checks a number in a body the same way', () => {
    expect(cashTakaSchema.safeParse(0).success).toBe(true);
    expect(cashTakaSchema.safeParse(12.5).success).toBe(false);
    expect(cashTakaSchema.safeParse(500_001).error?.issues[0]?.message).toBe(pricingMessages.cashTooHigh);
  });
});

describe('the charge query', () => {
  const base = {
    pickupAreaId: 'dhaka-city--mirpur-10',
    deliveryAreaId: 'sylhet--sylhet-sadar',
    weight: '750',
  };

  it('reads weight and cash as numbers, empty cash and ids as none', () => {
    expect(chargeQuerySchema.parse({ ...base, cash: '', categoryId: '', categoryVariantId: '' })).toEqual({
      ...base,
      weight: 750,
      cash: 0,
      categoryId: undefined,
      categoryVariantId: undefined,
      exchange: false,
    });
    expect(chargeQuerySchema.parse({ ...base, cash: '1250', exchange: 'true' })).toMatchObject({
      cash: 1250,
      exchange: true,
    });
  });

  it('lets 0 and negative weights through to checkWeight, which refuses them with the spec’s text', () => {
    expect(chargeQuerySchema.parse({ ...base, weight: '0' }).weight).toBe(0);
    expect(chargeQuerySchema.parse({ ...base, weight: '-5' }).weight).toBe(-5);
  });

  it('refuses a weight that is not whole grams and cash that is not digits', () => {
    const message = (patch: object) =>
      chargeQuerySchema.safeParse({ ...base, ...patch }).error?.issues[0]?.message;
    expect(message({ weight: '1.5' })).toBe(pricingMessages.weightNotWhole);
    expect(message({ weight: 'abc' })).toBe(pricingMessages.weightNotWhole);
    expect(message({ cash: '012' })).toBe(pricingMessages.cashLeadingZero);
    expect(message({ exchange: 'yes' })).toBeDefined();
  });
});

describe('pickupDate: the 15:00 Dhaka cut-off (UTC+6)', () => {
  it.each([
    ['2026-11-22T08:59:59Z', '2026-11-22'], // 14:59:59 Dhaka
    ['2026-11-22T09:00:00Z', '2026-11-23'], // 15:00:00
    ['2026-11-22T09:00:01Z', '2026-11-23'], // 15:00:01
    ['2026-11-21T18:00:00Z', '2026-11-22'], // 00:00 Dhaka, a UTC evening
    ['2026-11-21T17:59:59Z', '2026-11-22'], // 23:59:59 Dhaka the day before: next day
    ['2026-12-31T12:00:00Z', '2027-01-01'], // 18:00 on New Year's Eve
    ['2028-02-28T10:00:00Z', '2028-02-29'], // a leap day
  ])('requested at %s → picked up %s', (at, day) => {
    expect(pickupDate(new Date(at))).toBe(day);
  });

  it.each([
    ['2026-11-22T08:59:59.999Z', '2026-11-22T09:00:00.000Z'],
    ['2026-11-22T09:00:00.000Z', '2026-11-23T09:00:00.000Z'],
    ['2026-11-21T18:00:00.000Z', '2026-11-22T09:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', '2027-01-01T09:00:00.000Z'],
    ['1969-12-31T23:00:00.000Z', '1970-01-01T09:00:00.000Z'],
  ])('a pickup day asked at %s holds until %s, and changes there', (at, until) => {
    const changesAt = pickupDateChangesAt(new Date(at));
    expect(new Date(changesAt).toISOString()).toBe(until);
    const day = pickupDate(new Date(at));
    expect(pickupDate(new Date(changesAt - 1))).toBe(day);
    expect(pickupDate(new Date(changesAt - 24 * 3600 * 1000))).toBe(day);
    expect(pickupDate(new Date(changesAt))).not.toBe(day);
  });
});

describe("plainChargeQuery (the calculator's hot path, issue 16)", () => {
  const base = { pickupAreaId: 'dhaka-city--mirpur-10', deliveryAreaId: 'dhaka-city--gulshan-1' };
  const queries: Record<string, unknown>[] = [
    { ...base, weight: '500', cash: '1250' },
    { ...base, weight: '500' },
    { ...base, weight: '500', cash: '' },
    { ...base, weight: '0', cash: '0' },
    { ...base, weight: '123456789', cash: '500000' },
    { ...base, weight: '500', cash: '500001' },
    { ...base, weight: '500', cash: '0125' },
    { ...base, weight: '500', cash: '12.5' },
    { ...base, weight: '500', cash: '12345678' },
    { ...base, weight: '-5' },
    { ...base, weight: ' 500 ' },
    { ...base, weight: '5.5' },
    { ...base, weight: '1234567890' },
    { ...base, weight: ['500', '600'] },
    { ...base },
    { pickupAreaId: ' a ', deliveryAreaId: 'b', weight: '500' },
    { pickupAreaId: '', deliveryAreaId: 'b', weight: '500' },
    { pickupAreaId: 'x'.repeat(100), deliveryAreaId: 'b', weight: '500' },
    { pickupAreaId: 'x'.repeat(101), deliveryAreaId: 'b', weight: '500' },
    { deliveryAreaId: 'b', weight: '500' },
    { ...base, weight: '500', exchange: 'true' },
    { ...base, weight: '500', categoryId: 'fragile' },
    { ...base, weight: '500', categoryId: '' },
    { ...base, weight: '500', other: 'x' },
  ];

  it('gives what the schema gives for the everyday query, and leaves everything else to it', () => {
    let fast = 0;
    for (const query of queries) {
      const plain = plainChargeQuery(query);
      if (plain === undefined) continue;
      fast += 1;
      // Same value, same keys in the same order: the route cannot tell which path checked it.
      expect(plain, JSON.stringify(query)).toStrictEqual(chargeQuerySchema.parse(query));
      expect(Object.keys(plain)).toEqual(Object.keys(chargeQuerySchema.parse(query)));
    }
    // Only the plain ones took the fast path; every refused query went to the schema.
    expect(fast).toBe(6);
    for (const query of queries) {
      if (!chargeQuerySchema.safeParse(query).success) expect(plainChargeQuery(query)).toBeUndefined();
    }
  });
});
