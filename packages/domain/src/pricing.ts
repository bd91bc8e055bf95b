import { z } from 'zod';
import { listSchema } from './lists';
import {
  checkWeight,
  maxCashTaka,
  pricingMessages,
  type RateClass,
  rateClasses,
  weightLimits,
} from './pricing-rules';

export * from './pricing-rules';

/**
 * Pricing (DESIGN.md section 3): the rate class of a pickup and delivery area, price plans, the
 * charge of a parcel, the weight and cash rules, and the pickup cut-off. Pure: the server and the
 * web calculator compute the same numbers from the same plan.
 *
 * Money inside is integer poisha (৳1 = 100 poisha), so no amount is ever a binary fraction; the
 * charges that leave computeCharge are whole taka, each rounded up on its own.
 */

// Price plans --------------------------------------------------------------------------------

const poisha = z.number().int().min(0).max(100_000_000);
/** A percentage with at most two decimals (1, 1.5, 0.75). */
const percent = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, 'At most two decimals');

export const rateCardSchema = z.object({
  /** Poisha for a parcel of up to 500 g. */
  upTo500g: poisha,
  /** Poisha for a parcel of 501 g to 1 kg. */
  upTo1kg: poisha,
  /** Poisha for each further kilogram or part of one. */
  perExtraKg: poisha,
});
export type RateCard = z.infer<typeof rateCardSchema>;

/** A price plan as stored (price_plans.plan): every amount in poisha. */
export const pricePlanSchema = z.object({
  rates: z.object({ same_city: rateCardSchema, suburbs: rateCardSchema, outside: rateCardSchema }),
  /** Of the cash to collect. */
  codFeePercent: percent(100),
  /** Of the delivery charge, charged when the parcel comes back. */
  returnChargePercent: percent(100),
  /** Added to the weight charge of an exchange parcel. */
  exchangeSurchargePercent: percent(200),
  /**
   * Poisha by category id and by variant id. A key here replaces the catalogue's surcharge of that
   * category or variant for this plan; a category or variant not named keeps the catalogue's.
   */
  categorySurcharges: z.record(z.string(), poisha),
  variantSurcharges: z.record(z.string(), poisha),
});
export type PricePlan = z.infer<typeof pricePlanSchema>;

/** DESIGN.md section 3's table, the plan of the public calculator and of shops without their own. */
export const defaultPricePlan: PricePlan = {
  rates: {
    same_city: { upTo500g: 6_000, upTo1kg: 7_000, perExtraKg: 1_500 },
    suburbs: { upTo500g: 8_000, upTo1kg: 10_000, perExtraKg: 2_000 },
    outside: { upTo500g: 11_000, upTo1kg: 13_000, perExtraKg: 2_500 },
  },
  codFeePercent: 1,
  returnChargePercent: 50,
  exchangeSurchargePercent: 50,
  categorySurcharges: {},
  variantSurcharges: {},
};

/** A weight field of a form or a JSON body: grams, 1 to `maxGrams`, with the spec's messages. */
export function weightGramsSchema(maxGrams: number = weightLimits.parcelMaxGrams) {
  return z.number().superRefine((grams, ctx) => {
    const problem = checkWeight(grams, maxGrams);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  });
}

/**
 * A cash amount as typed or sent in a query: whole taka, digits only, no leading 0 except "0"
 * itself (spec 5), at most maxCashTaka. Read as a number of taka.
 */
export const cashTextSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, pricingMessages.cashDigitsOnly)
  .regex(/^(0|[1-9]\d*)$/, pricingMessages.cashLeadingZero)
  .max(7, pricingMessages.cashTooHigh)
  .transform(Number)
  .refine((taka) => taka <= maxCashTaka, pricingMessages.cashTooHigh);

/** A cash amount in a JSON body: whole taka, 0 to maxCashTaka. */
export const cashTakaSchema = z
  .number()
  .int(pricingMessages.cashDigitsOnly)
  .min(0, pricingMessages.cashDigitsOnly)
  .max(maxCashTaka, pricingMessages.cashTooHigh);

// The charge ---------------------------------------------------------------------------------

/** A category or variant chosen for a parcel, with the catalogue's surcharge in poisha. */
export type ChargeCategory = { id: string; surchargePoisha: number };

export type ChargeInput = {
  plan: PricePlan;
  rateClass: RateClass;
  weightGrams: number;
  /** Cash to collect from the customer, poisha; 0 for a prepaid parcel. */
  cashPoisha: number;
  category?: ChargeCategory;
  variant?: ChargeCategory;
  exchange?: boolean;
};

/** The parts before rounding, in poisha (each part rounded up to a whole poisha). */
export type ChargeBreakdown = {
  /** The slab: up to 500 g, up to 1 kg, or 1 kg plus extraKg further kilograms. */
  slab: 'upTo500g' | 'upTo1kg' | 'extraKg';
  extraKg: number;
  weightChargePoisha: number;
  exchangeSurchargePoisha: number;
  categorySurchargePoisha: number;
  codFeePoisha: number;
};

/** Whole taka, each rounded up on its own; totalCharge = deliveryCharge + codCharge. */
export type Charge = {
  deliveryCharge: number;
  codCharge: number;
  totalCharge: number;
  /** Charged only if the parcel comes back, so it is not in totalCharge. */
  returnCharge: number;
  breakdown: ChargeBreakdown;
};

/** ⌈a / b⌉ for a ≥ 0, b > 0, in integers. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);
/** A percentage as integer basis points (1% = 100), so percent arithmetic stays integer. */
const basisPoints = (p: number) => Math.round(p * 100);
/** ⌈amount × percent⌉ in poisha. */
const percentOf = (amountPoisha: number, pct: number) => ceilDiv(amountPoisha * basisPoints(pct), 10_000);
/** Poisha to whole taka, rounded up. */
const toTakaUp = (amountPoisha: number) => ceilDiv(amountPoisha, 100);

/** The weight part of a charge, from a rate card's slabs: why a 1001 g parcel costs 1 kg plus one. */
export function weightCharge(
  card: RateCard,
  weightGrams: number,
): Pick<ChargeBreakdown, 'slab' | 'extraKg' | 'weightChargePoisha'> {
  if (weightGrams <= 500) return { slab: 'upTo500g', extraKg: 0, weightChargePoisha: card.upTo500g };
  if (weightGrams <= 1000) return { slab: 'upTo1kg', extraKg: 0, weightChargePoisha: card.upTo1kg };
  const extraKg = Math.ceil((weightGrams - 1000) / 1000);
  return { slab: 'extraKg', extraKg, weightChargePoisha: card.upTo1kg + card.perExtraKg * extraKg };
}

/**
 * The charge of one parcel under a plan; why rounding is per amount: the delivery charge (weight,
 * exchange and category parts summed first, so a parcel pays at most one rounding on it), the COD
 * fee (it follows the cash, which may be edited later) and the return charge (billed only on a
 * return) are separate invoice lines, so each is rounded up to whole taka once, and the total is
 * their sum, so the lines always add up. Throws a RangeError on a weight or cash that the callers'
 * checks (checkWeight, cash schemas) should already have refused.
 */
export function computeCharge(input: ChargeInput): Charge {
  const { plan, weightGrams, cashPoisha } = input;
  if (checkWeight(weightGrams)) throw new RangeError(`Weight out of range: ${weightGrams}`);
  if (!Number.isInteger(cashPoisha) || cashPoisha < 0) throw new RangeError(`Bad cash: ${cashPoisha}`);

  const weight = weightCharge(plan.rates[input.rateClass], weightGrams);
  const exchangeSurchargePoisha = input.exchange
    ? percentOf(weight.weightChargePoisha, plan.exchangeSurchargePercent)
    : 0;
  const categorySurchargePoisha =
    (input.category ? (plan.categorySurcharges[input.category.id] ?? input.category.surchargePoisha) : 0) +
    (input.variant ? (plan.variantSurcharges[input.variant.id] ?? input.variant.surchargePoisha) : 0);
  const codFeePoisha = percentOf(cashPoisha, plan.codFeePercent);

  const deliveryCharge = toTakaUp(
    weight.weightChargePoisha + exchangeSurchargePoisha + categorySurchargePoisha,
  );
  const codCharge = toTakaUp(codFeePoisha);
  const returnCharge = toTakaUp(percentOf(deliveryCharge * 100, plan.returnChargePercent));
  return {
    deliveryCharge,
    codCharge,
    totalCharge: deliveryCharge + codCharge,
    returnCharge,
    breakdown: { ...weight, exchangeSurchargePoisha, categorySurchargePoisha, codFeePoisha },
  };
}

/** Poisha as taka for display and APIs (1250 → 12.5): exact, since poisha are integers. */
export const poishaToTaka = (amountPoisha: number) => amountPoisha / 100;

// Requests and responses ---------------------------------------------------------------------

const idSchema = z.string().trim().min(1).max(100);
/** A form may send an empty field for "none". */
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional());

/** Weight in a query string: whole grams; the range is checked by checkWeight, with its code. */
const weightQuery = z
  .string()
  .trim()
  .regex(/^-?\d{1,9}$/, pricingMessages.weightNotWhole)
  .transform(Number)
  .meta({ description: 'Grams, a whole number: 1 to 10000 on the public calculator, to 200000 for a shop' });

export const chargeQuerySchema = z.object({
  pickupAreaId: idSchema.meta({ description: 'An area id from GET /areas or /areas/search' }),
  deliveryAreaId: idSchema.meta({ description: 'An area id from GET /areas or /areas/search' }),
  weight: weightQuery,
  cash: z
    .preprocess((v) => (v === '' ? undefined : v), cashTextSchema.optional())
    .transform((v) => v ?? 0)
    .meta({ description: 'Cash to collect, whole taka, digits only; empty or absent for a prepaid parcel' }),
  categoryId: optionalId.meta({ description: 'A category id from GET /parcel-categories' }),
  categoryVariantId: optionalId.meta({ description: 'A variant id of that category' }),
  exchange: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'true for an exchange parcel (adds the exchange surcharge)' }),
});
export type ChargeQuery = z.infer<typeof chargeQuerySchema>;

/**
 * The calculator's everyday query (two ids and digits, as the site and plugins send it; no
 * category, no exchange) checked without zod, for the public calculator's hot path (issue 16):
 * what `chargeQuerySchema.parse` returns for it, or undefined for anything else, which then goes
 * through the schema and gets its errors. The same rules, narrowed: an id already trimmed, 1–100
 * characters; weight of 1–9 digits; cash empty, absent, or taka without a leading zero up to
 * maxCashTaka. pricing.test.ts holds it to the schema's answers.
 */
export function plainChargeQuery(query: Record<string, unknown>): ChargeQuery | undefined {
  for (const key in query) {
    if (key !== 'pickupAreaId' && key !== 'deliveryAreaId' && key !== 'weight' && key !== 'cash') return;
  }
  const { pickupAreaId, deliveryAreaId, weight, cash } = query;
  if (!plainId(pickupAreaId) || !plainId(deliveryAreaId)) return;
  if (typeof weight !== 'string' || !/^\d{1,9}$/.test(weight)) return;
  let taka = 0;
  if (cash !== undefined && cash !== '') {
    if (typeof cash !== 'string' || !/^(0|[1-9]\d{0,6})$/.test(cash)) return;
    taka = Number(cash);
    if (taka > maxCashTaka) return;
  }
  return { pickupAreaId, deliveryAreaId, weight: Number(weight), cash: taka, exchange: false };
}

const plainId = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= 100 && value.trim() === value;

/** The charges of one parcel in whole taka, as a quote gives them and a booked parcel keeps them. */
export const chargeAmountsSchema = z.object({
  deliveryCharge: z.number().int(),
  codCharge: z.number().int(),
  totalCharge: z.number().int(),
  returnCharge: z.number().int(),
  rateClass: z.enum(rateClasses),
});

export const chargeQuoteSchema = chargeAmountsSchema.extend({
  currency: z.literal('BDT'),
  weightGrams: z.number().int(),
  cash: z.number().int(),
  pricePlanId: z.string(),
  /** The day a pickup requested now would be collected (Dhaka date). */
  pickupDate: z.string(),
  deliveryPromiseDays: z.number().int(),
  /** Taka before rounding (may have poisha: 12.5). */
  breakdown: z.object({
    slab: z.enum(['upTo500g', 'upTo1kg', 'extraKg']),
    extraKg: z.number().int(),
    weightCharge: z.number(),
    exchangeSurcharge: z.number(),
    categorySurcharge: z.number(),
    codFee: z.number(),
  }),
});
export type ChargeQuote = z.infer<typeof chargeQuoteSchema>;

const rateCardTakaSchema = z.object({ upTo500g: z.number(), upTo1kg: z.number(), perExtraKg: z.number() });

/** A plan as the API shows it: amounts in taka. */
export const pricePlanViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  currency: z.literal('BDT'),
  rates: z.object({
    same_city: rateCardTakaSchema,
    suburbs: rateCardTakaSchema,
    outside: rateCardTakaSchema,
  }),
  codFeePercent: z.number(),
  returnChargePercent: z.number(),
  exchangeSurchargePercent: z.number(),
  categorySurcharges: z.record(z.string(), z.number()),
  variantSurcharges: z.record(z.string(), z.number()),
  deliveryPromiseDays: z.object({ same_city: z.number(), suburbs: z.number(), outside: z.number() }),
  /** Dhaka time after which a pickup waits for the next day. */
  pickupCutoff: z.string(),
});
export type PricePlanView = z.infer<typeof pricePlanViewSchema>;

const categoryBase = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  /** Taka, as the default plan charges it. */
  surcharge: z.number(),
});
export const parcelCategorySchema = categoryBase.extend({ variants: z.array(categoryBase) });
export type ParcelCategory = z.infer<typeof parcelCategorySchema>;
export const parcelCategoryListSchema = listSchema(parcelCategorySchema);
