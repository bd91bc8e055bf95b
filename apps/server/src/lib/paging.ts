/**
 * A page as the API lists it: its items, each made from a row by `view`, and how many rows match
 * in all (repositories answer `{ rows, count }`, see db/queries.ts pageWithCount).
 */
export function pageOf<Row, Item>(page: { rows: Row[]; count: number }, view: (row: Row) => Item) {
  return { items: page.rows.map(view), count: page.count };
}
