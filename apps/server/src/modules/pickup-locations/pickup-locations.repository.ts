import type { PickupStatus } from '@dak/domain/shop';
import type { Kysely } from 'kysely';
import { containing } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

export type PickupLocationFilter = { shopId: string; status?: PickupStatus; q?: string };

/** SQL for pickup locations; every method takes an optional transaction. */
export function createPickupLocationsRepository(db: Kysely<DB>) {
  /** A pickup location with its area and district names, as every read returns it. */
  function withPlace(trx: Executor) {
    return trx
      .selectFrom('pickup_locations as p')
      .innerJoin('areas as a', 'a.id', 'p.area_id')
      .innerJoin('districts as d', 'd.id', 'a.district_id')
      .select([
        'p.id',
        'p.shop_id',
        'p.name',
        'p.address',
        'p.phone',
        'p.alternate_phone',
        'p.status',
        'p.created_at',
        'p.updated_at',
        'a.id as area_id',
        'a.name_en as area_name_en',
        'a.name_bn as area_name_bn',
        'a.district_id',
        'd.name_en as district_name_en',
        'd.name_bn as district_name_bn',
      ]);
  }

  return {
    findArea(id: string, trx: Executor = db) {
      return trx.selectFrom('areas').select(['id', 'is_covered']).where('id', '=', id).executeTakeFirst();
    },

    /** One page, newest first, and how many match in all. The name search ignores case. */
    async list(filter: PickupLocationFilter & { limit: number; offset: number }, trx: Executor = db) {
      let items = withPlace(trx).where('p.shop_id', '=', filter.shopId);
      let total = trx
        .selectFrom('pickup_locations as p')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('p.shop_id', '=', filter.shopId);
      if (filter.status) {
        items = items.where('p.status', '=', filter.status);
        total = total.where('p.status', '=', filter.status);
      }
      if (filter.q) {
        const pattern = containing(filter.q);
        items = items.where('p.name', 'ilike', pattern);
        total = total.where('p.name', 'ilike', pattern);
      }
      const [rows, count] = await Promise.all([
        items
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        total.executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },

    /** A pickup location of this shop only: another shop's id finds nothing. */
    find(shopId: string, id: string, trx: Executor = db) {
      return withPlace(trx).where('p.shop_id', '=', shopId).where('p.id', '=', id).executeTakeFirst();
    },

    async insert(
      values: {
        shop_id: string;
        name: string;
        address: string;
        area_id: string;
        phone: string;
        alternate_phone: string | null;
        created_by_user_id: string;
        created_at: Date;
        updated_at: Date;
      },
      trx: Executor = db,
    ) {
      const row = await trx
        .insertInto('pickup_locations')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    update(
      shopId: string,
      id: string,
      values: Partial<{
        name: string;
        address: string;
        area_id: string;
        phone: string;
        alternate_phone: string | null;
        status: PickupStatus;
      }> & { updated_at: Date },
      trx: Executor = db,
    ) {
      return trx
        .updateTable('pickup_locations')
        .set(values)
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async hasActive(shopId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('pickup_locations')
        .select('id')
        .where('shop_id', '=', shopId)
        .where('status', '=', 'active')
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type PickupLocationsRepository = ReturnType<typeof createPickupLocationsRepository>;
