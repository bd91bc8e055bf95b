import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';

const planColumns = ['p.id', 'p.name', 'p.plan', 'p.is_default'] as const;

/** SQL for price plans, a shop's plan and the parcel category catalogue. */
export function createPricingRepository(db: Kysely<DB>) {
  /** Active categories by id, with their surcharge. */
  function findCategories(ids: readonly string[], trx: Executor = db) {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('parcel_categories')
      .select(['id', 'surcharge_poisha'])
      .where('id', 'in', ids)
      .where('active', '=', true)
      .execute();
  }
  /** Active variants by id, with their category (findVariant checks it). */
  function findVariants(ids: readonly string[], trx: Executor = db) {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('parcel_category_variants')
      .select(['id', 'category_id', 'surcharge_poisha'])
      .where('id', 'in', ids)
      .where('active', '=', true)
      .execute();
  }

  return {
    findDefaultPlan(trx: Executor = db) {
      return trx
        .selectFrom('price_plans as p')
        .select(planColumns)
        .where('p.is_default', '=', true)
        .executeTakeFirst();
    },
    /**
     * The shop's own plan, or the default one when it has none; undefined when the shop does not
     * exist. `own` says which, for whoever wants to show it.
     */
    findPlanOfShop(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops as s')
        .leftJoin('price_plans as p', (join) =>
          join.on((eb) =>
            eb.or([
              eb('p.id', '=', eb.ref('s.price_plan_id')),
              eb.and([eb('s.price_plan_id', 'is', null), eb('p.is_default', '=', true)]),
            ]),
          ),
        )
        .select(['s.id as shop_id', 'p.id', 'p.name', 'p.plan', 'p.is_default'])
        .where('s.id', '=', shopId)
        .executeTakeFirst();
    },
    /** Active categories and their active variants, in catalogue order. */
    async listCategories(trx: Executor = db) {
      const [categories, variants] = await Promise.all([
        trx
          .selectFrom('parcel_categories')
          .select(['id', 'name_en', 'name_bn', 'surcharge_poisha'])
          .where('active', '=', true)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        trx
          .selectFrom('parcel_category_variants as v')
          .innerJoin('parcel_categories as c', 'c.id', 'v.category_id')
          .select(['v.id', 'v.category_id', 'v.name_en', 'v.name_bn', 'v.surcharge_poisha'])
          .where('v.active', '=', true)
          .where('c.active', '=', true)
          .orderBy('v.sort_order')
          .orderBy('v.id')
          .execute(),
      ]);
      return { categories, variants };
    },
    /** An active category's surcharge. */
    async findCategory(id: string, trx: Executor = db) {
      const [category] = await findCategories([id], trx);
      return category;
    },
    findCategories,
    findVariants,
    /** An active variant of this category (a variant of another category is not found). */
    async findVariant(id: string, categoryId: string, trx: Executor = db) {
      const [variant] = await findVariants([id], trx);
      return variant?.category_id === categoryId ? variant : undefined;
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
