import type { Insertable, Kysely, Updateable } from 'kysely';
import { sql } from 'kysely';
import { containing, pageWithCount } from '../../db/queries';
import type { DB, Executor, ShopCustomersTable } from '../../db/schema';

export type CustomerSearch = { phone?: string; phoneDigits?: string; text?: string };

/** SQL for the address book, customer flags and a phone's delivery counts; every method takes an optional transaction. */
export function createCustomersRepository(db: Kysely<DB>) {
  function withArea(trx: Executor) {
    return trx
      .selectFrom('shop_customers as c')
      .innerJoin('areas as a', 'a.id', 'c.delivery_area_id')
      .selectAll('c')
      .select(['a.name_en as area_name_en', 'a.name_bn as area_name_bn']);
  }

  return {
    /**
     * Bookings' customers, one row per phone (the caller folds repeats, since one statement may
     * not update a row twice): inserted, or the phone's row refreshed with the newest details and
     * its parcel count raised by the row's parcel_count.
     */
    async upsertFromBookings(values: Insertable<ShopCustomersTable>[], trx: Executor = db) {
      if (values.length === 0) return;
      await trx
        .insertInto('shop_customers')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['shop_id', 'phone']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            address: eb.ref('excluded.address'),
            delivery_area_id: eb.ref('excluded.delivery_area_id'),
            alternate_phone: sql<
              string | null
            >`coalesce(excluded.alternate_phone, shop_customers.alternate_phone)`,
            parcel_count: sql<number>`shop_customers.parcel_count + excluded.parcel_count`,
            last_booked_at: eb.ref('excluded.last_booked_at'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    findById(shopId: string, id: string, trx: Executor = db) {
      return withArea(trx).where('c.shop_id', '=', shopId).where('c.id', '=', id).executeTakeFirst();
    },

    findByPhone(shopId: string, phone: string, trx: Executor = db) {
      return withArea(trx).where('c.shop_id', '=', shopId).where('c.phone', '=', phone).executeTakeFirst();
    },

    async update(id: string, values: Updateable<ShopCustomersTable>, trx: Executor = db) {
      await trx.updateTable('shop_customers').set(values).where('id', '=', id).execute();
    },

    /** One page, most recently booked first, and how many match. */
    async list(
      filter: { shopId: string; search?: CustomerSearch; limit: number; offset: number },
      trx: Executor = db,
    ) {
      const { search } = filter;
      const matching = trx
        .selectFrom('shop_customers as c')
        .where('c.shop_id', '=', filter.shopId)
        .where((eb) => {
          if (!search) return eb.and([]);
          const or = [];
          if (search.phone)
            or.push(eb('c.phone', '=', search.phone), eb('c.alternate_phone', '=', search.phone));
          if (search.phoneDigits) or.push(eb('c.phone', 'like', `%${search.phoneDigits}%`));
          if (search.text) or.push(eb('c.name', 'ilike', containing(search.text)));
          return eb.or(or);
        });
      return pageWithCount(matching, filter, (q) =>
        q
          .innerJoin('areas as a', 'a.id', 'c.delivery_area_id')
          .selectAll('c')
          .select(['a.name_en as area_name_en', 'a.name_bn as area_name_bn'])
          .orderBy(sql`c.last_booked_at desc nulls last`)
          .orderBy('c.id'),
      );
    },

    /** Delivered and returned parcels to a phone across every shop: counts only. */
    async outcomes(phone: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('parcels')
        .where('customer_phone', '=', phone)
        .select([
          sql<string>`count(*) filter (where status = 'delivered')`.as('delivered'),
          sql<string>`count(*) filter (where status = 'returned')`.as('returned'),
        ])
        .executeTakeFirstOrThrow();
      return { delivered: Number(row.delivered), returned: Number(row.returned) };
    },

    /** How many shops flagged a phone, and this shop's own flag if any. */
    async flags(phone: string, shopId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('customer_flags')
        .select(['shop_id', 'reason'])
        .where('phone', '=', phone)
        .execute();
      return { count: rows.length, own: rows.find((r) => r.shop_id === shopId) ?? null };
    },

    async upsertFlag(
      values: { shop_id: string; phone: string; reason: string; flagged_by_user_id: string; at: Date },
      trx: Executor = db,
    ) {
      const { at, ...rest } = values;
      await trx
        .insertInto('customer_flags')
        .values({ ...rest, created_at: at, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['shop_id', 'phone']).doUpdateSet((eb) => ({
            reason: eb.ref('excluded.reason'),
            flagged_by_user_id: eb.ref('excluded.flagged_by_user_id'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
export type CustomerRow = NonNullable<Awaited<ReturnType<CustomersRepository['findById']>>>;
