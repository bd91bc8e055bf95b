import { compatNumberOf } from '@dak/domain/compat-ids';
import { isValidTrackingId } from '@dak/domain/tracking-id';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dhakaCity,
  documentedOrder as documentedOrderOf,
  expectPathaoError,
  gulshanZone,
  type Key,
  pathaoClient,
} from '../../../test/compat-pathao';
import { areas, aShop, type Shop } from '../../../test/factories';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();
const { pathao, aKey, tokensOf } = pathaoClient(t);
const dhaka = dhakaCity;
const gulshan = gulshanZone;

let owner: Shop;
let key: Key;
let access: string;
const documentedOrder = (overrides: Record<string, unknown> = {}) => documentedOrderOf(owner, overrides);

beforeAll(async () => {
  owner = await aShop(t);
  key = await aKey(owner);
  access = (await tokensOf(owner, key)).access_token;
});

describe('Pathao-compatible geography and stores', () => {
  it('lists cities, zones and areas with Pathao’s fields and stable numeric ids', async () => {
    const cities = await pathao('GET', '/city-list', access);
    expect(cities.statusCode, cities.body).toBe(200);
    const cityBody = cities.json<{
      message: string;
      type: string;
      code: number;
      data: { data: unknown[] };
    }>();
    expect(cityBody).toMatchObject({ type: 'success', code: 200, message: expect.any(String) });
    expect(cityBody.data.data).toHaveLength(64);
    expect(cityBody.data.data).toContainEqual({ city_id: dhaka, city_name: 'Dhaka' });

    const zones = await pathao('GET', `/cities/${dhaka}/zone-list`, access);
    expect(zones.statusCode, zones.body).toBe(200);
    const zoneList = zones.json<{ data: { data: { zone_id: number; zone_name: string }[] } }>().data.data;
    expect(zoneList).toContainEqual({ zone_id: gulshan, zone_name: 'Gulshan' });
    for (const z of zoneList) {
      expect(Object.keys(z).sort()).toEqual(['zone_id', 'zone_name']);
      expect(Number.isInteger(z.zone_id)).toBe(true);
    }

    const areaRes = await pathao('GET', `/zones/${gulshan}/area-list`, access);
    expect(areaRes.statusCode, areaRes.body).toBe(200);
    expect(areaRes.json<{ data: { data: unknown[] } }>().data.data).toEqual([
      { area_id: gulshan, area_name: 'Gulshan', home_delivery_available: true, pickup_available: true },
    ]);
    expectPathaoError(await pathao('GET', '/cities/12345/zone-list', access), 404);
    expectPathaoError(await pathao('GET', '/zones/12345/area-list', access), 404);
  });

  it('lists the shop’s pickup locations as stores in Pathao’s page, and creates one from the documented body', async () => {
    const created = await pathao('POST', '/stores', access, {
      name: 'Karim Fashion Gulshan',
      contact_name: 'Md. Karim',
      contact_number: '01812345678',
      secondary_contact: '01912345678',
      otp_number: '01812345678',
      address: 'House 12, Road 5, Gulshan 1, Dhaka',
      city_id: dhaka,
      zone_id: gulshan,
      area_id: gulshan,
    });
    expect(created.statusCode, created.body).toBe(200);
    const createdBody = created.json<{ data: { store_id: number; store_name: string } }>();
    expect(createdBody).toMatchObject({ type: 'success', code: 200 });
    expect(createdBody.data.store_name).toBe('Karim Fashion Gulshan');

    const list = await pathao('GET', '/stores?page=1', access);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ data: Record<string, unknown> & { data: Record<string, unknown>[] } }>().data;
    expect(page).toMatchObject({
      total: 2,
      current_page: 1,
      per_page: 1000,
      total_in_page: 2,
      last_page: 1,
      from: 1,
      to: 2,
    });
    for (const field of ['path', 'last_page_url', 'first_page_url'])
      expect(typeof page[field]).toBe('string');
    const first = page.data.find((s) => s.store_id === compatNumberOf(owner.pickupId));
    expect(first).toEqual({
      store_id: compatNumberOf(owner.pickupId),
      store_name: 'Mirpur warehouse',
      store_address: 'House 12, Road 5, Mirpur 10',
      is_active: 1,
      city_id: dhaka,
      zone_id: compatNumberOf(areas.mirpur),
      hub_id: compatNumberOf('hub-dhaka-mirpur'),
      is_default_store: expect.any(Boolean),
      is_default_return_store: expect.any(Boolean),
    });
    expect(page.data.some((s) => s.store_id === createdBody.data.store_id)).toBe(true);

    // A zone of another city: refused on the field, as Pathao's 422.
    const wrong = await pathao('POST', '/stores', access, {
      name: 'Wrong city',
      contact_name: 'Md. Karim',
      contact_number: '01812345678',
      address: 'House 12, Road 5, Gulshan 1, Dhaka',
      city_id: compatNumberOf('sylhet'),
      zone_id: gulshan,
    });
    expectPathaoError(wrong, 422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.zone_id).toBeDefined();
  });

  it('prices a parcel from a store to a zone with the shop’s plan, in price-plan’s fields', async () => {
    const res = await pathao('POST', '/merchant/price-plan', access, {
      store_id: compatNumberOf(owner.pickupId),
      item_type: 2,
      delivery_type: 48,
      item_weight: 0.5,
      recipient_city: dhaka,
      recipient_zone: gulshan,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, number> }>().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'price',
        'discount',
        'promo_discount',
        'plan_id',
        'cod_enabled',
        'cod_percentage',
        'additional_charge',
        'final_price',
      ].sort(),
    );
    for (const value of Object.values(data)) expect(typeof value).toBe('number');
    expect(data.price).toBeGreaterThan(0);
    expect(data.final_price).toBe(data.price);
    expect(data.cod_percentage).toBeGreaterThan(0);
    expect(data.cod_percentage).toBeLessThan(1);
  });
});

describe('Pathao-compatible orders', () => {
  it('creates an order from the documented body through Dak’s booking', async () => {
    const res = await pathao('POST', '/orders', access, documentedOrder());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; type: string; code: number; data: Record<string, unknown> }>();
    expect(body).toMatchObject({ type: 'success', code: 200, message: 'Order Created Successfully' });
    expect(Object.keys(body.data).sort()).toEqual([
      'consignment_id',
      'delivery_fee',
      'merchant_order_id',
      'order_status',
    ]);
    expect(body.data).toMatchObject({ merchant_order_id: 'TEST-ORDER-123', order_status: 'Pending' });
    expect(typeof body.data.delivery_fee).toBe('number');
    const consignment = body.data.consignment_id as string;
    expect(isValidTrackingId(consignment)).toBe(true);
    const row = await t.database.db
      .selectFrom('parcels')
      .select([
        'shop_id',
        'delivery_area_id',
        'pickup_location_id',
        'weight_grams',
        'invoice_id',
        'cash_collection_poisha',
      ])
      .where('tracking_id', '=', consignment)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      shop_id: owner.shop.id,
      delivery_area_id: areas.gulshan,
      pickup_location_id: owner.pickupId,
      weight_grams: 500,
      invoice_id: 'TEST-ORDER-123',
    });
    expect(Number(row.cash_collection_poisha)).toBe(90000);

    const info = await pathao('GET', `/orders/${consignment}/info`, access);
    expect(info.statusCode, info.body).toBe(200);
    const data = info.json<{ data: Record<string, unknown> }>().data;
    expect(data).toEqual({
      consignment_id: consignment,
      merchant_order_id: 'TEST-ORDER-123',
      order_status: 'Pending',
      order_status_slug: 'pending',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      invoice_id: null,
    });

    // Another shop's token does not see it.
    const stranger = await aShop(t);
    const strangerToken = (await tokensOf(stranger, await aKey(stranger))).access_token;
    expectPathaoError(await pathao('GET', `/orders/${consignment}/info`, strangerToken), 404);
    // Nor can it book from this shop's store.
    const crossStore = await pathao('POST', '/orders', strangerToken, documentedOrder());
    expectPathaoError(crossStore, 422);
    expect(crossStore.json<{ errors: Record<string, string[]> }>().errors.store_id).toBeDefined();
  });

  it('reads the area from the address when no ids are sent, and refuses an address it cannot read', async () => {
    const noIds = documentedOrder({
      merchant_order_id: 'WC-2001',
      recipient_city: undefined,
      recipient_zone: undefined,
      recipient_area: undefined,
      recipient_address: 'House 12, Road 5, Mirpur 10, Dhaka',
    });
    const res = await pathao('POST', '/orders', access, noIds);
    expect(res.statusCode, res.body).toBe(200);
    const consignment = res.json<{ data: { consignment_id: string } }>().data.consignment_id;
    const row = await t.database.db
      .selectFrom('parcels')
      .select('delivery_area_id')
      .where('tracking_id', '=', consignment)
      .executeTakeFirstOrThrow();
    expect(row.delivery_area_id).toBe(areas.mirpur);

    const unreadable = await pathao(
      'POST',
      '/orders',
      access,
      documentedOrder({
        merchant_order_id: 'WC-2002',
        recipient_city: undefined,
        recipient_zone: undefined,
        recipient_area: undefined,
        recipient_address: 'Near the big mosque, ask anyone',
      }),
    );
    expectPathaoError(unreadable, 422);
    expect(unreadable.json<{ errors: Record<string, string[]> }>().errors.recipient_address?.[0]).toMatch(
      /Could not read the delivery area/,
    );
  });

  it('bulk: 202 as Pathao, plus every row’s consignment_id or its errors; a bad row books nothing', async () => {
    const before = await t.database.db
      .selectFrom('parcels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shop_id', '=', owner.shop.id)
      .executeTakeFirstOrThrow();
    const res = await pathao('POST', '/orders/bulk', access, {
      orders: [
        documentedOrder({ merchant_order_id: 'BULK-1' }),
        documentedOrder({ merchant_order_id: 'BULK-2', recipient_phone: '12345' }),
        documentedOrder({ merchant_order_id: 'BULK-3', item_weight: 0.5, amount_to_collect: 0 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{
      message: string;
      type: string;
      code: number;
      data: unknown;
      results: {
        consignment_id: string | null;
        merchant_order_id: string;
        status: string;
        errors?: Record<string, string[]>;
      }[];
    }>();
    expect(body).toMatchObject({ type: 'success', code: 202, data: true });
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toMatchObject({ merchant_order_id: 'BULK-1', status: 'success' });
    expect(isValidTrackingId(body.results[0]?.consignment_id ?? '')).toBe(true);
    expect(body.results[1]).toMatchObject({
      consignment_id: null,
      merchant_order_id: 'BULK-2',
      status: 'error',
    });
    expect(body.results[1]?.errors?.recipient_phone).toBeDefined();
    expect(body.results[2]).toMatchObject({ merchant_order_id: 'BULK-3', status: 'success' });
    const after = await t.database.db
      .selectFrom('parcels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shop_id', '=', owner.shop.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2);
    // Each booked row is an order of the shop, in Pathao's words.
    const info = await pathao('GET', `/orders/${body.results[2]?.consignment_id}/info`, access);
    expect(info.json<{ data: { merchant_order_id: string } }>().data.merchant_order_id).toBe('BULK-3');
  });

  it('an Idempotency-Key makes a retried bulk answer the first answer and book nothing new', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('parcels')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('shop_id', '=', owner.shop.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const body = {
      orders: [
        documentedOrder({ merchant_order_id: 'RETRY-1' }),
        documentedOrder({ merchant_order_id: 'RETRY-2' }),
      ],
    };
    const headers = { 'idempotency-key': 'woo-sync-2026-11-30-1' };
    const before = await count();
    const first = await pathao('POST', '/orders/bulk', access, body, headers);
    expect(first.statusCode, first.body).toBe(202);
    const again = await pathao('POST', '/orders/bulk', access, body, headers);
    expect(again.statusCode).toBe(202);
    expect(again.json<{ results: unknown }>().results).toEqual(first.json<{ results: unknown }>().results);
    expect((await count()) - before).toBe(2);
  });

  it('refuses a flood of values 413 before parsing it (500 orders’ worth at most)', async () => {
    // 2 MB of `{},` (700 000 objects) held the event loop ~0.16 s in JSON.parse for one call.
    const flood = JSON.parse(`{"orders":[${'{},'.repeat(40_000)}{}]}`);
    const res = await pathao('POST', '/orders/bulk', access, flood);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Request body holds more values than this route takes',
      type: 'error',
      code: 413,
    });
  });
});
