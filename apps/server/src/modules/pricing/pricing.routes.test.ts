import {
  type ChargeQuote,
  defaultPricePlan,
  type ParcelCategory,
  type PricePlanView,
  pricePlanSchema,
  pricingMessages,
} from '@dak/domain/pricing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addMember } from '../../../test/fixtures';
import { registerMerchant, useTestApp } from '../../../test/helpers';
import { seedParcelCategories } from '../../db/seed/parcel-categories';
import { defaultPlanTtlMs } from './pricing.service';

const t = useTestApp();

const areas = {
  mirpur: 'dhaka-city--mirpur-10',
  gulshan: 'dhaka-city--gulshan',
  savar: 'dhaka-suburbs--savar',
  dhamrai: 'dhaka--dhamrai',
  agrabad: 'chattogram-city--agrabad',
  pahartali: 'chattogram-city--pahartali',
  cumilla: 'cumilla--cumilla-adarsha-sadar',
  debidwar: 'cumilla--debidwar',
  sylhet: 'sylhet--sylhet-sadar',
};

type Query = Record<string, string>;
const base: Query = { pickupAreaId: areas.mirpur, deliveryAreaId: areas.gulshan, weight: '750' };

async function get(url: string, query: Query = {}, token?: string) {
  const qs = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}${qs ? `?${qs}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
const quote = (query: Query = {}) => get('/charge', { ...base, ...query });
const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string; details?: { fields?: { path: string }[] } } })
    .error;

describe('GET /charge (public calculator)', () => {
  it('prices a parcel in whole taka with its rate class, pickup day and promise, cacheable for a minute', async () => {
    const res = await quote({ cash: '1250' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json<ChargeQuote>()).toEqual({
      deliveryCharge: 70,
      codCharge: 13, // 1% of ৳1250 = ৳12.50, rounded up
      totalCharge: 83,
      returnCharge: 35,
      rateClass: 'same_city',
      currency: 'BDT',
      weightGrams: 750,
      cash: 1250,
      pricePlanId: 'default',
      pickupDate: '2026-11-22', // the test clock is 12:00 in Dhaka
      deliveryPromiseDays: 2,
      breakdown: {
        slab: 'upTo1kg',
        extraKg: 0,
        weightCharge: 70,
        exchangeSurcharge: 0,
        categorySurcharge: 0,
        codFee: 12.5,
      },
    });
  });

  it.each([
    [areas.mirpur, areas.savar, 'suburbs', 80],
    [areas.savar, areas.mirpur, 'suburbs', 80],
    [areas.mirpur, areas.sylhet, 'outside', 110],
    [areas.mirpur, areas.dhamrai, 'outside', 110],
    [areas.agrabad, areas.pahartali, 'same_city', 60],
    [areas.mirpur, areas.agrabad, 'outside', 110],
    [areas.savar, areas.dhamrai, 'same_city', 60],
    [areas.cumilla, areas.debidwar, 'same_city', 60],
    [areas.cumilla, areas.sylhet, 'outside', 110],
  ])('%s → %s is %s: ৳%i for 500 g', async (pickupAreaId, deliveryAreaId, rateClass, charge) => {
    const res = await quote({ pickupAreaId, deliveryAreaId, weight: '500' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rateClass,
      deliveryCharge: charge,
      totalCharge: charge,
      codCharge: 0,
    });
  });

  it('takes up to 10 kg and refuses more with a clear message, not cached', async () => {
    const ok = await quote({ weight: '10000', deliveryAreaId: areas.sylhet });
    expect(ok.json()).toMatchObject({ deliveryCharge: 355, breakdown: { extraKg: 9 } });
    const heavy = await quote({ weight: '10001' });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.headers['cache-control']).toBe('no-store');
    expect(errorOf(heavy)).toMatchObject({
      code: 'WEIGHT_TOO_HIGH',
      message: pricingMessages.calculatorWeightTooHigh,
      details: { fields: [{ path: 'querystring.weight' }], maxGrams: 10000 },
    });
  });

  it.each(['0', '-5'])('refuses a weight of %s g with the spec’s message', async (weight) => {
    const res = await quote({ weight });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'WEIGHT_TOO_LOW',
      message: 'Parcel Weight must be greater than 0 gm',
    });
  });

  it('refuses a weight that is missing or not whole grams', async () => {
    for (const weight of ['1.5', 'abc', '']) {
      const res = await quote({ weight });
      expect(res.statusCode, weight).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: pricingMessages.weightNotWhole,
      });
    }
    const missing = await get('/charge', { pickupAreaId: areas.mirpur, deliveryAreaId: areas.gulshan });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe('VALIDATION_FAILED');
  });

  it('reads cash as whole taka, digits only, no leading 0, at most ৳500000; empty is prepaid', async () => {
    expect((await quote({ cash: '' })).json()).toMatchObject({ cash: 0, codCharge: 0, totalCharge: 70 });
    expect((await quote({ cash: '0' })).json()).toMatchObject({ codCharge: 0 });
    expect((await quote({ cash: '500000' })).json()).toMatchObject({ codCharge: 5000, totalCharge: 5070 });
    for (const [cash, message] of [
      ['01250', pricingMessages.cashLeadingZero],
      ['12.50', pricingMessages.cashDigitsOnly],
      ['-1', pricingMessages.cashDigitsOnly],
      ['500001', pricingMessages.cashTooHigh],
    ] as const) {
      const res = await quote({ cash });
      expect(res.statusCode, cash).toBe(400);
      expect(errorOf(res), cash).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('names an unknown pickup or delivery area in the error, as a field', async () => {
    const res = await quote({ deliveryAreaId: 'nowhere--at-all' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Delivery area not found',
      details: { fields: [{ path: 'querystring.deliveryAreaId', message: 'Delivery area not found' }] },
    });
    const pickup = await quote({ pickupAreaId: 'nowhere--at-all' });
    expect(errorOf(pickup)).toMatchObject({ message: 'Pickup area not found' });
  });

  it('refuses an area staff marked as not covered', async () => {
    const cover = (isCovered: boolean) =>
      t.database.db
        .updateTable('areas')
        .set({ is_covered: isCovered })
        .where('id', '=', areas.sylhet)
        .execute();
    await cover(false);
    try {
      // The public calculator reads areas from memory, refreshed by the change's NOTIFY.
      await vi.waitFor(
        async () => {
          const res = await quote({ deliveryAreaId: areas.sylhet });
          expect(res.statusCode).toBe(400);
          expect(errorOf(res)).toMatchObject({
            code: 'AREA_NOT_COVERED',
            message: 'We do not deliver to this area yet',
          });
        },
        { timeout: 5_000, interval: 50 },
      );
      const pickup = await quote({ pickupAreaId: areas.sylhet });
      expect(errorOf(pickup)).toMatchObject({
        code: 'AREA_NOT_COVERED',
        message: 'We do not pick up from this area yet',
      });
    } finally {
      await cover(true);
    }
    await vi.waitFor(
      async () => expect((await quote({ deliveryAreaId: areas.sylhet })).statusCode).toBe(200),
      {
        timeout: 5_000,
        interval: 50,
      },
    );
  });

  it('adds category and variant surcharges, and the exchange surcharge', async () => {
    const fragileGlass = await quote({
      weight: '500',
      categoryId: 'fragile',
      categoryVariantId: 'fragile-glass',
    });
    expect(fragileGlass.json()).toMatchObject({ deliveryCharge: 90, breakdown: { categorySurcharge: 30 } });
    expect((await quote({ weight: '500', categoryId: 'documents' })).json()).toMatchObject({
      deliveryCharge: 60,
    });
    expect((await quote({ weight: '500', categoryId: '', categoryVariantId: '' })).json()).toMatchObject({
      deliveryCharge: 60,
    });
    const exchange = await quote({ weight: '500', exchange: 'true', categoryId: 'electronics' });
    expect(exchange.json()).toMatchObject({
      deliveryCharge: 60 + 30 + 15,
      returnCharge: 53, // 50% of ৳105 = ৳52.50, rounded up
      breakdown: { exchangeSurcharge: 30, categorySurcharge: 15 },
    });
  });

  it('refuses an unknown category, a variant of another category, and a variant alone', async () => {
    const cases: [Query, string, string][] = [
      [{ categoryId: 'weapons' }, 'querystring.categoryId', pricingMessages.unknownCategory],
      [
        { categoryId: 'liquid', categoryVariantId: 'fragile-glass' },
        'querystring.categoryVariantId',
        pricingMessages.unknownVariant,
      ],
      [
        { categoryVariantId: 'fragile-glass' },
        'querystring.categoryVariantId',
        pricingMessages.variantNeedsCategory,
      ],
    ];
    for (const [query, path, message] of cases) {
      const res = await quote(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        details: { fields: [{ path }] },
      });
    }
  });

  it('quotes from memory: no area read per request, the default plan kept a few seconds (issue 16)', async () => {
    const { db } = t.database;
    // A change made with the triggers off sends no NOTIFY: only a calculator that reads the
    // database per request could see it.
    const silently = (isCovered: boolean) =>
      db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx
          .updateTable('areas')
          .set({ is_covered: isCovered })
          .where('id', '=', areas.sylhet)
          .execute();
      });
    await silently(false);
    try {
      expect((await quote({ deliveryAreaId: areas.sylhet })).statusCode).toBe(200);
    } finally {
      await silently(true);
    }

    const setPlan = (p: object) =>
      db
        .updateTable('price_plans')
        .set({ plan: JSON.stringify(p) })
        .where('id', '=', 'default')
        .execute();
    const dearer = {
      ...defaultPricePlan,
      rates: {
        ...defaultPricePlan.rates,
        same_city: { ...defaultPricePlan.rates.same_city, upTo1kg: 9_000 },
      },
    };
    expect((await quote()).json()).toMatchObject({ deliveryCharge: 70 });
    await setPlan(dearer);
    try {
      expect((await quote()).json()).toMatchObject({ deliveryCharge: 70 });
      t.clock.advance(defaultPlanTtlMs - 1);
      expect((await quote()).json()).toMatchObject({ deliveryCharge: 70 });
      t.clock.advance(1);
      expect((await quote()).json()).toMatchObject({ deliveryCharge: 90 });
    } finally {
      await setPlan(defaultPricePlan);
      t.clock.advance(defaultPlanTtlMs);
    }
    expect((await quote()).json()).toMatchObject({ deliveryCharge: 70 });
  });

  it('keeps each answer only while its geography and pickup day hold (issue 16)', async () => {
    // A kept answer for Sylhet, then Sylhet closed: the geography's NOTIFY drops what was kept.
    const open = await quote({ deliveryAreaId: areas.sylhet });
    expect(open.statusCode).toBe(200);
    expect((await quote({ deliveryAreaId: areas.sylhet })).body).toBe(open.body);
    const cover = (isCovered: boolean) =>
      t.database.db
        .updateTable('areas')
        .set({ is_covered: isCovered })
        .where('id', '=', areas.sylhet)
        .execute();
    await cover(false);
    try {
      await vi.waitFor(
        async () => expect((await quote({ deliveryAreaId: areas.sylhet })).statusCode).toBe(400),
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await cover(true);
    }
    await vi.waitFor(
      async () => expect((await quote({ deliveryAreaId: areas.sylhet })).statusCode).toBe(200),
      { timeout: 5_000, interval: 50 },
    );

    // A millisecond before the 15:00 pickup cut-off in Dhaka (asked twice, so the second is the
    // kept answer), then at the cut-off itself (the plan still the same one): the pickup day
    // moves to the next day, so the kept answer does too.
    const dhaka = 6 * 3600 * 1000;
    const day = 24 * 3600 * 1000;
    const sinceMidnight = (t.clock.now().getTime() + dhaka) % day;
    const toCutoff = (15 * 3600 * 1000 - 1 - sinceMidnight + day) % day;
    t.clock.advance(toCutoff);
    const before = (await quote()).json<{ pickupDate: string }>();
    expect((await quote()).json()).toEqual(before);
    t.clock.advance(1);
    const after = (await quote()).json<{ pickupDate: string }>();
    const next = new Date(`${before.pickupDate}T00:00:00Z`).getTime() + day;
    expect(after.pickupDate).toBe(new Date(next).toISOString().slice(0, 10));
  });

  it('answers with DESIGN.md prices even if staff leave no plan marked default', async () => {
    await t.database.db
      .updateTable('price_plans')
      .set({ is_default: false })
      .where('id', '=', 'default')
      .execute();
    // The calculator keeps the default plan a few seconds.
    t.clock.advance(defaultPlanTtlMs);
    try {
      expect((await quote()).json()).toMatchObject({ deliveryCharge: 70, pricePlanId: 'default' });
    } finally {
      await t.database.db
        .updateTable('price_plans')
        .set({ is_default: true })
        .where('id', '=', 'default')
        .execute();
      t.clock.advance(defaultPlanTtlMs);
    }
  });
});

describe('GET /shops/:shopId/charge', () => {
  let owner: Awaited<ReturnType<typeof registerMerchant>>;
  let stranger: string;
  let viewer: string;
  beforeAll(async () => {
    owner = await registerMerchant(t.app);
    stranger = (await registerMerchant(t.app)).token;
    viewer = (await addMember(t, owner.shop.id, 'viewer')).token;
  });
  const shopQuote = (query: Query, token = owner.token) =>
    get(`/shops/${owner.shop.id}/charge`, { ...base, ...query }, token);

  it('prices parcels up to 200 kg under the default plan, not cached', async () => {
    const res = await shopQuote({ weight: '200000', deliveryAreaId: areas.sylhet, cash: '3000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      rateClass: 'outside',
      deliveryCharge: 130 + 25 * 199,
      codCharge: 30,
      totalCharge: 130 + 25 * 199 + 30,
      pricePlanId: 'default',
    });
  });

  it('refuses more than 200 kg with the spec’s message', async () => {
    const res = await shopQuote({ weight: '200001' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'WEIGHT_TOO_HIGH',
      message: 'Parcel weight must be less than or equal to 200000gm/200Kg',
    });
  });

  it('is open to every member (shop.view), hidden from strangers, closed without a session', async () => {
    expect((await shopQuote({}, viewer)).statusCode).toBe(200);
    expect((await shopQuote({}, stranger)).statusCode).toBe(404);
    const anonymous = await get(`/shops/${owner.shop.id}/charge`, base);
    expect(anonymous.statusCode).toBe(401);
  });

  it("uses the shop's own plan once it has one, and shows it; others keep the default", async () => {
    const cheaper = {
      ...defaultPricePlan,
      rates: { ...defaultPricePlan.rates, same_city: { upTo500g: 5_000, upTo1kg: 5_500, perExtraKg: 1_000 } },
      codFeePercent: 0.5,
      categorySurcharges: { fragile: 1_000 },
    };
    await t.database.db
      .insertInto('price_plans')
      .values({ id: 'enterprise-karim', name: 'Enterprise (Karim)', plan: JSON.stringify(cheaper) })
      .execute();
    await t.database.db
      .updateTable('shops')
      .set({ price_plan_id: 'enterprise-karim' })
      .where('id', '=', owner.shop.id)
      .execute();

    const res = await shopQuote({ cash: '1250', categoryId: 'fragile' });
    expect(res.json()).toMatchObject({
      pricePlanId: 'enterprise-karim',
      deliveryCharge: 55 + 10,
      codCharge: 7, // 0.5% of ৳1250 = ৳6.25
      totalCharge: 72,
    });
    const plan = await get(`/shops/${owner.shop.id}/price-plan`, {}, owner.token);
    expect(plan.json<PricePlanView>()).toMatchObject({
      id: 'enterprise-karim',
      isDefault: false,
      rates: { same_city: { upTo500g: 50, upTo1kg: 55, perExtraKg: 10 } },
      codFeePercent: 0.5,
      categorySurcharges: { fragile: 10 },
    });
    expect((await quote({ cash: '1250', categoryId: 'fragile' })).json()).toMatchObject({
      pricePlanId: 'default',
      deliveryCharge: 90,
    });
  });
});

describe('GET /price-plan', () => {
  it('is the seeded default plan, equal to the domain’s, in taka', async () => {
    const row = await t.database.db
      .selectFrom('price_plans')
      .select('plan')
      .where('id', '=', 'default')
      .executeTakeFirstOrThrow();
    expect(pricePlanSchema.parse(row.plan)).toEqual(defaultPricePlan);

    const res = await get('/price-plan');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json<PricePlanView>()).toEqual({
      id: 'default',
      name: 'Standard',
      isDefault: true,
      currency: 'BDT',
      rates: {
        same_city: { upTo500g: 60, upTo1kg: 70, perExtraKg: 15 },
        suburbs: { upTo500g: 80, upTo1kg: 100, perExtraKg: 20 },
        outside: { upTo500g: 110, upTo1kg: 130, perExtraKg: 25 },
      },
      codFeePercent: 1,
      returnChargePercent: 50,
      exchangeSurchargePercent: 50,
      categorySurcharges: {},
      variantSurcharges: {},
      deliveryPromiseDays: { same_city: 2, suburbs: 3, outside: 3 },
      pickupCutoff: '15:00',
    });
  });
});

describe('GET /parcel-categories', () => {
  const list = async () => {
    const res = await get('/parcel-categories');
    expect(res.statusCode).toBe(200);
    return { res, items: res.json<{ items: ParcelCategory[]; count: number }>().items };
  };

  it('lists the categories with variants and surcharges in taka, cacheable for an hour', async () => {
    const { res, items } = await list();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(items.map((c) => c.id)).toEqual([
      'general',
      'fragile',
      'liquid',
      'electronics',
      'documents',
      'food',
    ]);
    expect(items.find((c) => c.id === 'fragile')).toEqual({
      id: 'fragile',
      nameEn: 'Fragile',
      nameBn: 'ভঙ্গুর',
      surcharge: 20,
      variants: [
        { id: 'fragile-glass', nameEn: 'Glass', nameBn: 'কাচ', surcharge: 10 },
        { id: 'fragile-ceramics', nameEn: 'Ceramics', nameBn: 'সিরামিক', surcharge: 10 },
      ],
    });
    expect(items.find((c) => c.id === 'general')).toMatchObject({ surcharge: 0, variants: [] });
  });

  it("shows the default plan's own surcharge where it names one", async () => {
    const plan = { ...defaultPricePlan, categorySurcharges: { liquid: 1_250 } };
    const setPlan = (p: object) =>
      t.database.db
        .updateTable('price_plans')
        .set({ plan: JSON.stringify(p) })
        .where('id', '=', 'default')
        .execute();
    await setPlan(plan);
    t.clock.advance(defaultPlanTtlMs);
    try {
      const { items } = await list();
      expect(items.find((c) => c.id === 'liquid')?.surcharge).toBe(12.5);
      expect((await quote({ weight: '500', categoryId: 'liquid' })).json()).toMatchObject({
        deliveryCharge: 73,
      });
    } finally {
      await setPlan(defaultPricePlan);
      t.clock.advance(defaultPlanTtlMs);
    }
  });

  it('keeps a category staff switched off through a re-seed, and prices it no more', async () => {
    await t.database.db
      .updateTable('parcel_categories')
      .set({ active: false })
      .where('id', '=', 'food')
      .execute();
    expect(await seedParcelCategories(t.database.db)).toEqual({ categories: 6, variants: 4 });
    const { items } = await list();
    expect(items.map((c) => c.id)).not.toContain('food');
    const res = await quote({ categoryId: 'food' });
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: pricingMessages.unknownCategory,
    });
  });
});

describe('OpenAPI', () => {
  it('documents the pricing routes under the pricing tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string }[] }>>;
    }>();
    const charge = doc.paths['/api/v1/charge']?.get;
    expect(charge?.tags).toEqual(['pricing']);
    expect(charge?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'pickupAreaId',
        'deliveryAreaId',
        'weight',
        'cash',
        'categoryId',
        'categoryVariantId',
      ]),
    );
    for (const path of ['/api/v1/shops/{shopId}/charge', '/api/v1/parcel-categories', '/api/v1/price-plan']) {
      expect(doc.paths[path]?.get?.tags?.[0], path).toBe('pricing');
    }
  });
});
