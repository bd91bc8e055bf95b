import { readFile } from 'node:fs/promises';
import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../schema';

/**
 * Shared by the seeds (geography, banks, parcel categories), which all upsert checked-in JSON on
 * every start without rewriting unchanged rows and without touching the flags staff own.
 */

/** A seed file next to the seed modules (`path` relative to this folder, without `.json`). */
export async function readSeed<T>(path: string): Promise<T[]> {
  // Read next to this module, so it works under tsx, vitest and from any working directory.
  return JSON.parse(await readFile(new URL(`./${path}.json`, import.meta.url), 'utf8')) as T[];
}

/**
 * `excluded.<column>` for each column, for an upsert that replaces those columns. Typed `never`
 * so it fits every column: the value is the same column of the row being inserted.
 */
export function fromExcluded<C extends string>(columns: readonly C[]): Record<C, RawBuilder<never>> {
  return Object.fromEntries(columns.map((c) => [c, sql.ref<never>(`excluded.${c}`)])) as Record<
    C,
    RawBuilder<never>
  >;
}

/** Skips the update when nothing changed, so a restart does not rewrite hundreds of rows. */
export function changed(table: string, columns: readonly string[]) {
  const list = (prefix: string) => sql.join(columns.map((c) => sql.ref(`${prefix}.${c}`)));
  return sql<boolean>`(${list(table)}) is distinct from (${list('excluded')})`;
}

/**
 * Inserts the seed's rows into `table`; a row whose `key` exists already gets `columns` (and
 * `alsoSet`) from the seed, only when one of `columns` changed. Columns not named (the flags staff
 * own) keep their values.
 */
export async function upsertSeedRows<T extends keyof DB & string>(
  trx: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  upsert: {
    key: keyof DB[T] & string;
    columns: readonly (keyof DB[T] & string)[];
    alsoSet?: Record<string, RawBuilder<never>>;
  },
) {
  if (rows.length === 0) return;
  // biome-ignore lint/suspicious/noExplicitAny: one statement for every seeded table, typed by the signature.
  const db = trx as unknown as Kysely<any>;
  await db
    .insertInto(table as string)
    .values(rows)
    .onConflict((oc) =>
      oc
        .column(upsert.key)
        .doUpdateSet({ ...fromExcluded(upsert.columns), ...upsert.alsoSet })
        .where(changed(table, upsert.columns)),
    )
    .execute();
}
