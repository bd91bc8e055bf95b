import { z } from 'zod';

/**
 * The public coverage lookup (issue 6): headline counts computed from the areas table, and a
 * search that says for each area whether we serve it, its zone, its hub and, from a chosen
 * pickup area, the charge of a parcel up to 500 g (the default plan, prepaid).
 */

export const coverageSummarySchema = z.object({
  districts: z.number().int(),
  coveredDistricts: z.number().int(),
  /** Upazilas (sub-districts). */
  upazilas: z.number().int(),
  coveredUpazilas: z.number().int(),
  /** City areas of Dhaka and Chattogram (thanas, neighbourhoods, suburbs). */
  cityAreas: z.number().int(),
  coveredCityAreas: z.number().int(),
});
export type CoverageSummary = z.infer<typeof coverageSummarySchema>;

/** The weight a coverage result is priced at: the first slab. */
export const coverageQuoteGrams = 500;

export const coverageSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Search text is required')
    .max(100, 'Search text must be at most 100 characters')
    .meta({ description: 'A district, sub-district or city area, in English or Bengali' }),
  fromAreaId: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(100).optional())
    .meta({ description: 'The pickup area the charges are quoted from (an area id)' }),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export type CoverageSearchQuery = z.infer<typeof coverageSearchQuerySchema>;

const namePair = z.object({ nameEn: z.string(), nameBn: z.string() });

export const coverageAreaRefSchema = namePair.extend({
  id: z.string(),
  districtNameEn: z.string(),
  districtNameBn: z.string(),
});

export const coverageHitSchema = coverageAreaRefSchema.extend({
  kind: z.string(),
  isCovered: z.boolean(),
  zone: namePair,
  hub: namePair.nullable(),
  /** Null when the area or the pickup area is not covered, or no pickup area was given. */
  charge: z
    .object({
      deliveryCharge: z.number().int(),
      rateClass: z.string(),
      deliveryPromiseDays: z.number().int(),
    })
    .nullable(),
});
export type CoverageHit = z.infer<typeof coverageHitSchema>;

export const coverageSearchResultSchema = z.object({
  items: z.array(coverageHitSchema),
  count: z.number().int(),
  from: coverageAreaRefSchema.nullable(),
});
export type CoverageSearchResult = z.infer<typeof coverageSearchResultSchema>;
