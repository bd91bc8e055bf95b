import { z } from 'zod';

/** Routes that take no fields still refuse a body that is not an object. */
export const noBody = z.object({}).nullish();

export const okSchema = z.object({ ok: z.literal(true) });

/** The `:shopId` of every shop route (issue 12: one definition instead of one per routes file). */
export const shopParams = z.object({ shopId: z.uuid() });
