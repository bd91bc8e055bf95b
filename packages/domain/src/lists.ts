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

/**
 * The pages a list can link to: all of them when the count is exact; when it stopped at the cap,
 * the cap's pages and, once past them, up to the page after the current one while pages come
 * back full (there may be more). `total` is the item count the pager is drawn for.
 */
export function pagerTotal(input: {
  count: number;
  countCapped: boolean;
  page: number;
  pageSize: number;
  itemsOnPage: number;
}): number {
  if (!input.countCapped) return input.count;
  const seen = (input.page - 1) * input.pageSize + input.itemsOnPage;
  return Math.max(input.count, input.itemsOnPage >= input.pageSize ? seen + 1 : seen);
}
