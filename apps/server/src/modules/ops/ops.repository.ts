import type { Kysely } from 'kysely';
import { containing, pageWithCount } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL for the console's view of shops: search and people (read only). */
export function createOpsRepository(db: Kysely<DB>) {
  return {
    /**
     * Shops by name, by part of the owner's phone (typed as 017…, 8801… or a few digits), or by
     * id; newest first.
     */
    async searchShops(filter: { q?: string; limit: number; offset: number }, trx: Executor = db) {
      let query = trx.selectFrom('shops').innerJoin('users', 'users.id', 'shops.owner_user_id');
      const q = filter.q?.trim();
      if (q) {
        const digits = q.replace(/[\s+-]/g, '');
        const phonePart = /^\d{3,}$/.test(digits) ? digits.replace(/^(880|0)/, '') : null;
        query = query.where((eb) =>
          eb.or([
            eb('shops.name', 'ilike', containing(q)),
            ...(phonePart ? [eb('users.phone', 'like', `%${phonePart}%`)] : []),
            ...(uuidPattern.test(q) ? [eb('shops.id', '=', q.toLowerCase())] : []),
          ]),
        );
      }
      return pageWithCount(query, filter, (q) =>
        q
          .select([
            'shops.id',
            'shops.name',
            'shops.merchant_type',
            'shops.created_at',
            'users.id as owner_id',
            'users.phone as owner_phone',
            'users.display_name as owner_name',
          ])
          .select((eb) =>
            eb
              .selectFrom('shop_members')
              .whereRef('shop_members.shop_id', '=', 'shops.id')
              .where('shop_members.status', '=', 'active')
              .select((e) => e.fn.countAll<number>().as('n'))
              .as('member_count'),
          )
          .orderBy('shops.created_at', 'desc')
          .orderBy('shops.id'),
      );
    },
    findShop(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops')
        .innerJoin('users', 'users.id', 'shops.owner_user_id')
        .select([
          'shops.id',
          'shops.name',
          'shops.merchant_type',
          'shops.daily_parcel_count',
          'shops.created_at',
          'users.id as owner_id',
          'users.phone as owner_phone',
          'users.display_name as owner_name',
          'users.full_name as owner_full_name',
        ])
        .where('shops.id', '=', shopId)
        .executeTakeFirst();
    },
    members(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shop_members')
        .innerJoin('users', 'users.id', 'shop_members.user_id')
        .select([
          'shop_members.user_id',
          'shop_members.role',
          'shop_members.status',
          'shop_members.created_at',
          'users.phone',
          'users.display_name',
        ])
        .where('shop_members.shop_id', '=', shopId)
        .orderBy('shop_members.created_at')
        .execute();
    },
  };
}

export type OpsRepository = ReturnType<typeof createOpsRepository>;
