import { parcelListCountCap } from '@dak/domain/parcel-list';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, type Parcel, type Shop } from '../../../test/factories';
import { useTestApp } from '../../../test/helpers';
import { createParcelListRepository, type ParcelListFilter } from './parcel-list.repository';

/**
 * The list's statements (issue 16, item 2): built once per filter shape, run by name on the pool
 * where the shape's plan does not hang on a pattern (whether PostgreSQL then keeps a generic
 * plan depends on the data: bench/list-phases.ts reports it).
 */
const t = useTestApp();
let shop: Shop;
let other: Shop;
let parcel: Parcel;
/** One connection of the pool, so its prepared statements can be read (they are per connection). */
let client: pg.PoolClient;

beforeAll(async () => {
  shop = await aShop(t);
  other = await aShop(t);
  parcel = await aParcel(t, { shop }, { customerName: 'Rahima Begum', invoiceId: 'INV-7' });
  await aParcel(t, { shop: other }, { customerName: 'Rahima Begum' });
  client = await t.database.pool.connect();
});
afterAll(() => client?.release());

const base = (): ParcelListFilter => ({
  shopId: shop.shop.id,
  sort: 'desc',
  limit: 20,
  offset: 0,
  countCap: parcelListCountCap,
});
const prepared = async () =>
  (
    await client.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      `select statement, generic_plans, custom_plans from pg_prepared_statements
       where name like 'dak_parcel_list_%' order by prepare_time`,
    )
  ).rows;

describe('the parcel list as named statements', () => {
  it('prepares a shape once on a connection and runs it again by name', async () => {
    const repo = createParcelListRepository(t.database.db, client);
    for (let i = 0; i < 8; i++) {
      const page = await repo.list({ ...base(), search: { trackingId: parcel.trackingId } });
      expect(page).toMatchObject({ count: 1, countCapped: false });
      expect(page.rows.map((r) => r.id)).toEqual([parcel.id]);
    }
    const statements = (await prepared()).filter((s) => s.statement.includes('"p"."tracking_id" = $2'));
    // The page only: a lookup's short page is its count, so the count never ran.
    expect(statements).toHaveLength(1);
    expect(statements[0]?.statement).toMatch(/limit \$3 offset \$4$/);
    expect(Number(statements[0]?.generic_plans) + Number(statements[0]?.custom_plans)).toBe(8);
  });

  it('leaves pattern searches unnamed: their plan depends on the pattern', async () => {
    const repo = createParcelListRepository(t.database.db, client);
    const before = (await prepared()).length;
    const page = await repo.list({ ...base(), search: { text: 'Rahima' } });
    expect(page.rows.map((r) => r.id)).toEqual([parcel.id]);
    expect(page.count).toBe(1);
    expect(await prepared()).toHaveLength(before);
  });

  it("finds the same parcels through a named statement as unnamed, and never another shop's", async () => {
    const named = createParcelListRepository(t.database.db, client);
    const unnamed = createParcelListRepository(t.database.db);
    const filters: ParcelListFilter[] = [
      base(),
      { ...base(), statuses: ['pickup_pending'], createdFrom: new Date(Date.now() - 86400_000) },
      { ...base(), statuses: ['delivered', 'returned'] },
      { ...base(), excludeStatus: 'pickup_hold', paymentStatus: 'cash_collection_pending' },
      { ...base(), deliveryAreaId: 'dhaka-city--gulshan', pickupLocationId: shop.pickupId },
      { ...base(), createdBefore: new Date(Date.now() + 60_000), createdUntil: new Date() },
      { ...base(), search: { phone: '8801712345678' }, sort: 'asc' },
      { ...base(), search: { phoneDigits: '1712345', text: '01712345' } },
      { ...base(), offset: 1 },
      { ...base(), countCap: null },
      { ...base(), shopId: other.shop.id, search: { trackingId: parcel.trackingId } },
    ];
    for (const filter of filters) {
      const a = await named.list(filter);
      const b = await unnamed.list(filter);
      expect(a, JSON.stringify(filter)).toEqual(b);
      for (const row of a.rows) expect(row.shop_id).toBe(filter.shopId);
    }
    expect((await named.list(filters[0] as ParcelListFilter)).rows.map((r) => r.id)).toEqual([parcel.id]);
    expect((await named.list(filters[10] as ParcelListFilter)).rows).toEqual([]);
  });

  it('keeps answering when another process adds a column to parcels under a prepared statement', async () => {
    const repo = createParcelListRepository(t.database.db, client);
    const lookup = { ...base(), search: { trackingId: parcel.trackingId } };
    expect((await repo.list(lookup)).rows.map((r) => r.id)).toEqual([parcel.id]);
    // A rolling deploy: the next release's migration runs while this process serves the list.
    await t.database.db.schema.alterTable('parcels').addColumn('zz_next_release', 'integer').execute();
    try {
      for (let i = 0; i < 3; i++) {
        expect((await repo.list(lookup)).rows.map((r) => r.id)).toEqual([parcel.id]);
        expect((await repo.list(base())).rows.map((r) => r.id)).toEqual([parcel.id]);
      }
    } finally {
      await t.database.db.schema.alterTable('parcels').dropColumn('zz_next_release').execute();
    }
  });
});
