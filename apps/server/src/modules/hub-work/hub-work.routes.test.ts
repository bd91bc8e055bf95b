import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aStaff, parcelStatus } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, rowCount, type TestApp } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel } from '../../../test/operations-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof signInStaff>>;
/** Works in the Mirpur hub (the merchant's pickup side). */
let mirpur: Awaited<ReturnType<typeof signInStaff>>;
/** Works in the Rajshahi hub (the delivery side of parcels to Paba). */
let rajshahi: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;
let rider: { id: string; token: string };
let otherRider: { id: string; token: string };

const toRajshahi = {
  customerAddress: 'Village Nowhata, Paba, Rajshahi',
  deliveryAreaId: 'rajshahi--paba',
};

const signInRider = (hubId: string) => aStaff(t, { role: 'rider', hub: hubId });

const statusOf = (trackingId: string) => parcelStatus(t, trackingId);
async function eventsOf(trackingId: string) {
  return t.database.db
    .selectFrom('parcel_events as e')
    .innerJoin('parcels as p', 'p.id', 'e.parcel_id')
    .select(['e.from_status', 'e.to_status', 'e.reason', 'e.note', 'e.hub_id', 'e.actor_staff_id'])
    .where('p.tracking_id', '=', trackingId)
    .orderBy('e.id')
    .execute();
}
beforeAll(async () => {
  // One connection: a query beside a transaction (on the pool, not on the transaction) would wait
  // for the connection that transaction holds and fail as 503 (issue 11: bags and trips did).
  t = await createTestApp({ DB_POOL_MAX: '1' });
  call = caller(t);
  admin = await signInStaff(t, 'admin');
  mirpur = await aStaff(t, { role: 'hub_manager', hub: 'hub-dhaka-mirpur' });
  rajshahi = await aStaff(t, { role: 'hub_manager', hub: 'hub-rajshahi' });
  merchant = await bookingMerchant(t);
  rider = await signInRider('hub-dhaka-mirpur');
  otherRider = await signInRider('hub-dhaka-mirpur');
});
afterAll(() => t.close());

describe('pickups', () => {
  it("lists a hub's pickups by location with counts and assigns one to a rider of the hub", async () => {
    const a = await bookParcel(t, merchant);
    await bookParcel(t, merchant);
    const list = await call('GET', '/ops/pickups?hubId=hub-dhaka-mirpur', mirpur.token);
    expect(list.statusCode, list.body).toBe(200);
    const row = list
      .json()
      .items.find((i: { pickupLocationId: string }) => i.pickupLocationId === merchant.pickupId);
    expect(row).toMatchObject({
      date: '2026-11-22',
      name: 'Mirpur warehouse',
      pickupId: null,
      rider: null,
      counts: { total: 2, pending: 2, onHold: 0, collected: 0, missed: 0 },
    });
    // Another hub's manager sees neither the list nor may assign.
    expect((await call('GET', '/ops/pickups?hubId=hub-dhaka-mirpur', rajshahi.token)).statusCode).toBe(403);
    const body = { hubId: 'hub-dhaka-mirpur', pickupLocationId: merchant.pickupId, riderId: rider.id };
    expect((await call('PUT', '/ops/pickups', rajshahi.token, body)).statusCode).toBe(403);
    // A rider of another hub is refused.
    const far = await signInRider('hub-rajshahi');
    const wrong = await call('PUT', '/ops/pickups', mirpur.token, { ...body, riderId: far.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('This rider does not work in this hub');
    const assigned = await call('PUT', '/ops/pickups', mirpur.token, body);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ rider: { id: rider.id }, counts: { total: 2 } });
    // Riders of the hub are not hub staff.
    expect((await call('GET', '/ops/pickups?hubId=hub-dhaka-mirpur', rider.token)).statusCode).toBe(403);

    const mine = await call('GET', '/rider/pickups', rider.token);
    expect(mine.statusCode, mine.body).toBe(200);
    const pickup = mine.json().items[0];
    expect(pickup.location.name).toBe('Mirpur warehouse');
    expect(pickup.parcels.map((p: { trackingId: string }) => p.trackingId)).toContain(a.trackingId);
    expect((await call('GET', '/rider/pickups', otherRider.token)).json().items).toEqual([]);
    expect((await call('GET', '/rider/pickups', mirpur.token)).statusCode).toBe(403);
  });

  it('lets the rider tick only their own pickup, writes the tick as an event, leaves the status', async () => {
    const mine = (await call('GET', '/rider/pickups', rider.token)).json().items[0];
    const [first, second] = mine.parcels as { trackingId: string }[];
    if (!first || !second) throw new Error('two parcels expected');
    const events = await rowCount(t, 'parcel_events');
    const stranger = await call('POST', `/rider/pickups/${mine.id}/parcels`, otherRider.token, {
      trackingId: first.trackingId,
      pickedUp: true,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await rowCount(t, 'parcel_events')).toBe(events);

    const picked = await call('POST', `/rider/pickups/${mine.id}/parcels`, rider.token, {
      trackingId: first.trackingId,
      pickedUp: true,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ pickedUp: true, status: 'pickup_pending' });
    expect(await statusOf(first.trackingId)).toBe('pickup_pending');
    expect((await eventsOf(first.trackingId)).at(-1)).toMatchObject({
      from_status: 'pickup_pending',
      to_status: 'pickup_pending',
      reason: 'pickup_collected',
      actor_staff_id: rider.id,
      hub_id: 'hub-dhaka-mirpur',
    });

    const noReason = await call('POST', `/rider/pickups/${mine.id}/parcels`, rider.token, {
      trackingId: second.trackingId,
      pickedUp: false,
    });
    expect(noReason.statusCode).toBe(400);
    const missed = await call('POST', `/rider/pickups/${mine.id}/parcels`, rider.token, {
      trackingId: second.trackingId,
      pickedUp: false,
      reason: 'not_ready',
    });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json()).toMatchObject({ pickedUp: false, reason: 'not_ready' });
    // The merchant is told in the tick's transaction (issue 14).
    const told = (await call('GET', `/shops/${merchant.shop.id}/notifications`, merchant.token)).json();
    expect(told.items[0]).toMatchObject({
      kind: 'pickup_missed',
      params: { trackingId: second.trackingId, reason: 'not_ready' },
    });
    // The merchant's (and the customer's) timeline says why.
    const tracking = await call('GET', `/tracking/${second.trackingId}`);
    expect(tracking.json().events.at(-1)).toMatchObject({
      status: 'pickup_pending',
      message_en: 'Not handed over at pickup: Parcel was not ready',
      message_bn: 'পিকআপে পার্সেল হস্তান্তর হয়নি: পার্সেল প্রস্তুত ছিল না',
    });
    const counts = (await call('GET', '/ops/pickups?hubId=hub-dhaka-mirpur', mirpur.token))
      .json()
      .items.find((i: { pickupLocationId: string }) => i.pickupLocationId === merchant.pickupId).counts;
    expect(counts).toMatchObject({ collected: 1, missed: 1, pending: 0 });

    // A parcel of another location is not in this pickup.
    const other = await bookingMerchant(t);
    const foreign = await bookParcel(t, other);
    const notHere = await call('POST', `/rider/pickups/${mine.id}/parcels`, rider.token, {
      trackingId: foreign.trackingId,
      pickedUp: true,
    });
    expect(notHere.statusCode).toBe(404);
  });

  it('refuses to pick up or scan in a parcel on prepayment hold, and changes nothing', async () => {
    const held = await bookParcel(t, merchant);
    const hold = await call('POST', `/ops/parcels/${held.trackingId}/status`, admin.token, {
      status: 'pickup_hold',
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const mine = (await call('GET', '/rider/pickups', rider.token)).json().items[0];
    const events = await rowCount(t, 'parcel_events');
    const tick = await call('POST', `/rider/pickups/${mine.id}/parcels`, rider.token, {
      trackingId: held.trackingId,
      pickedUp: true,
    });
    expect(tick.statusCode).toBe(409);
    expect(tick.json().error).toMatchObject({
      code: 'PICKUP_ON_HOLD',
      message: `Parcel ${held.trackingId} is on pickup hold until its prepayment is paid; it cannot be picked up yet`,
    });
    const scan = await call('POST', '/ops/hub-scan', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      code: held.trackingId,
    });
    expect(scan.statusCode).toBe(409);
    expect(scan.json().error.code).toBe('PICKUP_ON_HOLD');
    const direct = await call('POST', `/ops/parcels/${held.trackingId}/status`, admin.token, {
      status: 'at_sorting',
    });
    expect(direct.json().error.code).toBe('PICKUP_ON_HOLD');
    expect(await rowCount(t, 'parcel_events')).toBe(events);
    expect(await statusOf(held.trackingId)).toBe('pickup_hold');
  });
});

describe('scan-in', () => {
  it('plans the next pickup day after the 15:00 cut-off; the rider sees it once assigned', async () => {
    const late = await bookingMerchant(t);
    t.clock.advance(4 * 3600 * 1000); // 10:00 UTC = 16:00 in Dhaka, past the cut-off
    try {
      const p = await bookParcel(t, late);
      const list = (await call('GET', '/ops/pickups?hubId=hub-dhaka-mirpur', mirpur.token)).json();
      expect(list.date).toBe('2026-11-23');
      const row = list.items.find((i: { pickupLocationId: string }) => i.pickupLocationId === late.pickupId);
      expect(row.counts.total).toBe(1);
      const today = await call('GET', '/ops/pickups?hubId=hub-dhaka-mirpur&date=2026-11-22', mirpur.token);
      expect(today.json().items.map((i: { pickupLocationId: string }) => i.pickupLocationId)).not.toContain(
        late.pickupId,
      );
      const body = { hubId: 'hub-dhaka-mirpur', pickupLocationId: late.pickupId, riderId: otherRider.id };
      expect((await call('PUT', '/ops/pickups', mirpur.token, body)).statusCode).toBe(200);
      const mine = (await call('GET', '/rider/pickups', otherRider.token)).json();
      expect(mine.items.map((i: { date: string }) => i.date)).toEqual(['2026-11-23']);
      expect(mine.items[0].parcels.map((x: { trackingId: string }) => x.trackingId)).toEqual([p.trackingId]);
    } finally {
      t.clock.advance(-4 * 3600 * 1000);
    }
  });

  it('takes a merchant’s own hand-in at the hub (no pickup): straight to at_sorting', async () => {
    const p = await bookParcel(t, merchant);
    const res = await call('POST', '/ops/hub-scan', admin.token, {
      hubId: 'hub-dhaka-mirpur',
      code: p.trackingId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, status: 'at_sorting' });
    const items = await t.database.db
      .selectFrom('pickup_items as i')
      .innerJoin('parcels as p', 'p.id', 'i.parcel_id')
      .select('i.picked_up')
      .where('p.tracking_id', '=', p.trackingId)
      .execute();
    expect(items).toEqual([]);
  });

  it('moves a first arrival to at_sorting at the pickup hub and writes the event', async () => {
    const p = await bookParcel(t, merchant);
    const res = await call('POST', '/ops/hub-scan', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      code: p.trackingId.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      trackingId: p.trackingId,
      changed: true,
      from: 'pickup_pending',
      status: 'at_sorting',
      destinationHub: { id: 'hub-dhaka-gulshan' },
    });
    expect((await eventsOf(p.trackingId)).at(-1)).toMatchObject({
      from_status: 'pickup_pending',
      to_status: 'at_sorting',
      hub_id: 'hub-dhaka-mirpur',
      actor_staff_id: mirpur.id,
    });
    const again = await call('POST', '/ops/hub-scan', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      code: p.trackingId,
    });
    expect(again.json()).toMatchObject({ changed: false, status: 'at_sorting' });
  });

  it('of 10 scans of one parcel at the same moment exactly one moves it; one event', async () => {
    const p = await bookParcel(t, merchant);
    const before = (await eventsOf(p.trackingId)).length;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/ops/hub-scan', mirpur.token, { hubId: 'hub-dhaka-mirpur', code: p.trackingId }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().changed)).toHaveLength(1);
    expect((await eventsOf(p.trackingId)).length).toBe(before + 1);
    expect(await statusOf(p.trackingId)).toBe('at_sorting');
  });

  it('says so for an unknown or foreign code and for a hub not the worker’s, changing nothing', async () => {
    const p = await bookParcel(t, merchant);
    const events = await rowCount(t, 'parcel_events');
    const unknown = await call('POST', '/ops/hub-scan', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      code: 'ZX-0001-Q',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No Dak parcel has the code ZX-0001-Q; nothing was changed');
    const foreign = await call('POST', '/ops/hub-scan', rajshahi.token, {
      hubId: 'hub-rajshahi',
      code: p.trackingId,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(
      `Parcel ${p.trackingId} is not for this hub; nothing was changed`,
    );
    const notMine = await call('POST', '/ops/hub-scan', rajshahi.token, {
      hubId: 'hub-dhaka-mirpur',
      code: p.trackingId,
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toBe('You do not work in this hub');
    expect(await rowCount(t, 'parcel_events')).toBe(events);
    expect(await statusOf(p.trackingId)).toBe('pickup_pending');
  });
});

describe('bags and line-haul', () => {
  it('bags by destination, dispatches the trip, receives it with missing and extra parcels', async () => {
    const a = await bookParcel(t, merchant, toRajshahi);
    const b = await bookParcel(t, merchant, toRajshahi);
    const local = await bookParcel(t, merchant);
    for (const p of [a, b, local]) {
      const res = await call('POST', '/ops/hub-scan', mirpur.token, {
        hubId: 'hub-dhaka-mirpur',
        code: p.trackingId,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const bagRes = await call('POST', '/ops/bags', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      destinationHubId: 'hub-rajshahi',
    });
    expect(bagRes.statusCode, bagRes.body).toBe(201);
    const bag = bagRes.json();
    expect(bag.code).toMatch(/^BAG-DHAKA-MIRPUR-\d{5}$/);
    expect(
      (
        await call('POST', '/ops/bags', rajshahi.token, {
          hubId: 'hub-dhaka-mirpur',
          destinationHubId: 'hub-rajshahi',
        })
      ).statusCode,
    ).toBe(403);
    // A bag of another hub is not found for this manager.
    expect(
      (await call('POST', `/ops/bags/${bag.id}/parcels`, rajshahi.token, { code: a.trackingId })).statusCode,
    ).toBe(404);
    const wrongDest = await call('POST', `/ops/bags/${bag.id}/parcels`, mirpur.token, {
      code: local.trackingId,
    });
    expect(wrongDest.statusCode).toBe(409);
    expect(wrongDest.json().error.message).toBe(
      `Parcel ${local.trackingId} goes to Gulshan Hub, not to this bag's hub`,
    );
    for (const p of [a, b]) {
      const res = await call('POST', `/ops/bags/${bag.id}/parcels`, mirpur.token, { code: p.trackingId });
      expect(res.statusCode, res.body).toBe(200);
    }
    const twice = await call('POST', `/ops/bags/${bag.id}/parcels`, mirpur.token, { code: a.trackingId });
    expect(twice.statusCode).toBe(409);

    const tripRes = await call('POST', '/ops/trips', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      destinationHubId: 'hub-rajshahi',
      bagIds: [bag.id],
      vehicle: 'Dhaka Metro Ta 11-2345',
    });
    expect(tripRes.statusCode, tripRes.body).toBe(201);
    const trip = tripRes.json();
    expect(trip).toMatchObject({ status: 'loading', parcelCount: 2, missing: [], extra: [] });
    const pdf = await call('GET', `/ops/trips/${trip.id}/manifest`, mirpur.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The destination hub cannot dispatch; the origin can, once.
    expect((await call('POST', `/ops/trips/${trip.id}/dispatch`, rajshahi.token)).statusCode).toBe(404);
    const sent = await call('POST', `/ops/trips/${trip.id}/dispatch`, mirpur.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await statusOf(a.trackingId)).toBe('in_transit');
    expect(await statusOf(b.trackingId)).toBe('in_transit');
    expect((await eventsOf(a.trackingId)).at(-1)).toMatchObject({
      from_status: 'at_sorting',
      to_status: 'in_transit',
      hub_id: 'hub-dhaka-mirpur',
    });
    expect((await call('POST', `/ops/trips/${trip.id}/dispatch`, mirpur.token)).statusCode).toBe(409);

    const incoming = await call('GET', '/ops/trips?hubId=hub-rajshahi', rajshahi.token);
    expect(incoming.json().incoming.map((x: { id: string }) => x.id)).toContain(trip.id);
    // The origin hub may not receive it.
    expect(
      (await call('POST', `/ops/trips/${trip.id}/receive-scans`, mirpur.token, { code: a.trackingId }))
        .statusCode,
    ).toBe(404);
    const got = await call('POST', `/ops/trips/${trip.id}/receive-scans`, rajshahi.token, {
      code: a.trackingId,
    });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({ trackingId: a.trackingId, inManifest: true, changed: true });
    expect(await statusOf(a.trackingId)).toBe('at_delivery_hub');
    expect((await eventsOf(a.trackingId)).at(-1)).toMatchObject({
      from_status: 'in_transit',
      to_status: 'at_delivery_hub',
      hub_id: 'hub-rajshahi',
      actor_staff_id: rajshahi.id,
    });
    const extra = await call('POST', `/ops/trips/${trip.id}/receive-scans`, rajshahi.token, {
      code: local.trackingId,
    });
    expect(extra.json()).toMatchObject({ inManifest: false, changed: false });
    expect(await statusOf(local.trackingId)).toBe('at_sorting');
    const unknown = await call('POST', `/ops/trips/${trip.id}/receive-scans`, rajshahi.token, {
      code: 'NOT-A-CODE',
    });
    expect(unknown.json()).toMatchObject({ trackingId: null, inManifest: false, changed: false });

    const done = await call('POST', `/ops/trips/${trip.id}/receive`, rajshahi.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'received',
      received: [a.trackingId],
      missing: [b.trackingId],
      extra: [local.trackingId, 'NOT-A-CODE'],
    });
    expect(await statusOf(b.trackingId)).toBe('in_transit');
    expect(
      (await call('POST', `/ops/trips/${trip.id}/receive-scans`, rajshahi.token, { code: b.trackingId }))
        .statusCode,
    ).toBe(409);
    // A straggler arriving later is scanned in at the hub's door.
    const late = await call('POST', '/ops/hub-scan', rajshahi.token, {
      hubId: 'hub-rajshahi',
      code: b.trackingId,
    });
    expect(late.json()).toMatchObject({ changed: true, status: 'at_delivery_hub' });
  });

  it('refuses a trip of bags for another destination or already loaded', async () => {
    const bag = (
      await call('POST', '/ops/bags', mirpur.token, {
        hubId: 'hub-dhaka-mirpur',
        destinationHubId: 'hub-dhaka-gulshan',
      })
    ).json();
    const res = await call('POST', '/ops/trips', mirpur.token, {
      hubId: 'hub-dhaka-mirpur',
      destinationHubId: 'hub-rajshahi',
      bagIds: [bag.id],
    });
    expect(res.statusCode).toBe(400);
    const bags = await call('GET', '/ops/bags?hubId=hub-dhaka-mirpur', mirpur.token);
    expect(bags.json().items.map((x: { id: string }) => x.id)).toContain(bag.id);
  });
});
