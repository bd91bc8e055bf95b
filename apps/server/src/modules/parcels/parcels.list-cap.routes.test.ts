import { parcelListQuerySchema } from '@dak/domain/parcel';
import { parcelListCountCap } from '@dak/domain/parcel-list';
import { trackingIdAlphabet } from '@dak/domain/tracking-id';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, type Shop } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { createParcelQueries, parcelLoader } from './parcel-queries.service';
import { createParcelsRepository } from './parcels.repository';

/**
 * The list's count stops at the domain's cap (issue 16): a shop with more parcels than the cap
 * gets `count` = the cap and `countCapped`, and its pages go on past the cap.
 */
const t = useTestApp();
const call = caller(t);
let shop: Shop;
const extra = parcelListCountCap + 1;

/** `n` copies of a booked parcel, a second apart (newest the copy numbered n), in one statement. */
async function copies(parcelId: string, n: number) {
  const digit = (i: number) => `substr('${trackingIdAlphabet}', ((g / ${29 ** i}) % 29)::int + 1, 1)`;
  const trackingId = `'DKYY' || ${Array.from({ length: 7 }, (_, i) => digit(i)).join(' || ')}`;
  await sql
    .raw(`
    insert into parcels (
      tracking_id, shop_id, pickup_location_id, delivery_area_id, customer_name, customer_phone,
      customer_address, selling_price_poisha, cash_collection_poisha, weight_grams, parcel_type,
      flow_type, status, seller_status, payment_status, delivery_charge_poisha, cod_charge_poisha,
      total_charge_poisha, return_charge_poisha, rate_class, price_plan_id, pickup_date,
      created_at, updated_at)
    select ${trackingId}, shop_id, pickup_location_id, delivery_area_id, 'Copy ' || g, customer_phone,
      customer_address, selling_price_poisha, cash_collection_poisha, weight_grams, parcel_type,
      flow_type, status, seller_status, payment_status, delivery_charge_poisha, cod_charge_poisha,
      total_charge_poisha, return_charge_poisha, rate_class, price_plan_id, pickup_date,
      created_at + g * interval '1 second', updated_at
    from parcels, generate_series(1, ${n}) g where id = '${parcelId}'`)
    .execute(t.database.db);
}

const list = async (query: Record<string, string> = {}) => {
  const res = await call('GET', `/shops/${shop.shop.id}/parcels?${new URLSearchParams(query)}`, shop.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { customerName: string }[]; count: number; countCapped: boolean }>();
};

beforeAll(async () => {
  shop = await aShop(t);
  const first = await aParcel(t, { shop }, { customerName: 'Rahima Begum' });
  await copies(first.id, extra);
});

describe('the parcel list past the count cap', () => {
  it('counts up to the cap and says it stopped there', async () => {
    const page = await list();
    expect(page).toMatchObject({ count: parcelListCountCap, countCapped: true });
    expect(page.items).toHaveLength(20);
    expect(page.items[0]?.customerName).toBe(`Copy ${extra}`);
  });

  it('pages past the cap to the last parcel', async () => {
    // 10 002 parcels: the page at offset 10 000 holds the last two, oldest last.
    const page = await list({ offset: String(parcelListCountCap), limit: '20' });
    expect(page.items.map((p) => p.customerName)).toEqual(['Copy 1', 'Rahima Begum']);
    expect(page.countCapped).toBe(true);
  });

  it('counts a lookup whose page is full: a whole phone that every copy shares', async () => {
    // A whole phone runs its page first; a full page is no count, so the count runs after it.
    const page = await list({ q: '01712345678', limit: '20' });
    expect(page.items).toHaveLength(20);
    expect(page).toMatchObject({ count: parcelListCountCap, countCapped: true });
  });

  it('counts a lookup asked past its last match, and one whose short page is its count', async () => {
    const found = await list({ q: '01712345678', offset: String(parcelListCountCap), limit: '20' });
    expect(found.items.map((p) => p.customerName)).toEqual(['Copy 1', 'Rahima Begum']);
    expect(found).toMatchObject({ count: parcelListCountCap, countCapped: true });
    const past = await list({ q: '01712345678', offset: String(extra + 5) });
    expect(past.items).toEqual([]);
    expect(past).toMatchObject({ count: parcelListCountCap, countCapped: true });
  });

  it('counts exactly when fewer match than the cap', async () => {
    expect(await list({ q: 'Rahima' })).toMatchObject({ count: 1, countCapped: false });
    expect(await list({ statusGroup: 'closed' })).toMatchObject({ count: 0, countCapped: false });
  });
});

describe('an exact count', () => {
  it('counts every match when asked (exports: progress is a share of the whole)', async () => {
    const repo = createParcelsRepository(t.database.db);
    const queries = createParcelQueries({ repo, load: parcelLoader(repo) });
    const query = parcelListQuerySchema.parse({ limit: 1 });
    expect(await queries.list(shop.shop.id, query, { exactCount: true })).toMatchObject({
      count: extra + 1,
      countCapped: false,
    });
    expect(await queries.list(shop.shop.id, query)).toMatchObject({
      count: parcelListCountCap,
      countCapped: true,
    });
  });
});
