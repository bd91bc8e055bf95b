import { z } from 'zod';

/** Lists: the page a list call answers with, and the `?limit=&offset=` that asks for it. */

/** One page of rows and how many rows there are in all. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int() });
}

/**
 * `limit` (1 to `max`, `fallback` when absent) and `offset` (0 to `maxOffset`), as query text;
 * spread into the list's query schema.
 */
export function pageQuery(max: number, fallback: number, maxOffset = 1_000_000) {
  return {
    limit: z.coerce.number().int().min(1).max(max).default(fallback),
    offset: z.coerce.number().int().min(0).max(maxOffset).default(0),
  };
}
