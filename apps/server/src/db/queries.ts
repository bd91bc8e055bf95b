import { type SelectQueryBuilder, sql } from 'kysely';

/** A text with LIKE's wildcards (`%`, `_`) and its escape (`\`) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The LIKE pattern for values containing `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${escapeLike(text)}%`;

// biome-ignore lint/suspicious/noExplicitAny: a query over any tables and joins, with any columns.
type AnySelect = SelectQueryBuilder<any, any, any>;
type Pageable<Row> = { limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } } };

/**
 * One page of a filtered query and how many rows match in all, asked together: `base` holds the
 * joins and filters both need, `rowsOf` adds the columns and the order to it.
 */
export async function pageWithCount<Q extends AnySelect, Row>(
  base: Q,
  page: { limit: number; offset: number },
  rowsOf: (base: Q) => Pageable<Row>,
): Promise<{ rows: Row[]; count: number }> {
  const [rows, total] = await Promise.all([
    rowsOf(base).limit(page.limit).offset(page.offset).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
