import { z } from 'zod';
import { say } from './messages';

/** Versioned terms and conditions: the newest version is the one in force. */
export const termsVersionSchema = z.object({
  version: z.number().int(),
  bodyEn: z.string(),
  bodyBn: z.string(),
  publishedAt: z.date(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

export const termsAcceptanceSchema = z.object({
  version: z.number().int(),
  acceptedAt: z.date(),
  acceptedBy: z.object({ userId: z.string(), name: z.string().nullable() }),
  /** 'terms_page': accepted on the terms screen; 'signup': the box on the sign-up or shop form. */
  source: z.enum(['terms_page', 'signup']),
});
export type TermsAcceptance = z.infer<typeof termsAcceptanceSchema>;

/** GET /shops/:shopId/terms: what is in force, whether this shop accepted it, and every acceptance. */
export const shopTermsSchema = z.object({
  current: termsVersionSchema,
  accepted: z.boolean(),
  history: z.array(termsAcceptanceSchema),
});

export const termsAcceptQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'version is required' })
    .int('version must be a whole number')
    .min(1, 'version must be a whole number')
    .max(1_000_000, 'Unknown version'),
});

const bodySchema = (label: string) =>
  z
    .string({ error: say('field.required', '{field} is required', { field: label }) })
    .trim()
    .min(50, say('field.minLength', '{field} must be at least {n} characters', { field: label, n: 50 }))
    .max(
      50_000,
      say('field.maxLength', '{field} must be at most {n} characters', { field: label, n: 50_000 }),
    );

/** POST /ops/terms: publishes a new version, in force at once. */
export const termsPublishSchema = z.object({
  bodyEn: bodySchema('English text'),
  bodyBn: bodySchema('Bengali text'),
});

export const opsTermsListSchema = z.object({
  items: z.array(
    termsVersionSchema.extend({
      publishedBy: z.object({ staffId: z.string(), name: z.string() }).nullable(),
      acceptedShops: z.number().int(),
    }),
  ),
  count: z.number().int(),
});
