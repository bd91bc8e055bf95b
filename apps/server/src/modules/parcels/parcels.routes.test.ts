import { isValidTrackingId } from '@dak/domain/tracking-id';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aBooking,
  aPickupLocation,
  areas,
  aShop,
  type Merchant,
  parcelCount,
  type Shop,
} from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Shop;
let pickupId: string;

const addPickup = (m: Merchant, overrides: Record<string, unknown> = {}) => aPickupLocation(t, m, overrides);

/** A merchant with a shop that can book (one active pickup location in Mirpur). */
async function bookingMerchant() {
  const m = await aShop(t);
  return { m, pickupId: m.pickupId };
}

const booking = (overrides: Record<string, unknown> = {}) => aBooking(pickupId, overrides);

function book(m: Pick<Merchant, 'token' | 'shop'>, body: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${m.shop.id}/parcels`,
    headers: { authorization: `Bearer ${m.token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const countParcels = (shopId: string) => parcelCount(t, shopId);

beforeAll(async () => {
  owner = await aShop(t);
  pickupId = owner.pickupId;
});

describe('booking a parcel', () => {
  it('creates it at pickup_pending with the charge of the shop plan and a first event', async () => {
    const res = await book(owner, booking({ alternatePhone: '+8801812345678', invoiceId: 'INV-1001' }));
    expect(res.statusCode, res.body).toBe(201);
    const parcel = res.json();
    expect(isValidTrackingId(parcel.trackingId)).toBe(true);
    expect(parcel).toMatchObject({
      status: 'pickup_pending',
      statusGroup: 'pickup',
      sellerStatus: 'pickup_pending',
      paymentStatus: 'cash_collection_pending',
      customerPhone: '8801712345678',
      alternatePhone: '8801812345678',
      invoiceId: 'INV-1001',
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 500,
      parcelType: 'forward',
      flowType: 'regular',
      deliveryArea: { id: areas.gulshan, nameEn: 'Gulshan' },
      pickupLocation: { id: pickupId, name: 'Mirpur warehouse' },
      // Same city, up to 500 g: ৳60; COD 1% of ৳1250 = ৳12.50 → ৳13; return 50% of ৳60.
      charge: {
        deliveryCharge: 60,
        codCharge: 13,
        totalCharge: 73,
        returnCharge: 30,
        rateClass: 'same_city',
      },
      pickupDate: '2026-11-22',
    });
    const row = await t.database.db
      .selectFrom('parcels')
      .selectAll()
      .where('id', '=', parcel.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      cash_collection_poisha: 125_000,
      selling_price_poisha: 120_000,
      delivery_charge_poisha: 6_000,
      cod_charge_poisha: 1_300,
      created_by_user_id: owner.user.id,
    });
    const detail = await call('GET', `/shops/${owner.shop.id}/parcels/${parcel.id}`, owner.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().events).toEqual([
      {
        at: expect.any(String),
        fromStatus: null,
        toStatus: 'pickup_pending',
        actor: { kind: 'user', id: owner.user.id },
        reason: null,
        note: null,
        hubId: null,
      },
    ]);
  });

  it('accepts cash as a string of digits and an editor may book', async () => {
    const editor = await addMember(t, owner.shop.id, 'editor');
    const res = await book(
      { ...editor, shop: owner.shop },
      booking({ cashCollectionAmount: '0', sellingPrice: '500' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ cashCollectionAmount: 0, charge: { codCharge: 0, totalCharge: 60 } });
  });

  it.each([
    [{ weightGrams: 0 }, 'body.weightGrams', 'Parcel Weight must be greater than 0 gm'],
    [
      { weightGrams: 200_001 },
      'body.weightGrams',
      'Parcel weight must be less than or equal to 200000gm/200Kg',
    ],
    [{ weightGrams: 12.5 }, 'body.weightGrams', 'Weight must be a whole number of grams'],
    [{ cashCollectionAmount: '12.50' }, 'body.cashCollectionAmount', 'Cash amount must contain digits only'],
    [{ cashCollectionAmount: -1 }, 'body.cashCollectionAmount', 'Cash amount must contain digits only'],
    [{ cashCollectionAmount: '0100' }, 'body.cashCollectionAmount', 'Cash amount must not start with 0'],
    [{ sellingPrice: '1,200' }, 'body.sellingPrice', 'Cash amount must contain digits only'],
    [
      { cashCollectionAmount: 600_000 },
      'body.cashCollectionAmount',
      'Cash amount must be at most 500000 taka',
    ],
    [{ customerAddress: 'গুলশান ১, ঢাকা' }, 'body.customerAddress', 'Please write the address in English'],
    [
      { customerAddress: 'a-b' },
      'body.customerAddress',
      'Customer address must have at least 5 letters or digits',
    ],
    [{ customerAddress: '' }, 'body.customerAddress', 'Customer address is required'],
    [
      { customerAddress: 'House 5; Road 3' },
      'body.customerAddress',
      'Customer address may not contain any of < > { } [ ] \\ ^ ` | ~ $ ;',
    ],
    [{ customerPhone: '01212345678' }, 'body.customerPhone', 'Invalid phone number'],
    [{ alternatePhone: '12345' }, 'body.alternatePhone', 'Invalid phone number'],
    [{ customerName: '' }, 'body.customerName', 'Customer name is required'],
    [
      { customerName: 'Rahima <b>' },
      'body.customerName',
      "Customer name may contain letters, digits, spaces and & ' , . - only",
    ],
    [{ pickupLocationId: undefined }, 'body.pickupLocationId', 'Pickup location is required'],
    [{ parcelType: 'sideways' }, 'body.parcelType', expect.any(String)],
  ])('refuses %o with its message', async (overrides, path, message) => {
    const before = await countParcels(owner.shop.id);
    const res = await book(owner, booking(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(res.json().error.details.fields[0]).toMatchObject({ path, message });
    expect(await countParcels(owner.shop.id)).toBe(before);
  });

  it('sends each refusal with its message key and params, the field errors too', async () => {
    const res = await book(owner, booking({ cashCollectionAmount: 600_000, customerName: '' }));
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect({ code: error.code, message: error.message, key: error.key, params: error.params }).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Customer name is required',
      key: 'field.required',
      params: { field: 'Customer name' },
    });
    expect(error.details.fields).toEqual(
      expect.arrayContaining([
        {
          path: 'body.cashCollectionAmount',
          message: 'Cash amount must be at most 500000 taka',
          key: 'pricing.cashTooHigh',
          params: { max: 500000 },
        },
      ]),
    );
    const none = await book(owner, booking({ deliveryAreaId: 'nowhere--at-all' }));
    expect(none.json().error).toMatchObject({
      message: 'Delivery area not found',
      key: 'pricing.unknownDeliveryArea',
      params: {},
    });
  });

  it('refuses what only the database can judge, naming the body field', async () => {
    const check = async (overrides: Record<string, unknown>, code: string, path: string, message: string) => {
      const res = await book(owner, booking(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code, message, details: { fields: [{ path, message }] } });
    };
    await check(
      { deliveryAreaId: 'nowhere--at-all' },
      'VALIDATION_FAILED',
      'body.deliveryAreaId',
      'Delivery area not found',
    );
    await check(
      { categoryId: 'weapons' },
      'VALIDATION_FAILED',
      'body.categoryId',
      'Parcel category not found',
    );
    await check(
      { alternatePhone: '8801712345678' },
      'VALIDATION_FAILED',
      'body.alternatePhone',
      'Alternate phone must differ from the customer phone',
    );
    const stranger = await bookingMerchant();
    await check(
      { pickupLocationId: stranger.pickupId },
      'VALIDATION_FAILED',
      'body.pickupLocationId',
      'Pickup location not found',
    );
    await t.database.db
      .updateTable('areas')
      .set({ is_covered: false })
      .where('id', '=', areas.sylhet)
      .execute();
    try {
      await check(
        { deliveryAreaId: areas.sylhet },
        'AREA_NOT_COVERED',
        'body.deliveryAreaId',
        'We do not deliver to this area yet',
      );
    } finally {
      await t.database.db
        .updateTable('areas')
        .set({ is_covered: true })
        .where('id', '=', areas.sylhet)
        .execute();
    }
  });

  it('needs an active pickup location: none at all, or the chosen one switched off', async () => {
    const fresh = await registerMerchant(t.app);
    const none = await book(fresh, booking({ pickupLocationId: pickupId }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({
      code: 'NO_ACTIVE_PICKUP_LOCATION',
      message: 'Add an active pickup location before booking a parcel',
      key: 'parcels.noActivePickupLocation',
      params: {},
    });

    const { m, pickupId: first } = await bookingMerchant();
    await addPickup(m, { name: 'Second store' });
    const off = await call('PUT', `/shops/${m.shop.id}/pickup-locations/${first}`, m.token, {
      status: 'inactive',
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await book(m, booking({ pickupLocationId: first }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'This pickup location is inactive. Choose an active one.',
      details: { fields: [{ path: 'body.pickupLocationId' }] },
    });
  });

  it('lets a viewer read but not book, and a stranger learn nothing', async () => {
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    const res = await book({ ...viewer, shop: owner.shop }, booking());
    expect(res.statusCode).toBe(403);
    expect((await call('GET', `/shops/${owner.shop.id}/parcels`, viewer.token)).statusCode).toBe(200);

    const stranger = await registerMerchant(t.app);
    expect((await book({ ...stranger, shop: owner.shop }, booking())).statusCode).toBe(404);
    expect((await call('GET', `/shops/${owner.shop.id}/parcels`, stranger.token)).statusCode).toBe(404);
    const mine = (await book(owner, booking())).json();
    // Another shop's parcel under the stranger's own shop: not found either.
    const other = await call('GET', `/shops/${stranger.shop.id}/parcels/${mine.id}`, stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Parcel not found' });
    const del = await call('DELETE', `/shops/${stranger.shop.id}/parcels/${mine.id}`, stranger.token);
    expect(del.statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first parcel and creates no second one', async () => {
    const { m, pickupId: pid } = await bookingMerchant();
    const body = booking({ pickupLocationId: pid });
    const first = await book(m, body, 'retry-1');
    expect(first.statusCode, first.body).toBe(201);
    // The same booking with the phone spelled another way is the same booking.
    const again = await book(m, { ...body, customerPhone: '+8801712345678' }, 'retry-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countParcels(m.shop.id)).toBe(1);

    const other = await book(m, { ...body, cashCollectionAmount: 999 }, 'retry-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different parcel',
    });
    // Keys are per shop, and a new key books again.
    expect((await book(m, body, 'retry-2')).statusCode).toBe(201);
    expect(await countParcels(m.shop.id)).toBe(2);
  });

  it('does not record a key whose booking failed', async () => {
    const { m, pickupId: pid } = await bookingMerchant();
    const bad = await book(
      m,
      booking({ pickupLocationId: pid, deliveryAreaId: 'nowhere--at-all' }),
      'k-fail',
    );
    expect(bad.statusCode).toBe(400);
    const good = await book(m, booking({ pickupLocationId: pid }), 'k-fail');
    expect(good.statusCode).toBe(201);
  });

  it('creates one parcel when the same key arrives several times at once', async () => {
    const { m, pickupId: pid } = await bookingMerchant();
    const body = booking({ pickupLocationId: pid });
    const results = await Promise.all(Array.from({ length: 4 }, () => book(m, body, 'double-click')));
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await countParcels(m.shop.id)).toBe(1);
    const events = await t.database.db
      .selectFrom('parcel_events')
      .select('id')
      .where('parcel_id', '=', results[0]?.json().id)
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('the parcel list', () => {
  let m: Merchant;
  let secondPickup: string;
  const ids: Record<string, { id: string; trackingId: string }> = {};

  beforeAll(async () => {
    const made = await bookingMerchant();
    m = made.m;
    secondPickup = await addPickup(m, { name: 'Gulshan store', areaId: areas.gulshan });
    const bookAs = async (name: string, overrides: Record<string, unknown>) => {
      const res = await book(m, booking({ pickupLocationId: made.pickupId, ...overrides }));
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json();
      t.clock.advance(60_000);
    };
    await bookAs('rahima', {
      customerName: 'Rahima Begum',
      customerPhone: '01711111111',
      invoiceId: 'INV-7',
    });
    await bookAs('karim', { customerName: 'Karim Uddin', customerPhone: '01822222222' });
    await bookAs('sylhet', {
      customerName: 'Salma Akter',
      customerPhone: '01933333333',
      deliveryAreaId: areas.sylhet,
      pickupLocationId: secondPickup,
    });
    // The next Dhaka day (the clock starts at 12:00 Dhaka).
    t.clock.advance(24 * 3600_000);
    await bookAs('tomorrow', { customerName: 'Rahim Mia', customerPhone: '01544444444' });
    await bookAs('deleted', { customerName: 'Nasrin Sultana', customerPhone: '01655555555' });
    const del = await call('DELETE', `/shops/${m.shop.id}/parcels/${ids.deleted?.id}`, m.token);
    expect(del.statusCode).toBe(200);
  });

  const list = async (query: Record<string, string> = {}) => {
    const res = await call('GET', `/shops/${m.shop.id}/parcels?${new URLSearchParams(query)}`, m.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      items: { id: string; customerName: string }[];
      count: number;
      countCapped: boolean;
    }>();
    return { ...body, names: body.items.map((p) => p.customerName) };
  };

  it('lists newest first with the count, and pages', async () => {
    const all = await list();
    expect(all.count).toBe(5);
    expect(all.countCapped).toBe(false);
    expect(all.names).toEqual(['Nasrin Sultana', 'Rahim Mia', 'Salma Akter', 'Karim Uddin', 'Rahima Begum']);
    const page = await list({ limit: '2', offset: '2' });
    expect(page.count).toBe(5);
    expect(page.names).toEqual(['Salma Akter', 'Karim Uddin']);
    expect((await list({ sort: 'createdAt:asc', limit: '1' })).names).toEqual(['Rahima Begum']);
    const tooMany = await call('GET', `/shops/${m.shop.id}/parcels?limit=101`, m.token);
    expect(tooMany.statusCode).toBe(400);
  });

  it('filters by status, group, payment status, area, pickup location and dates', async () => {
    expect((await list({ status: 'deleted' })).names).toEqual(['Nasrin Sultana']);
    expect((await list({ statusGroup: 'closed' })).names).toEqual(['Nasrin Sultana']);
    expect((await list({ statusGroup: 'pickup' })).count).toBe(4);
    expect((await list({ statusGroup: 'pickup', status: 'deleted' })).count).toBe(0);
    expect((await list({ paymentStatus: 'cash_collection_pending' })).count).toBe(5);
    expect((await list({ paymentStatus: 'paid' })).count).toBe(0);
    expect((await list({ deliveryAreaId: areas.sylhet })).names).toEqual(['Salma Akter']);
    expect((await list({ pickupLocationId: secondPickup })).names).toEqual(['Salma Akter']);
    expect((await list({ from: '2026-11-23' })).names).toEqual(['Nasrin Sultana', 'Rahim Mia']);
    expect((await list({ to: '2026-11-22' })).count).toBe(3);
    expect((await list({ from: '2026-11-22', to: '2026-11-22' })).count).toBe(3);
    expect((await list({ from: '2026-11-22T06:00:30Z', to: '2026-11-22T06:01:30Z' })).names).toEqual([
      'Karim Uddin',
    ]);
  });

  it('searches tracking ID, invoice ID, phone in any spelling, and name', async () => {
    const tracking = ids.karim?.trackingId ?? '';
    expect((await list({ q: tracking })).names).toEqual(['Karim Uddin']);
    expect((await list({ q: tracking.toLowerCase() })).names).toEqual(['Karim Uddin']);
    expect((await list({ q: 'INV-7' })).names).toEqual(['Rahima Begum']);
    for (const phone of ['01822222222', '8801822222222', '+8801822222222', '01822-222222']) {
      expect((await list({ q: phone })).names, phone).toEqual(['Karim Uddin']);
    }
    expect((await list({ q: '22222' })).names).toEqual(['Karim Uddin']);
    expect((await list({ q: 'rahim' })).names).toEqual(['Rahim Mia', 'Rahima Begum']);
    expect((await list({ q: 'salma akter' })).names).toEqual(['Salma Akter']);
    expect((await list({ q: '100%' })).count).toBe(0);
    // Another shop's parcels never show.
    expect(
      (await call('GET', `/shops/${owner.shop.id}/parcels?q=${tracking}`, owner.token)).json().count,
    ).toBe(0);
  });
});

describe('deleting a parcel', () => {
  it('marks a pickup_pending parcel deleted with an event, once', async () => {
    const parcel = (await book(owner, booking())).json();
    const url = `/shops/${owner.shop.id}/parcels/${parcel.id}`;
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    expect((await call('DELETE', url, viewer.token)).statusCode).toBe(403);

    const res = await call('DELETE', url, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: parcel.id,
      status: 'deleted',
      sellerStatus: 'deleted',
      message: 'Parcel deleted successfully',
    });
    const detail = (await call('GET', url, owner.token)).json();
    expect(detail).toMatchObject({ status: 'deleted', sellerStatus: 'deleted', statusGroup: 'closed' });
    expect(detail.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['pickup_pending', 'deleted']);
    expect(detail.events[1]).toMatchObject({
      fromStatus: 'pickup_pending',
      actor: { kind: 'user', id: owner.user.id },
    });

    const again = await call('DELETE', url, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Only a parcel waiting for pickup can be deleted',
    });
  });

  it('refuses once the parcel has been picked up', async () => {
    const parcel = (await book(owner, booking())).json();
    await t.database.db
      .updateTable('parcels')
      .set({ status: 'at_sorting', seller_status: 'in_transit' })
      .where('id', '=', parcel.id)
      .execute();
    const res = await call('DELETE', `/shops/${owner.shop.id}/parcels/${parcel.id}`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INVALID_TRANSITION');
    const row = await t.database.db
      .selectFrom('parcels')
      .select('status')
      .where('id', '=', parcel.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('at_sorting');
  });

  it('lets only one of two simultaneous deletes win', async () => {
    const parcel = (await book(owner, booking())).json();
    const url = `/shops/${owner.shop.id}/parcels/${parcel.id}`;
    const [a, b] = await Promise.all([call('DELETE', url, owner.token), call('DELETE', url, owner.token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const events = await t.database.db
      .selectFrom('parcel_events')
      .select('id')
      .where('parcel_id', '=', parcel.id)
      .execute();
    expect(events).toHaveLength(2);
  });

  it('answers 404 for an unknown parcel', async () => {
    const res = await call(
      'DELETE',
      `/shops/${owner.shop.id}/parcels/6f1c3b5e-0000-4000-8000-000000000000`,
      owner.token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('tracking IDs', () => {
  it('are unique and valid over many bookings', async () => {
    const { m, pickupId: pid } = await bookingMerchant();
    const seen = new Set<string>();
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => book(m, booking({ pickupLocationId: pid }))),
      );
      for (const r of results) {
        expect(r.statusCode, r.body).toBe(201);
        const id = r.json().trackingId as string;
        expect(isValidTrackingId(id)).toBe(true);
        seen.add(id);
      }
    }
    expect(seen.size).toBe(100);
  });
});
