import { z } from 'zod';

/**
 * The API shapes of keyed messages (messages.ts), apart from it so the public site's bundle,
 * which reads message keys, takes no zod along.
 */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** A refusal inside a batch answer (one row of many): the error body's fields, without details. */
export const rowRefusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  key: z.string().optional(),
  params: messageParamsSchema.optional(),
});
