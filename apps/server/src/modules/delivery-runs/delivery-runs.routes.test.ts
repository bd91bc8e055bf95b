import { deliveryOtpMaxAttempts } from '@dak/domain/delivery-runs';
import { reattemptNotApprovedMessage } from '@dak/domain/parcel-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aRiderToken, aStaff } from '../../../test/factories';
import { caller, jpegImage, multipart, pdfDocument, signInStaff } from '../../../test/fixtures';
import { lastSms, uniquePhone, useTestApp } from '../../../test/helpers';
import {
  approveReattempt,
  type BookingMerchant,
  bookingMerchant,
  bookParcel,
} from '../../../test/operations-fixtures';

const t = useTestApp();
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let manager: Awaited<ReturnType<typeof signInStaff>>;
let otherManager: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;
type Rider = { id: string; phone: string; token: string };
let rider: Rider;
let otherRider: Rider;

const gulshan = 'hub-dhaka-gulshan';

/** A rider in a hub, signed in the way riders sign in: a code to the phone, then verify. */
const newRider = (hubId: string, name: string): Promise<Rider> =>
  aStaff(t, { role: 'rider', hub: hubId, name });
const riderToken = (phone: string) => aRiderToken(t, phone);

/** A parcel booked to Gulshan and moved by an admin to the Gulshan hub, with its customer's phone. */
async function atDeliveryHub(cash = 1250) {
  const customerPhone = uniquePhone();
  const { trackingId } = await aParcel(
    t,
    { shop: merchant, status: 'at_delivery_hub', by: admin },
    { customerPhone, cashCollectionAmount: cash },
  );
  return { trackingId, customerPhone };
}

async function onRun(r: Rider, cash = 1250) {
  const parcel = await atDeliveryHub(cash);
  const res = await call('POST', '/ops/delivery-runs', manager.token, {
    riderId: r.id,
    trackingIds: [parcel.trackingId],
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().results).toEqual([{ trackingId: parcel.trackingId, ok: true }]);
  const sms = await lastSms(t.app, parcel.customerPhone);
  const otp = /OTP: (\d{4})/.exec(sms)?.[1] ?? '';
  return { ...parcel, otp, sms };
}

async function statusOf(trackingId: string) {
  return (
    await t.database.db
      .selectFrom('parcels')
      .select(['status', 'amount_collected_poisha'])
      .where('tracking_id', '=', trackingId)
      .executeTakeFirstOrThrow()
  ).status;
}

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  manager = await aStaff(t, { role: 'hub_manager', hub: gulshan });
  otherManager = await aStaff(t, { role: 'hub_manager', hub: 'hub-dhaka-mirpur' });
  merchant = await bookingMerchant(t);
  rider = await newRider(gulshan, 'Rubel Mia');
  otherRider = await newRider(gulshan, 'Karim Uddin');
});

describe('creating a run', () => {
  it("is the hub's manager's: another hub's manager and riders are refused, nothing moves", async () => {
    const { trackingId } = await atDeliveryHub();
    const foreign = await call('POST', '/ops/delivery-runs', otherManager.token, {
      riderId: rider.id,
      trackingIds: [trackingId],
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('This rider does not work in your hub');
    const byRider = await call('POST', '/ops/delivery-runs', rider.token, {
      riderId: rider.id,
      trackingIds: [trackingId],
    });
    expect(byRider.statusCode).toBe(403);
    expect(await statusOf(trackingId)).toBe('at_delivery_hub');
    expect(await t.database.db.selectFrom('delivery_run_parcels').selectAll().execute()).toEqual([]);
  });

  it('sends the customer the rider, a 4-digit OTP and the tracking link; stores only a hash', async () => {
    const { trackingId, otp, sms } = await onRun(rider);
    expect(await statusOf(trackingId)).toBe('out_for_delivery');
    expect(sms).toContain('Rubel Mia');
    expect(sms).toContain(rider.phone);
    expect(sms).toContain(`/track/${trackingId}`);
    expect(otp).toMatch(/^\d{4}$/);
    const row = await t.database.db
      .selectFrom('delivery_run_parcels as rp')
      .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
      .select(['rp.otp_hash', 'rp.otp_expires_at', 'rp.otp_attempts'])
      .where('p.tracking_id', '=', trackingId)
      .executeTakeFirstOrThrow();
    expect(row.otp_hash).not.toBeNull();
    expect(Buffer.from(row.otp_hash ?? '').toString('hex')).not.toContain(Buffer.from(otp).toString('hex'));
    expect(row.otp_attempts).toBe(0);
    expect(new Date(row.otp_expires_at).toISOString()).toBe('2026-11-22T17:59:59.999Z');
  });

  it('refuses a parcel of another hub or not yet at the hub, per parcel, and takes the rest', async () => {
    const good = await atDeliveryHub();
    const early = await bookParcel(t, merchant);
    const res = await call('POST', '/ops/delivery-runs', manager.token, {
      riderId: rider.id,
      trackingIds: [early.trackingId, good.trackingId, 'DK000000000'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results;
    expect(results[0]).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
    expect(results[1]).toEqual({ trackingId: good.trackingId, ok: true });
    expect(results[2]).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await statusOf(early.trackingId)).toBe('pickup_pending');
    const list = await call('GET', `/ops/delivery-runs?hubId=${gulshan}`, manager.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((r: { rider: { id: string } }) => r.rider.id)).toContain(rider.id);
    expect((await call('GET', `/ops/delivery-runs?hubId=${gulshan}`, otherManager.token)).statusCode).toBe(
      404,
    );
  });
});

describe('the rider closing parcels', () => {
  it('delivers with the OTP, partial amount recorded, and shows it in the run and cash total', async () => {
    const { trackingId, otp } = await onRun(rider, 1000);
    const run = await call('GET', '/rider/run', rider.token);
    expect(run.statusCode, run.body).toBe(200);
    const before = run.json().cashCollected;
    expect(run.json().parcels).toContainEqual(
      expect.objectContaining({ trackingId, open: true, cashToCollect: 1000, customerName: 'Rahima Begum' }),
    );
    const tooMuch = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
      otp,
      amountCollected: 1001,
    });
    expect(tooMuch.statusCode).toBe(400);
    const res = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
      otp,
      amountCollected: 600,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ trackingId, status: 'delivered', amountCollected: 600 });
    const event = await t.database.db
      .selectFrom('parcel_events as e')
      .innerJoin('parcels as p', 'p.id', 'e.parcel_id')
      .select(['e.reason', 'e.proof_kind', 'e.amount_collected_poisha', 'e.actor_staff_id'])
      .where('p.tracking_id', '=', trackingId)
      .orderBy('e.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      reason: 'partial_delivery',
      proof_kind: 'otp',
      amount_collected_poisha: 60000,
      actor_staff_id: rider.id,
    });
    const after = (await call('GET', '/rider/run', rider.token)).json();
    expect(after.cashCollected).toBe(before + 600);
    expect(after.parcels).toContainEqual(
      expect.objectContaining({ trackingId, open: false, amountCollected: 600 }),
    );
    // Closed: a second try is not on the run any more.
    const again = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
      otp,
      amountCollected: 600,
    });
    expect(again.statusCode).toBe(404);
  });

  it(`counts wrong OTPs and locks after ${deliveryOtpMaxAttempts}; the right one then is refused too`, async () => {
    const { trackingId, otp } = await onRun(rider);
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let i = 1; i <= deliveryOtpMaxAttempts; i++) {
      const res = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
        otp: wrong,
        amountCollected: 1250,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('OTP_INVALID');
      expect(res.json().error.details.attemptsLeft).toBe(deliveryOtpMaxAttempts - i);
    }
    const locked = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
      otp,
      amountCollected: 1250,
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    expect(await statusOf(trackingId)).toBe('out_for_delivery');
    const run = (await call('GET', '/rider/run', rider.token)).json();
    expect(run.parcels).toContainEqual(expect.objectContaining({ trackingId, otpLocked: true }));
    // A photo still closes it.
    const upload = multipart({}, [
      { field: 'photo', filename: 'door.jpg', contentType: 'image/jpeg', bytes: jpegImage() },
    ]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/proofs',
      headers: { ...upload.headers, authorization: `Bearer ${rider.token}` },
      payload: upload.payload,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const done = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
      photoId: photo.json().id,
      amountCollected: 1250,
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it("refuses another rider's parcel with 404 and changes nothing", async () => {
    const { trackingId, otp } = await onRun(rider);
    const deliver = await call('POST', `/rider/parcels/${trackingId}/deliver`, otherRider.token, {
      otp,
      amountCollected: 1250,
    });
    expect(deliver.statusCode).toBe(404);
    expect(deliver.json().error.message).toBe('This parcel is not on your run');
    const fail = await call('POST', `/rider/parcels/${trackingId}/fail`, otherRider.token, {
      reason: 'no_cash',
    });
    expect(fail.statusCode).toBe(404);
    expect(await statusOf(trackingId)).toBe('out_for_delivery');
    const theirs = (await call('GET', '/rider/run', otherRider.token)).json();
    expect(theirs.parcels.map((p: { trackingId: string }) => p.trackingId)).not.toContain(trackingId);
    // Nor may a rider use the staff route to move it.
    const staffRoute = await call('POST', `/ops/parcels/${trackingId}/status`, otherRider.token, {
      status: 'delivered',
    });
    expect(staffRoute.statusCode).toBe(403);
  });

  it('fails with a reason from the list, and the manager may send it out again once the reattempt is approved', async () => {
    const { trackingId, customerPhone } = await onRun(rider);
    const bad = await call('POST', `/rider/parcels/${trackingId}/fail`, rider.token, { reason: 'raining' });
    expect(bad.statusCode).toBe(400);
    const res = await call('POST', `/rider/parcels/${trackingId}/fail`, rider.token, {
      reason: 'customer_not_home',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(trackingId)).toBe('delivery_attempted');
    expect(await lastSms(t.app, customerPhone)).toContain('Customer not at the address');
    const run = (await call('GET', '/rider/run', rider.token)).json();
    expect(run.parcels).toContainEqual(
      expect.objectContaining({ trackingId, open: false, failedReason: 'customer_not_home' }),
    );
    const candidates = async () =>
      (await call('GET', `/ops/delivery-runs/candidates?hubId=${gulshan}`, manager.token))
        .json()
        .items.map((c: { trackingId: string }) => c.trackingId);
    // Not before the merchant asked again and staff approved.
    expect(await candidates()).not.toContain(trackingId);
    const early = await call('POST', '/ops/delivery-runs', manager.token, {
      riderId: otherRider.id,
      trackingIds: [trackingId],
    });
    expect(early.json().results[0]).toMatchObject({
      trackingId,
      ok: false,
      error: { code: 'INVALID_TRANSITION', message: reattemptNotApprovedMessage },
    });
    expect(await statusOf(trackingId)).toBe('delivery_attempted');
    await approveReattempt(t, merchant, admin.token, trackingId);
    expect(await candidates()).toContain(trackingId);
    const again = await call('POST', '/ops/delivery-runs', manager.token, {
      riderId: otherRider.id,
      trackingIds: [trackingId],
    });
    expect(again.json().results[0]).toEqual({ trackingId, ok: true });
    expect(await statusOf(trackingId)).toBe('out_for_delivery');
  });

  it('sends a failed parcel out again with the same rider the same day: a new OTP, one parcel on the run', async () => {
    const r = await newRider(gulshan, 'Sumon Ali');
    const { trackingId, customerPhone, otp: firstOtp } = await onRun(r, 980);
    await call('POST', `/rider/parcels/${trackingId}/fail`, r.token, { reason: 'customer_not_home' });
    await approveReattempt(t, merchant, admin.token, trackingId);
    const again = await call('POST', '/ops/delivery-runs', manager.token, {
      riderId: r.id,
      trackingIds: [trackingId],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().results).toEqual([{ trackingId, ok: true }]);
    const secondOtp = /OTP: (\d{4})/.exec(await lastSms(t.app, customerPhone))?.[1] ?? '';
    const run = (await call('GET', '/rider/run', r.token)).json();
    expect(run.parcels.filter((p: { trackingId: string }) => p.trackingId === trackingId)).toEqual([
      expect.objectContaining({ trackingId, open: true, failedReason: null }),
    ]);
    if (firstOtp !== secondOtp) {
      const old = await call('POST', `/rider/parcels/${trackingId}/deliver`, r.token, {
        otp: firstOtp,
        amountCollected: 980,
      });
      expect(old.statusCode).toBe(400);
    }
    const delivered = await call('POST', `/rider/parcels/${trackingId}/deliver`, r.token, {
      otp: secondOtp,
      amountCollected: 980,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const runs = await call('GET', `/ops/delivery-runs?hubId=${gulshan}`, manager.token);
    const summary = runs.json().items.find((x: { rider: { id: string } }) => x.rider.id === r.id);
    expect(summary).toMatchObject({ parcelCount: 1, deliveredCount: 1, failedCount: 0, cashCollected: 980 });
  });

  it('checks a proof photo by its bytes, and a photo proves one delivery only', async () => {
    const send = (bytes: Buffer, contentType: string, token = rider.token) => {
      const upload = multipart({}, [{ field: 'photo', filename: 'x.jpg', contentType, bytes }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/rider/proofs',
        headers: { ...upload.headers, authorization: `Bearer ${token}` },
        payload: upload.payload,
      });
    };
    const pdf = await send(pdfDocument(), 'image/jpeg');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe('The photo must be a JPEG, PNG or WebP image');
    expect(
      await t.database.db
        .selectFrom('delivery_proofs')
        .select('id')
        .where('rider_id', '=', rider.id)
        .execute(),
    ).toHaveLength(1);
    const good = await send(jpegImage(), 'image/jpeg');
    expect(good.statusCode).toBe(201);
    const a = await onRun(rider);
    const b = await onRun(rider);
    const first = await call('POST', `/rider/parcels/${a.trackingId}/deliver`, rider.token, {
      photoId: good.json().id,
      amountCollected: 1250,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', `/rider/parcels/${b.trackingId}/deliver`, rider.token, {
      photoId: good.json().id,
      amountCollected: 1250,
    });
    expect(second.statusCode).toBe(409);
    // Another rider's photo is not theirs to use.
    const theirs = await send(jpegImage(), 'image/jpeg', otherRider.token);
    const foreign = await call('POST', `/rider/parcels/${b.trackingId}/deliver`, rider.token, {
      photoId: theirs.json().id,
      amountCollected: 1250,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await statusOf(b.trackingId)).toBe('out_for_delivery');
  });
});

describe('the end of the day', () => {
  it('refuses an expired OTP and counts it (last: time moves past the day and sessions end)', async () => {
    const { trackingId, otp } = await onRun(rider);
    // The code is good until the run's day ends in Dhaka (the test clock starts at 12:00 there).
    t.clock.advance(12 * 3_600_000);
    rider.token = await riderToken(rider.phone);
    const res = await call('POST', `/rider/parcels/${trackingId}/deliver`, rider.token, {
      otp,
      amountCollected: 1250,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('OTP_EXPIRED');
    expect(await statusOf(trackingId)).toBe('out_for_delivery');
    const row = await t.database.db
      .selectFrom('delivery_run_parcels as rp')
      .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
      .select('rp.otp_attempts')
      .where('p.tracking_id', '=', trackingId)
      .executeTakeFirstOrThrow();
    expect(row.otp_attempts).toBe(1);
  });
});
