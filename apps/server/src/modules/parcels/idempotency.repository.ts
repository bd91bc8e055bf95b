import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** SQL for the Idempotency-Keys of booking (single, exchange and bulk confirm). */
export function createIdempotencyRepository(db: Kysely<DB>) {
  return {
    find(shopId: string, key: string, trx: Executor = db) {
      return trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('shop_id', '=', shopId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Records a key with its first response; false if another request holds it. Inside a
     * transaction this waits for a concurrent holder to commit or roll back, so of two requests
     * with one key exactly one records it.
     */
    async insert(
      values: { shop_id: string; key: string; request_hash: string; status_code: number; response: string },
      trx: Executor = db,
    ) {
      const row = await trx
        .insertInto('idempotency_keys')
        .values(values)
        .onConflict((oc) => oc.columns(['shop_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** A recorded key's final response (a bulk confirm records its key first, then completes it). */
    async update(
      shopId: string,
      key: string,
      values: { status_code: number; response: string },
      trx: Executor = db,
    ) {
      await trx
        .updateTable('idempotency_keys')
        .set(values)
        .where('shop_id', '=', shopId)
        .where('key', '=', key)
        .execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
