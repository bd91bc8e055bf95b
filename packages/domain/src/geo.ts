import { z } from 'zod';
import { toLatinDigits } from './digits';
import { listSchema } from './lists';

/**
 * Geography contracts (DESIGN.md section 3): the reference data a merchant picks from, shared by
 * the server's routes and the web's pickers, plus the one text normaliser that both the seed
 * generator and the search route use, so stored and typed text compare alike.
 */

export const areaKinds = ['upazila', 'thana', 'neighbourhood', 'suburb'] as const;
export type AreaKind = (typeof areaKinds)[number];

export const hubKinds = ['district', 'city', 'sorting'] as const;
export type HubKind = (typeof hubKinds)[number];

/** The zones the seed creates; ops may add more, so API fields stay plain strings. */
export const seededZoneIds = ['dhaka_city', 'dhaka_suburbs', 'chattogram_city', 'outside_dhaka'] as const;

/**
 * Folds text for matching: Unicode NFC (so য় typed as one code point or as য + nukta compare
 * equal), lower case, Bengali digits to ASCII (মিরপুর ১০ = mirpur 10's number), apostrophes, dots
 * and zero-width joiners dropped (Cox's → coxs, D.O.H.S → dohs), any other punctuation a single
 * space (Mirpur-10 → mirpur 10).
 */
export function normalizeSearchText(input: string): string {
  return toLatinDigits(input.normalize('NFC').toLowerCase())
    .replace(/\u200c|\u200d|['’`.]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

// Requests ----------------------------------------------------------------------------------

const idSchema = z.string().trim().min(1).max(100);

export const areasQuerySchema = z.object({
  districtId: idSchema.meta({ description: 'A district id from GET /districts, e.g. `dhaka`' }),
});

export const hubsQuerySchema = z.object({ districtId: idSchema.optional() });

export const areaSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Search text is required')
    .max(100, 'Search text must be at most 100 characters')
    .meta({ description: 'English or Bengali, a prefix or a near spelling: `mirpur`, `মিরপুর`, `mirpru`' }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * The area search's everyday query (text already trimmed, 1–100 characters; limit absent or
 * 1–50 in plain digits) checked without zod, for the hot path (issue 16): what
 * `areaSearchQuerySchema.parse` returns for it, or undefined for anything else, which then goes
 * through the schema and gets its errors. geo.test.ts holds it to the schema's answers.
 */
export function plainAreaSearchQuery(
  query: Record<string, unknown>,
): { q: string; limit: number } | undefined {
  for (const key in query) if (key !== 'q' && key !== 'limit') return;
  const { q, limit } = query;
  if (typeof q !== 'string' || q.length < 1 || q.length > 100 || q.trim() !== q) return;
  if (limit === undefined) return { q, limit: 20 };
  if (typeof limit !== 'string' || !/^[1-9]\d?$/.test(limit)) return;
  const n = Number(limit);
  return n <= 50 ? { q, limit: n } : undefined;
}

// Responses ---------------------------------------------------------------------------------

export const districtSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  divisionId: z.string(),
  divisionNameEn: z.string(),
  divisionNameBn: z.string(),
  /** Delivery areas in the district (upazilas and city areas), and how many of them are covered. */
  areaCount: z.number().int(),
  coveredAreaCount: z.number().int(),
});
export type District = z.infer<typeof districtSchema>;

export const areaSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  kind: z.enum(areaKinds),
  districtId: z.string(),
  zoneId: z.string(),
  hubId: z.string(),
  postcode: z.string().nullable(),
  isCovered: z.boolean(),
  /** For a city area, the upazila it lies in when it is one (suburbs, Karnaphuli); else null. */
  parentUpazilaId: z.string().nullable(),
});
export type Area = z.infer<typeof areaSchema>;

/** A search hit carries its district's names so a picker can show "Mirpur 10, Dhaka". */
export const areaSearchHitSchema = areaSchema.extend({
  districtNameEn: z.string(),
  districtNameBn: z.string(),
});
export type AreaSearchHit = z.infer<typeof areaSearchHitSchema>;

export const zoneSchema = z.object({ id: z.string(), nameEn: z.string(), nameBn: z.string() });
export type Zone = z.infer<typeof zoneSchema>;

export const hubSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  districtId: z.string(),
  kind: z.enum(hubKinds),
  active: z.boolean(),
});
export type Hub = z.infer<typeof hubSchema>;

export const districtListSchema = listSchema(districtSchema);
export const areaListSchema = listSchema(areaSchema);
export const areaSearchResultSchema = listSchema(areaSearchHitSchema);
export const zoneListSchema = listSchema(zoneSchema);
export const hubListSchema = listSchema(hubSchema);
