import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { readSeed, upsertSeedRows } from './upsert';

/**
 * Loads the parcel categories and their variants (parcel-categories.json): names in English and
 * Bengali and the catalogue's surcharge in poisha. Safe on every start, like the geography seed:
 * one transaction, upserts that skip unchanged rows, and `active`, which staff own, set only when
 * a row is first inserted. Rows that leave the file stay (parcels will point at them).
 *
 * Surcharges (decisions, "Pricing"): fragile ৳20 (+৳10 glass, +৳10 ceramics), liquid ৳10,
 * electronics ৳15 (+৳10 laptop, +৳0 mobile phone), food (perishable) ৳10, general and documents
 * ৳0. A variant's surcharge is added to its category's. A price plan may replace any of them.
 */
export type CategorySeed = {
  id: string;
  name_en: string;
  name_bn: string;
  surcharge_poisha: number;
  variants: Omit<CategorySeed, 'variants'>[];
};

export function readCategorySeed(): Promise<CategorySeed[]> {
  return readSeed<CategorySeed>('parcel-categories');
}

export async function seedParcelCategories(
  db: Kysely<DB>,
): Promise<{ categories: number; variants: number }> {
  const seeds = await readCategorySeed();
  const categories = seeds.map(({ variants: _variants, ...c }, i) => ({ ...c, sort_order: i + 1 }));
  const variants = seeds.flatMap((c) =>
    c.variants.map((v, i) => ({ ...v, category_id: c.id, sort_order: i + 1 })),
  );
  const columns = ['name_en', 'name_bn', 'surcharge_poisha', 'sort_order'] as const;
  const variantColumns = [...columns, 'category_id'] as const;

  await db.transaction().execute(async (trx) => {
    await upsertSeedRows(trx, 'parcel_categories', categories, { key: 'id', columns });
    await upsertSeedRows(trx, 'parcel_category_variants', variants, { key: 'id', columns: variantColumns });
  });
  return { categories: categories.length, variants: variants.length };
}
