import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, caller, jpegImage, multipart, pngImage, signInStaff } from '../../../test/fixtures';
import { createTestApp, lastOtp, lastSms, type TestApp, uniquePhone } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel, walk } from '../../../test/operations-fixtures';

/**
 * Reading a delivery's photo proof: the merchant whose parcel it is (shop-scoped, parcel.view)
 * and staff (hub managers for parcels of their hubs). The photo is what the rider uploaded.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let manager: Awaited<ReturnType<typeof signInStaff>>;
let pickupManager: Awaited<ReturnType<typeof signInStaff>>;
let otherManager: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;
let otherMerchant: BookingMerchant;
let riderToken = '';
let riderId = '';

const gulshan = 'hub-dhaka-gulshan';

/** Books a parcel to Gulshan, puts it on the rider's run, delivers it with `photo` (or the OTP). */
async function delivered(photo?: { bytes: Buffer; contentType: string }) {
  const customerPhone = uniquePhone();
  const parcel = await bookParcel(t, merchant, { customerPhone });
  await walk(t, admin.token, parcel.trackingId, ['at_sorting', 'in_transit', 'at_delivery_hub']);
  const run = await call('POST', '/ops/delivery-runs', manager.token, {
    riderId,
    trackingIds: [parcel.trackingId],
  });
  expect(run.json().results, run.body).toEqual([{ trackingId: parcel.trackingId, ok: true }]);
  let proof: { photoId: string } | { otp: string };
  if (photo) {
    const upload = multipart({}, [
      { field: 'photo', filename: 'door', contentType: photo.contentType, bytes: photo.bytes },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/proofs',
      headers: { ...upload.headers, authorization: `Bearer ${riderToken}` },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    proof = { photoId: res.json().id };
  } else {
    proof = { otp: /OTP: (\d{4})/.exec(await lastSms(t.app, customerPhone))?.[1] ?? '' };
  }
  const done = await call('POST', `/rider/parcels/${parcel.trackingId}/deliver`, riderToken, {
    ...proof,
    amountCollected: 1250,
  });
  expect(done.statusCode, done.body).toBe(200);
  return parcel;
}

const image = (shopId: string, parcelId: string, token: string) =>
  call('GET', `/shops/${shopId}/parcels/${parcelId}/proof`, token);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await signInStaff(t, 'admin');
  manager = await signInStaff(t, 'hub_manager');
  pickupManager = await signInStaff(t, 'hub_manager');
  otherManager = await signInStaff(t, 'hub_manager');
  await call('PUT', `/ops/staff/${manager.id}/hubs`, admin.token, { hubIds: [gulshan] });
  await call('PUT', `/ops/staff/${pickupManager.id}/hubs`, admin.token, { hubIds: ['hub-dhaka-mirpur'] });
  await call('PUT', `/ops/staff/${otherManager.id}/hubs`, admin.token, { hubIds: ['hub-dhaka-uttara'] });
  merchant = await bookingMerchant(t);
  otherMerchant = await bookingMerchant(t);
  const phone = uniquePhone();
  const created = await call('POST', '/ops/riders', admin.token, {
    name: 'Rubel Mia',
    phone,
    hubId: gulshan,
  });
  expect(created.statusCode, created.body).toBe(201);
  riderId = created.json().id;
  await call('POST', '/ops/auth/rider-login', undefined, { phone });
  const verify = await call('POST', '/ops/auth/verify', undefined, {
    phone,
    code: await lastOtp(t.app, phone),
  });
  riderToken = verify.json().token;
});
afterAll(() => t.close());

describe('GET /shops/:shopId/parcels/:parcelId/proof', () => {
  it("gives the shop the rider's photo with its type, and says so on the parcel", async () => {
    const bytes = jpegImage(200);
    const parcel = await delivered({ bytes, contentType: 'image/jpeg' });
    const res = await image(merchant.shop.id, parcel.id, merchant.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const detail = await call('GET', `/shops/${merchant.shop.id}/parcels/${parcel.id}`, merchant.token);
    expect(detail.json().hasProofPhoto).toBe(true);
    const tracked = await call(
      'GET',
      `/shops/${merchant.shop.id}/tracking?q=${parcel.trackingId}`,
      merchant.token,
    );
    expect(tracked.json().own).toMatchObject({ parcelId: parcel.id, hasProofPhoto: true });
    // A viewer of the shop may look too (parcel.view).
    const viewer = await addMember(t, merchant.shop.id, 'viewer');
    expect((await image(merchant.shop.id, parcel.id, viewer.token)).statusCode).toBe(200);
  });

  it('answers the type the bytes were checked as (PNG)', async () => {
    const bytes = pngImage();
    const parcel = await delivered({ bytes, contentType: 'image/jpeg' });
    const res = await image(merchant.shop.id, parcel.id, merchant.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it("is 404 for another shop's merchant, through their own shop or ours", async () => {
    const parcel = await delivered({ bytes: jpegImage(), contentType: 'image/jpeg' });
    const theirs = await image(otherMerchant.shop.id, parcel.id, otherMerchant.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Parcel not found');
    expect(theirs.body).not.toContain('image');
    // Not a member of our shop: the shop guard refuses before anything is read.
    const ours = await image(merchant.shop.id, parcel.id, otherMerchant.token);
    expect(ours.statusCode).toBe(404);
    expect(ours.json().error.message).toBe('Shop not found');
    expect((await image(merchant.shop.id, parcel.id, '')).statusCode).toBe(401);
  });

  it('is 404 when the parcel was delivered with the OTP, or is not delivered yet', async () => {
    const byOtp = await delivered();
    const res = await image(merchant.shop.id, byOtp.id, merchant.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('This parcel has no delivery photo');
    const detail = await call('GET', `/shops/${merchant.shop.id}/parcels/${byOtp.id}`, merchant.token);
    expect(detail.json().hasProofPhoto).toBe(false);
    const booked = await bookParcel(t, merchant);
    expect((await image(merchant.shop.id, booked.id, merchant.token)).statusCode).toBe(404);
  });

  it('does not show an uploaded photo that proved nothing yet', async () => {
    const booked = await bookParcel(t, merchant);
    const upload = multipart({}, [
      { field: 'photo', filename: 'x.jpg', contentType: 'image/jpeg', bytes: jpegImage() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/proofs',
      headers: { ...upload.headers, authorization: `Bearer ${riderToken}` },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(201);
    expect((await image(merchant.shop.id, booked.id, merchant.token)).statusCode).toBe(404);
  });
});

describe('GET /ops/parcels/:trackingId/proof', () => {
  it("gives the photo to admins, support, finance and both hubs' managers; not another hub's", async () => {
    const bytes = jpegImage(120);
    const parcel = await delivered({ bytes, contentType: 'image/jpeg' });
    const url = `/ops/parcels/${parcel.trackingId.toLowerCase()}/proof`;
    const support = await signInStaff(t, 'support');
    const finance = await signInStaff(t, 'finance');
    for (const who of [admin, manager, pickupManager, support, finance]) {
      const res = await call('GET', url, who.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const foreign = await call('GET', url, otherManager.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('This parcel is not in your hub');
    // Roles with no business in deliveries, riders included, are refused at the door.
    for (const role of ['marketing', 'sales'] as const) {
      expect((await call('GET', url, (await signInStaff(t, role)).token)).statusCode).toBe(403);
    }
    expect((await call('GET', url, riderToken)).statusCode).toBe(403);
    expect((await call('GET', url, merchant.token)).statusCode).toBe(403);
  });

  it('is 404 for an unknown tracking ID and for a parcel without a photo', async () => {
    expect((await call('GET', '/ops/parcels/DK22222222/proof', admin.token)).statusCode).toBe(404);
    const byOtp = await delivered();
    const res = await call('GET', `/ops/parcels/${byOtp.trackingId}/proof`, admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('This parcel has no delivery photo');
    // A hub manager of another hub learns nothing more than "not yours".
    expect((await call('GET', `/ops/parcels/${byOtp.trackingId}/proof`, otherManager.token)).statusCode).toBe(
      403,
    );
  });
});
