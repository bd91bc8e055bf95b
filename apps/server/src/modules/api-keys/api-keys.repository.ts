import type { ApiKeyScope } from '@dak/domain/api-keys';
import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** SQL for a shop's API keys; every method takes an optional transaction. */
export function createApiKeysRepository(db: Kysely<DB>) {
  return {
    async insert(
      values: {
        shop_id: string;
        name: string;
        scopes: ApiKeyScope[];
        key_id: string;
        secret_hash: Buffer;
        hash_key_id: string;
        created_by_user_id: string;
        created_at: Date;
      },
      trx: Executor = db,
    ) {
      const row = await trx.insertInto('api_keys').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The shop's keys, live ones first, newest first within each, with their creator's name. */
    list(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('api_keys as k')
        .innerJoin('users as u', 'u.id', 'k.created_by_user_id')
        .select([
          'k.id',
          'k.name',
          'k.key_id',
          'k.scopes',
          'k.created_at',
          'k.created_by_user_id',
          'u.full_name',
          'k.last_used_at',
          'k.last_used_ip',
          'k.revoked_at',
        ])
        .where('k.shop_id', '=', shopId)
        .orderBy(sql`k.revoked_at is not null`)
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id')
        .execute();
    },

    /** The names of the shop's live keys. */
    async liveNames(shopId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('api_keys')
        .select('name')
        .where('shop_id', '=', shopId)
        .where('revoked_at', 'is', null)
        .execute();
      return rows.map((r) => r.name);
    },

    /** Serialises key creation per shop, so two creates in parallel count each other. */
    async lockShop(shopId: string, trx: Executor) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${shopId}`}, 0))`.execute(trx);
    },

    findByKeyId(keyId: string, trx: Executor = db) {
      return trx
        .selectFrom('api_keys')
        .select([
          'id',
          'shop_id',
          'scopes',
          'secret_hash',
          'hash_key_id',
          'created_by_user_id',
          'last_used_at',
          'last_used_ip',
          'revoked_at',
          // A key acts in its maker's name: it works only while they are still the shop's owner.
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('shop_members as m')
                  .select('m.user_id')
                  .whereRef('m.shop_id', '=', 'api_keys.shop_id')
                  .whereRef('m.user_id', '=', 'api_keys.created_by_user_id')
                  .where('m.role', '=', 'owner')
                  .where('m.status', '=', 'active'),
              )
              .as('maker_is_owner'),
        ])
        .where('key_id', '=', keyId)
        .executeTakeFirst();
    },

    find(shopId: string, id: string, trx: Executor = db) {
      return trx
        .selectFrom('api_keys')
        .select(['id', 'revoked_at'])
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async revoke(input: { shopId: string; id: string; userId: string; now: Date }, trx: Executor = db) {
      const row = await trx
        .updateTable('api_keys')
        .set({ revoked_at: input.now, revoked_by_user_id: input.userId })
        .where('shop_id', '=', input.shopId)
        .where('id', '=', input.id)
        .where('revoked_at', 'is', null)
        .returning('revoked_at')
        .executeTakeFirst();
      return row?.revoked_at ?? null;
    },

    /**
     * Records a use (time and address) unless one was recorded since `staleBefore`: at most one
     * write a minute per key, however busy it is.
     */
    async touch(input: { id: string; now: Date; ip: string; staleBefore: Date }, trx: Executor = db) {
      await trx
        .updateTable('api_keys')
        .set({ last_used_at: input.now, last_used_ip: input.ip })
        .where('id', '=', input.id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', input.staleBefore)]))
        .execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
