import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

type Numbers = { account_number: string | null; wallet_number: string | null };

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
    staleMethods(currentPattern: string) {
      return db
        .selectFrom('shop_payment_methods')
        .select(['shop_id', 'account_number', 'wallet_number'])
        .where((eb) =>
          eb.or([stale('account_number', currentPattern), stale('wallet_number', currentPattern)]),
        )
        .execute();
    },

    /** Rewrites a shop's numbers if they still hold what was read: how many rows changed (0 or 1). */
    async rewriteMethod(shopId: string, read: Numbers, values: Numbers) {
      const result = await db
        .updateTable('shop_payment_methods')
        .set(values)
        .where('shop_id', '=', shopId)
        .where((eb) => eb.and(unchanged(read)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    staleChanges(currentPattern: string) {
      return db
        .selectFrom('shop_payment_method_changes')
        .select(['id', 'shop_id', 'account_number', 'wallet_number'])
        .where((eb) =>
          eb.or([stale('account_number', currentPattern), stale('wallet_number', currentPattern)]),
        )
        .execute();
    },

    async rewriteChange(id: number, read: Numbers, values: Numbers) {
      const result = await db
        .updateTable('shop_payment_method_changes')
        .set(values)
        .where('id', '=', id)
        .where((eb) => eb.and(unchanged(read)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
