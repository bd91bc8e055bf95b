import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';

export type ShopColumns = {
  name: string;
  email: string;
  address: string;
  area_id: string;
  reason: string;
  product_type: string;
  product_sub_type: string;
};

/** SQL for shops and the caller's memberships; every method takes an optional transaction. */
export function createShopsRepository(db: Kysely<DB>) {
  return {
    findArea(id: string, trx: Executor = db) {
      return trx.selectFrom('areas').select(['id']).where('id', '=', id).executeTakeFirst();
    },
    findZone(id: string, trx: Executor = db) {
      return trx.selectFrom('zones').select(['id']).where('id', '=', id).executeTakeFirst();
    },

    /** The shop and its owner's membership; the new shop is the owner's selected one. */
    async insertShop(
      values: ShopColumns & {
        owner_user_id: string;
        phone: string;
        return_phone: string | null;
        merchant_type: 'b2c' | 'offline_agent' | 'ltl' | 'b2b';
        preferred_zone_id: string | null;
        referrer_code: string | null;
        terms_accepted_at: Date | null;
        created_at: Date;
        updated_at: Date;
      },
      trx: Executor = db,
    ) {
      const shop = await trx.insertInto('shops').values(values).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('shop_members')
        .values({
          shop_id: shop.id,
          user_id: values.owner_user_id,
          role: 'owner',
          created_at: values.created_at,
          last_selected_at: values.created_at,
        })
        .execute();
      return shop.id;
    },

    /** The user's shops: the one selected last first, never-selected ones newest first. */
    listOfUser(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('shop_members as m')
        .innerJoin('shops as s', 's.id', 'm.shop_id')
        .select(['s.id', 's.name', 's.merchant_type', 'm.role', 'm.last_selected_at'])
        .where('m.user_id', '=', userId)
        .where('m.status', '=', 'active')
        .orderBy('m.last_selected_at', (ob) => ob.desc().nullsLast())
        .orderBy('m.created_at', 'desc')
        .orderBy('s.id')
        .execute();
    },

    markSelected(shopId: string, userId: string, now: Date, trx: Executor = db) {
      return trx
        .updateTable('shop_members')
        .set({ last_selected_at: now })
        .where('shop_id', '=', shopId)
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /** A shop with its area's and district's names (left joined: a registration shop has no area yet). */
    findDetail(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops as s')
        .leftJoin('areas as a', 'a.id', 's.area_id')
        .leftJoin('districts as d', 'd.id', 'a.district_id')
        .select([
          's.id',
          's.name',
          's.merchant_type',
          's.email',
          's.address',
          's.phone',
          's.return_phone',
          's.reason',
          's.product_type',
          's.product_sub_type',
          's.preferred_zone_id',
          's.created_at',
          'a.id as area_id',
          'a.name_en as area_name_en',
          'a.name_bn as area_name_bn',
          'a.district_id',
          'd.name_en as district_name_en',
          'd.name_bn as district_name_bn',
        ])
        .where('s.id', '=', shopId)
        .executeTakeFirst();
    },

    update(
      shopId: string,
      values: Partial<ShopColumns & { phone: string; return_phone: string }> & { updated_at: Date },
      trx: Executor = db,
    ) {
      return trx.updateTable('shops').set(values).where('id', '=', shopId).executeTakeFirst();
    },

    /** Memberships the guard would accept, for the all-shops permissions call. */
    rolesOfUser(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('shop_members')
        .select(['shop_id', 'role'])
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .orderBy('created_at')
        .orderBy('shop_id')
        .execute();
    },
  };
}

export type ShopsRepository = ReturnType<typeof createShopsRepository>;
