import { z } from 'zod';

/** Routes that take no fields still refuse a body that is not an object. */
export const noBody = z.object({}).nullish();

export const okSchema = z.object({ ok: z.literal(true) });
