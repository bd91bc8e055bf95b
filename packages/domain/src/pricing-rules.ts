import { toLatinDigits } from './digits';
import { keyed, say } from './messages';
/**
 * The pricing rules a page needs without zod (the public site's calculator ships them to the
 * browser): rate classes, delivery promise, weight limits and messages, the pickup cut-off.
 * Re-exported by pricing.ts, so every caller keeps importing `@dak/domain/pricing`.
 */

// Rate classes ------------------------------------------------------------------------------

export const rateClasses = ['same_city', 'suburbs', 'outside'] as const;
export type RateClass = (typeof rateClasses)[number];

/** Zones that are a metro city: a parcel within one is same_city, whatever its districts. */
export const metroZoneIds: readonly string[] = ['dhaka_city', 'chattogram_city'];
const dhakaCity = 'dhaka_city';
const dhakaSuburbs = 'dhaka_suburbs';

/** What pricing needs of an area: its district and its zone. */
export type RateArea = { districtId: string; zoneId: string };

/**
 * The rate class of a parcel from its pickup and delivery areas; symmetric. Why in this order:
 * - same metro zone (Dhaka city, Chattogram city): same_city;
 * - Dhaka city with its suburbs, either way: suburbs; a metro with anything else: outside (even
 *   within the district: Mirpur to Dhamrai, Chattogram city to Hathazari);
 * - outside the metros, the same district: same_city (Savar to Savar, Savar to Dhamrai, Cumilla
 *   to Cumilla), so a local parcel never costs more than one to the next upazila;
 * - two suburbs of different districts (Savar to Tongi, Tongi to Narayanganj): suburbs, the ring
 *   around Dhaka is priced as one;
 * - anything else: outside. A zone ops add later counts as outside the metros.
 */
export function rateClass(pickup: RateArea, delivery: RateArea): RateClass {
  const pickupMetro = metroZoneIds.includes(pickup.zoneId);
  const deliveryMetro = metroZoneIds.includes(delivery.zoneId);
  if (pickupMetro || deliveryMetro) {
    if (pickup.zoneId === delivery.zoneId) return 'same_city';
    const zones = [pickup.zoneId, delivery.zoneId];
    return zones.includes(dhakaCity) && zones.includes(dhakaSuburbs) ? 'suburbs' : 'outside';
  }
  if (pickup.districtId === delivery.districtId) return 'same_city';
  if (pickup.zoneId === dhakaSuburbs && delivery.zoneId === dhakaSuburbs) return 'suburbs';
  return 'outside';
}

/**
 * Days from pickup to delivery that we promise, per rate class; the spec promises "up to 3 days",
 * so the farthest class takes the spec's figure and nearer ones a day less where couriers do.
 */
export const deliveryPromiseDays: Record<RateClass, number> = { same_city: 2, suburbs: 3, outside: 3 };

// Weight and cash ----------------------------------------------------------------------------

export const weightLimits = {
  minGrams: 1,
  /** A parcel (spec 5 and 9). */
  parcelMaxGrams: 200_000,
  /** The public calculator (spec 9: "calculator up to 10 kg"). */
  calculatorMaxGrams: 10_000,
} as const;

/** The most cash a parcel may collect, in taka: a courier's rider carries it in hand. */
export const maxCashTaka = 500_000;

export const pricingMessages = keyed('pricing', {
  weightTooLow: 'Parcel Weight must be greater than 0 gm',
  weightTooHigh: 'Parcel weight must be less than or equal to 200000gm/200Kg',
  calculatorWeightTooHigh:
    'Parcel weight must be less than or equal to 10000gm/10Kg in the calculator; sign in to price heavier parcels',
  weightNotWhole: 'Weight must be a whole number of grams',
  cashDigitsOnly: 'Cash amount must contain digits only',
  cashLeadingZero: 'Cash amount must not start with 0',
  cashTooHigh: say('pricing.cashTooHigh', 'Cash amount must be at most {max} taka', { max: maxCashTaka }),
  areaNotCovered: 'We do not deliver to this area yet',
  pickupAreaNotCovered: 'We do not pick up from this area yet',
  unknownPickupArea: 'Pickup area not found',
  unknownDeliveryArea: 'Delivery area not found',
  unknownCategory: 'Parcel category not found',
  unknownVariant: 'Parcel category variant not found for this category',
  variantNeedsCategory: 'Choose a category for this variant',
} as const);

export type WeightProblem = {
  code: 'WEIGHT_TOO_LOW' | 'WEIGHT_TOO_HIGH' | 'VALIDATION_FAILED';
  message: string;
};

/**
 * Why a weight is refused, or null: the one weight rule, with the spec's messages, for the form,
 * the calculator and parcel booking. `maxGrams` is the parcel limit unless the calculator asks.
 */
export function checkWeight(
  grams: number,
  maxGrams: number = weightLimits.parcelMaxGrams,
): WeightProblem | null {
  if (!Number.isInteger(grams)) return { code: 'VALIDATION_FAILED', message: pricingMessages.weightNotWhole };
  if (grams < weightLimits.minGrams) return { code: 'WEIGHT_TOO_LOW', message: pricingMessages.weightTooLow };
  if (grams > maxGrams) {
    const message =
      maxGrams === weightLimits.calculatorMaxGrams
        ? pricingMessages.calculatorWeightTooHigh
        : pricingMessages.weightTooHigh;
    return { code: 'WEIGHT_TOO_HIGH', message };
  }
  return null;
}

// Pickup day ---------------------------------------------------------------------------------

/** Bangladesh Standard Time is UTC+6 all year (daylight saving was tried in 2009 only). */
const dhakaOffsetMs = 6 * 3600 * 1000;
export const pickupCutoffHour = 15;

/**
 * The day (YYYY-MM-DD, Dhaka) a pickup requested at this instant is collected: the same day
 * before 15:00 Dhaka, the next day from 15:00:00 on (spec 9: "after 3 pm … the next day"; the
 * cut-off instant itself is past it). Holidays and Fridays are not modelled.
 */
export function pickupDate(requestedAt: Date): string {
  const local = new Date(requestedAt.getTime() + dhakaOffsetMs);
  if (local.getUTCHours() >= pickupCutoffHour) local.setUTCDate(local.getUTCDate() + 1);
  return local.toISOString().slice(0, 10);
}

const dayMs = 24 * 3600 * 1000;

/**
 * The instant (ms since the epoch) pickupDate's answer for `requestedAt` next changes: the next
 * 15:00 Dhaka strictly after it. pickupDate is the same for every instant from 24 h before that
 * up to it, so a kept answer can be checked against the pair instead of recomputing the day.
 */
export function pickupDateChangesAt(requestedAt: Date): number {
  const at = requestedAt.getTime();
  const sinceCutoff = (((at + dhakaOffsetMs - pickupCutoffHour * 3600 * 1000) % dayMs) + dayMs) % dayMs;
  return at - sinceCutoff + dayMs;
}

/**
 * A weight typed in kilograms on the public calculator ("1.2", "১.২", "1,5") as whole grams, or
 * NaN when it is not a number; the range is checkWeight's to judge.
 */
export function gramsFromKgText(text: string): number {
  const clean = toLatinDigits(text.trim()).replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 1000);
}
