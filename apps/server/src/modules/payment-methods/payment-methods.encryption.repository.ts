import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Numbers = { account_number: string | null; wallet_number: string | null };

/** The tables holding account and wallet numbers, each with the column naming one of its rows. */
const keyOf = { shop_payment_methods: 'shop_id', shop_payment_method_changes: 'id' } as const;
export type NumbersTable = keyof typeof keyOf;
export const numbersTables = Object.keys(keyOf) as NumbersTable[];

/** The rows the encryption migration reads and rewrites: numbers not under the current key. */
export function createEncryptionRepository(db: Kysely<DB>) {
  /** A number held, but not under the key whose values look like `currentPattern`. */
  const stale = (column: keyof Numbers, currentPattern: string) =>
    sql<boolean>`${sql.ref(column)} is not null and ${sql.ref(column)} not like ${currentPattern}`;
  const unchanged = (read: Numbers) => [
    sql<boolean>`account_number is not distinct from ${read.account_number}`,
    sql<boolean>`wallet_number is not distinct from ${read.wallet_number}`,
  ];

  return {
    /** The rows of `table` with a number not under the current key; `key` names the row. */
    stale(table: NumbersTable, currentPattern: string) {
      return db
        .selectFrom(table)
        .select([
          sql<string>`${sql.ref(keyOf[table])}::text`.as('key'),
          'shop_id',
          'account_number',
          'wallet_number',
        ])
        .where((eb) =>
          eb.or([stale('account_number', currentPattern), stale('wallet_number', currentPattern)]),
        )
        .execute();
    },

    /** Rewrites a row's numbers if they still hold what was read: how many rows changed (0 or 1). */
    async rewrite(table: NumbersTable, key: string, read: Numbers, values: Numbers) {
      const result = await db
        .updateTable(table)
        .set(values)
        // The key as text; PostgreSQL reads it as the column's type, so the row is found by its index.
        .where(sql.ref(keyOf[table]), '=', key)
        .where((eb) => eb.and(unchanged(read)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
