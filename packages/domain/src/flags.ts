import { z } from 'zod';
import { listSchema } from './lists';

/**
 * Feature flags with per-shop rollout (spec 6: partial-rollout checks decide which shops get
 * area-prediction-bulk, wordpress-subscription and verified offline C2C) and public preferences.
 */
export const flagNameSchema = z
  .string({ error: 'Feature name is required' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'Unknown feature');

export const prefNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{1,63}$/, 'Unknown preference');

/** 32-bit FNV-1a over the UTF-16 code units of the text (flag names and shop ids are ASCII). */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: spreads FNV's weak low bits over the whole word before `mod 100`. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A shop's bucket for a flag, 0 to 99: fmix32(fnv1a32(`${flag}:${shopId lower-cased}`)) mod 100.
 * Stable (the same shop always lands in the same bucket, in the browser and on the server) and
 * different per flag (the shops that get one 10% feature are not the ones that get another).
 */
export function rolloutBucket(flag: string, shopId: string): number {
  return fmix32(fnv1a32(`${flag}:${shopId.toLowerCase()}`)) % 100;
}

export type RolloutRule = { enabled: boolean; percentage: number; allowList: readonly string[] };

/**
 * Whether a shop has a feature: never when the flag is switched off; always for a shop on the
 * allow-list; otherwise when its bucket is below the percentage (0 = nobody, 100 = everyone).
 * Raising the percentage only adds shops: nobody who had the feature loses it.
 */
export function isRolledOut(rule: RolloutRule, flag: string, shopId: string): boolean {
  if (!rule.enabled) return false;
  const id = shopId.toLowerCase();
  if (rule.allowList.some((allowed) => allowed.toLowerCase() === id)) return true;
  return rolloutBucket(flag, id) < rule.percentage;
}

export const percentageSchema = z
  .number({ error: 'percentage must be a number from 0 to 100' })
  .int('percentage must be a whole number')
  .min(0, 'percentage must be a number from 0 to 100')
  .max(100, 'percentage must be a number from 0 to 100');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const flagUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    percentage: percentageSchema.optional(),
    allowList: z
      .array(
        z
          .string()
          .regex(uuidPattern, 'allowList takes shop ids')
          .transform((id) => id.toLowerCase()),
      )
      .max(10_000, 'allowList is too long')
      .optional(),
    description: z.string().trim().max(500).optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'Give at least one of enabled, percentage, allowList, description',
  );

export const featureFlagSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  percentage: z.number().int(),
  allowList: z.array(z.string()),
  updatedAt: z.date(),
  updatedBy: z.object({ staffId: z.string(), name: z.string() }).nullable(),
});
export const featureFlagListSchema = listSchema(featureFlagSchema);

export const rolloutQuerySchema = z.object({ feature: flagNameSchema });
export const rolloutSchema = z.object({ feature: z.string(), enabled: z.boolean() });
export const rolloutListSchema = z.object({ items: z.array(rolloutSchema) });

export const preferenceSchema = z.object({ name: z.string(), value: z.unknown() });
