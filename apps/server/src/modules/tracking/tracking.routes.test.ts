import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, type TestApp, useTestApp } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel, walk } from '../../../test/operations-fixtures';
import { createRateLimiter } from '../../plugins/rate-limit';
import { createTrackingService } from './tracking.service';
import { createTrackingCache } from './tracking-cache';

const t = useTestApp();
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
});

const customer = {
  customerName: 'Nasrin Akter Private',
  customerPhone: '01912345678',
  alternatePhone: '01612345670',
  customerAddress: 'Flat 7B, House 99 Secretroad, Gulshan 2',
  invoiceId: 'INV-TRACK-7',
};

describe('GET /tracking/:trackingId', () => {
  it('shows the status, group and every step in English and Bengali, with hubs', async () => {
    const { trackingId } = await bookParcel(t, merchant, customer);
    await walk(t, admin.token, trackingId, [
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
      'out_for_delivery',
      { status: 'delivery_attempted', reason: 'customer_unreachable' },
    ]);
    const res = await call('GET', `/tracking/${trackingId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      trackingId,
      status: 'delivery_attempted',
      statusGroup: 'forward_in_progress',
      customerPhone: '01912-****78',
      deliveryArea: { name: { en: 'Gulshan' }, district: { en: 'Dhaka' } },
    });
    expect(body.events.map((e: { status: string }) => e.status)).toEqual([
      'pickup_pending',
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
      'out_for_delivery',
      'delivery_attempted',
    ]);
    expect(body.events[1]).toMatchObject({
      hub: { id: 'hub-dhaka-mirpur', name: { en: 'Mirpur Hub', bn: 'মিরপুর হাব' } },
      message_en: 'Picked up; at the sorting hub',
      message_bn: 'পিকআপ হয়েছে; সর্টিং হাবে আছে',
    });
    expect(body.events[5]).toMatchObject({
      hub: { id: 'hub-dhaka-gulshan' },
      message_en: 'Delivery attempted; on hold: Customer could not be reached by phone',
      message_bn: 'ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড): কাস্টমারকে ফোনে পাওয়া যায়নি',
    });
    expect(body.events[0].hub).toBeNull();
  });

  it('leaks no name, address, full phone, shop or money', async () => {
    const { trackingId } = await bookParcel(t, merchant, customer);
    const text = (await call('GET', `/tracking/${trackingId}`)).body;
    for (const secret of [
      'Nasrin',
      'Secretroad',
      'Flat 7B',
      '1912345678',
      '1612345670',
      'Karim',
      merchant.shop.id,
      merchant.phone.slice(-8),
      '1250',
      'INV-TRACK-7',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(Object.keys(JSON.parse(text)).sort()).toEqual([
      'customerPhone',
      'deliveryArea',
      'events',
      'status',
      'statusGroup',
      'trackingId',
    ]);
  });

  it('forgives case and spaces, and answers 404 with a clear message for unknown or malformed IDs', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    const spaced = `${trackingId.slice(0, 5).toLowerCase()} ${trackingId.slice(5)}`;
    expect((await call('GET', `/tracking/${encodeURIComponent(spaced)}`)).json().trackingId).toBe(trackingId);
    const unknown = await call('GET', '/tracking/DK22222222');
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('GET', '/tracking/hello');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error.message).toBe(
      'This is not a tracking ID: it looks like DK followed by 9 letters and digits',
    );
    const badCheck = `${trackingId.slice(0, -1)}${trackingId.endsWith('2') ? '3' : '2'}`;
    expect((await call('GET', `/tracking/${badCheck}`)).statusCode).toBe(404);
  });
});

describe('GET /tracking?invoiceId=&phone=', () => {
  it("finds the parcel by the merchant's invoice ID and the customer's phone, both required", async () => {
    const { trackingId } = await bookParcel(t, merchant, { ...customer, invoiceId: 'INV-LOOKUP-1' });
    const ok = await call('GET', '/tracking?invoiceId=INV-LOOKUP-1&phone=01912-345678');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().trackingId).toBe(trackingId);
    const wrongPhone = await call('GET', '/tracking?invoiceId=INV-LOOKUP-1&phone=01912345679');
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongPhone.json().error.message).toBe('No parcel with this invoice ID and phone number');
    expect((await call('GET', '/tracking?invoiceId=INV-LOOKUP-1')).statusCode).toBe(400);
    expect((await call('GET', '/tracking?phone=01912345678')).statusCode).toBe(400);
  });
});

describe("GET /shops/:shopId/tracking?q= (the merchant's Track parcel screen)", () => {
  const track = (shopId: string, q: string, token: string) =>
    call('GET', `/shops/${shopId}/tracking?q=${encodeURIComponent(q)}`, token);

  it("gives the shop's own parcel with its customer, invoice and cash, by tracking ID or invoice ID", async () => {
    const { trackingId, id } = await bookParcel(t, merchant, { ...customer, invoiceId: 'INV-OWN-1' });
    await walk(t, admin.token, trackingId, ['at_sorting']);
    const spaced = `${trackingId.slice(0, 4).toLowerCase()} ${trackingId.slice(4)}`;
    const res = await track(merchant.shop.id, spaced, merchant.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      trackingId,
      status: 'at_sorting',
      customerPhone: '01912-****78',
      own: {
        parcelId: id,
        invoiceId: 'INV-OWN-1',
        customerName: 'Nasrin Akter Private',
        customerPhone: '8801912345678',
        cashCollectionAmount: 1250,
        hasProofPhoto: false,
      },
    });
    expect(body.events[1]).toMatchObject({
      status: 'at_sorting',
      hub: { id: 'hub-dhaka-mirpur' },
      message_en: 'Picked up; at the sorting hub',
      message_bn: 'পিকআপ হয়েছে; সর্টিং হাবে আছে',
    });
    // The invoice ID alone finds it: no phone needed inside the shop, the newest one first.
    t.clock.advance(60_000);
    const newer = await bookParcel(t, merchant, { ...customer, invoiceId: 'INV-OWN-1' });
    const byInvoice = await track(merchant.shop.id, ' INV-OWN-1 ', merchant.token);
    expect(byInvoice.statusCode, byInvoice.body).toBe(200);
    expect(byInvoice.json()).toMatchObject({ trackingId: newer.trackingId, own: { parcelId: newer.id } });
    // A viewer of the shop may track too.
    const viewer = await addMember(t, merchant.shop.id, 'viewer');
    expect((await track(merchant.shop.id, trackingId, viewer.token)).json().own.parcelId).toBe(id);
  });

  it("shows another shop's parcel as public tracking does and no more; their invoice IDs find nothing", async () => {
    const other = await bookingMerchant(t);
    const { trackingId } = await bookParcel(t, merchant, { ...customer, invoiceId: 'INV-THEIRS-9' });
    const res = await track(other.shop.id, trackingId, other.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.own).toBeNull();
    const { own: _own, ...rest } = body;
    expect(rest).toEqual((await call('GET', `/tracking/${trackingId}`)).json());
    for (const secret of ['Nasrin', 'Secretroad', '1912345678', 'INV-THEIRS-9', merchant.shop.id, '1250']) {
      expect(res.body, secret).not.toContain(secret);
    }
    const byInvoice = await track(other.shop.id, 'INV-THEIRS-9', other.token);
    expect(byInvoice.statusCode).toBe(404);
    expect(byInvoice.json().error.message).toBe('No parcel with tracking ID or invoice ID INV-THEIRS-9');
  });

  it('asks for something to look up, and is for members of the shop only', async () => {
    const empty = await track(merchant.shop.id, '  ', merchant.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Enter a tracking ID or invoice ID');
    const { trackingId } = await bookParcel(t, merchant);
    expect((await call('GET', `/shops/${merchant.shop.id}/tracking?q=${trackingId}`)).statusCode).toBe(401);
    const stranger = await bookingMerchant(t);
    expect((await track(merchant.shop.id, trackingId, stranger.token)).statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_TRACKING_PER_IP_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('refuses the fourth lookup from one IP within a minute, and allows it the next minute', async () => {
    const get = () => limited.app.inject({ method: 'GET', url: '/api/v1/tracking/DK22222222' });
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(404);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // A wait, told as one: not "no such parcel" (issue 11).
    expect(refused.json().error.message).toBe(
      'Too many tracking lookups from your connection: try again in a minute',
    );
    expect(refused.json().error.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    const byInvoice = await limited.app.inject({
      method: 'GET',
      url: '/api/v1/tracking?invoiceId=INV-1&phone=01712345678',
    });
    expect(byInvoice.statusCode).toBe(429);
    expect(byInvoice.json().error.message).toContain('try again in a minute');
    limited.clock.advance(61_000);
    expect((await get()).statusCode).toBe(404);
  });

  it("counts the merchant's lookups of other shops' parcels in the same budget, never their own", async () => {
    limited.clock.advance(61_000);
    const mine = await bookingMerchant(limited);
    const theirs = await bookingMerchant(limited);
    const own = await bookParcel(limited, mine);
    const foreign = await bookParcel(limited, theirs);
    const track = (q: string) =>
      limited.app.inject({
        method: 'GET',
        url: `/api/v1/shops/${mine.shop.id}/tracking?q=${q}`,
        headers: { authorization: `Bearer ${mine.token}` },
      });
    for (let i = 0; i < 5; i++) expect((await track(own.trackingId)).statusCode).toBe(200);
    expect((await track(foreign.trackingId)).statusCode).toBe(200);
    expect((await track('DK22222222')).statusCode).toBe(404);
    expect((await limited.app.inject({ method: 'GET', url: '/api/v1/tracking/DK22222222' })).statusCode).toBe(
      404,
    );
    const refused = await track(foreign.trackingId);
    expect(refused.statusCode).toBe(429);
    expect((await track(own.trackingId)).statusCode).toBe(200);
  });
});

describe('public tracking as a prepared statement (issue 16)', () => {
  it('parses and plans its one query once per connection, and answers as the route does', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    // One connection, so the statements it holds are the ones this service prepared.
    const pool = new pg.Pool({ connectionString: t.database.url, max: 1 });
    try {
      const tracking = createTrackingService({
        db: t.database.db,
        pool,
        rateLimiter: createRateLimiter({ db: t.database.db, clock: t.clock }),
        limits: { trackingPerIpPerMinute: 1_000 },
        cache: createTrackingCache({ ttlMs: 0 }),
      });
      const first = await tracking.byTrackingId({ trackingId, ip: '203.0.113.9' });
      const again = await tracking.byTrackingId({ trackingId: trackingId.toLowerCase(), ip: '203.0.113.9' });
      expect(again).toEqual(first);
      const { rows } = await pool.query<{ name: string }>(
        'select name from pg_prepared_statements order by name',
      );
      expect(rows.map((r) => r.name)).toEqual(['dak_public_tracking_by_tracking_id']);
      expect(JSON.parse(JSON.stringify(first))).toEqual(
        (await call('GET', `/tracking/${trackingId}`)).json(),
      );
    } finally {
      await pool.end();
    }
  });
});
