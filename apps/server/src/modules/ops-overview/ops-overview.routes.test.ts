import { type HubOverview, hubHasWork } from '@dak/domain/ops-overview';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aParcel,
  approveReattempt,
  aShop,
  aStaff,
  type Shop,
  type Staff,
  walk,
} from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { lastSms, uniquePhone, useTestApp } from '../../../test/helpers';
import { createOpsOverviewRepository } from './ops-overview.repository';

/**
 * The operations overview (issue 14, item 5) over a seeded world: parcels booked in Mirpur (the
 * pickup hub) for Gulshan (the delivery hub), walked through the API to each stage, a run with a
 * delivery and a failure, a reattempt request, pickups with and without a rider, parcels past
 * their promise, and the cash the Gulshan rider collected.
 */
const t = useTestApp();
const call = caller(t);
const gulshan = 'hub-dhaka-gulshan';
const mirpur = 'hub-dhaka-mirpur';
let admin: Staff;
let gulshanManager: Staff;
let shop: Shop;
let otherShop: Shop;

/** The Gulshan manager puts a parcel at the hub on the rider's run; the customer's delivery code. */
async function onRun(rider: Staff) {
  const customerPhone = uniquePhone();
  const parcel = await aParcel(t, { shop, status: 'at_delivery_hub', by: admin }, { customerPhone });
  const run = await call('POST', '/ops/delivery-runs', gulshanManager.token, {
    riderId: rider.id,
    trackingIds: [parcel.trackingId],
  });
  expect(run.statusCode, run.body).toBe(200);
  return { ...parcel, otp: /OTP: (\d{4})/.exec(await lastSms(t.app, customerPhone))?.[1] ?? '' };
}

beforeAll(async () => {
  shop = await aShop(t);
  otherShop = await aShop(t);
  // Booked on 22 November (same city: promised by the 24th), still under way on the 25th. Staff
  // sessions last 12 hours: the rest of the staff sign in on the 25th.
  const earlier = await aStaff(t, { role: 'admin' });
  await aParcel(t, { shop, status: 'at_delivery_hub', by: earlier });
  await aParcel(t, { shop, status: 'at_sorting', by: earlier });
  t.clock.advance(3 * 24 * 3_600_000); // 25 November, 12:00 in Dhaka
  admin = await aStaff(t, { role: 'admin' });
  gulshanManager = await aStaff(t, { role: 'hub_manager', hub: gulshan });

  // Mirpur: two to sort, one on the road (not waiting), one back to hand to the merchant.
  await aParcel(t, { shop, status: 'at_sorting', by: admin });
  await aParcel(t, { shop, status: 'at_sorting', by: admin });
  await aParcel(t, { shop, status: 'in_transit', by: admin });
  const back = await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  await walk(t, admin.token, back.trackingId, ['return_at_delivery_hub', 'at_return_hub']);
  // Mirpur pickups: the shop's two parcels have no rider; the other shop's has one.
  await aParcel(t, { shop });
  await aParcel(t, { shop });
  await aParcel(t, { shop: otherShop });
  const mirpurRider = await aStaff(t, { role: 'rider', hub: mirpur, name: 'Jamal Uddin' });
  const assigned = await call('PUT', '/ops/pickups', admin.token, {
    hubId: mirpur,
    pickupLocationId: otherShop.pickupId,
    riderId: mirpurRider.id,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);

  // Gulshan: three waiting for a run, and a failed one whose reattempt staff approved.
  for (let i = 0; i < 3; i++) await aParcel(t, { shop, status: 'at_delivery_hub', by: admin });
  const approved = await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  await approveReattempt(t, shop, admin.token, approved.trackingId);
  // One failed, not decided by the merchant; one whose reattempt request waits for staff.
  await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  const asked = await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  const request = await call(
    'POST',
    `/shops/${shop.shop.id}/returned-parcels/${asked.trackingId}/reattempt`,
    shop.token,
    {
      reason: 'customer_confirmed',
    },
  );
  expect(request.statusCode, request.body).toBe(201);
  // One failed for good, to send back.
  const returning = await aParcel(t, { shop, status: 'delivery_attempted', by: admin });
  await walk(t, admin.token, returning.trackingId, ['return_at_delivery_hub']);
  // Today's run: three parcels, one delivered (৳1,250 in the rider's hand), one failed, one out.
  const rider = await aStaff(t, { role: 'rider', hub: gulshan, name: 'Rubel Mia' });
  const delivered = await onRun(rider);
  const failing = await onRun(rider);
  await onRun(rider);
  const deliver = await call('POST', `/rider/parcels/${delivered.trackingId}/deliver`, rider.token, {
    otp: delivered.otp,
    amountCollected: 1250,
  });
  expect(deliver.statusCode, deliver.body).toBe(200);
  const fail = await call('POST', `/rider/parcels/${failing.trackingId}/fail`, rider.token, {
    reason: 'customer_not_home',
  });
  expect(fail.statusCode, fail.body).toBe(200);
});

const expectedGulshan = {
  hub: { id: gulshan, name: { en: expect.any(String), bn: expect.any(String) } },
  // 3 new + the late one + the approved reattempt.
  waiting: { toSort: 0, toDeliver: 5, returnsToSend: 1, returnsToHandBack: 0 },
  pickupsUnassigned: { pickups: 0, parcels: 0 },
  runsToday: { runs: 1, parcels: 3, done: 2 },
  // The one left undecided and the one the rider failed today.
  failedAwaitingMerchant: 2,
  reattemptRequests: 1,
  pastPromise: 1,
  riderCash: { riders: 1, amount: 1250 },
};
const expectedMirpur = {
  hub: { id: mirpur, name: { en: expect.any(String), bn: expect.any(String) } },
  waiting: { toSort: 3, toDeliver: 0, returnsToSend: 0, returnsToHandBack: 1 },
  pickupsUnassigned: { pickups: 1, parcels: 2 },
  runsToday: { runs: 0, parcels: 0, done: 0 },
  failedAwaitingMerchant: 0,
  reattemptRequests: 0,
  pastPromise: 1,
  riderCash: { riders: 0, amount: 0 },
};

describe('the operations overview', () => {
  it("gives an admin every hub's waiting work, exactly, and nothing where nothing waits", async () => {
    const res = await call('GET', '/ops/overview', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ today: string; pickupDay: string; hubs: HubOverview[] }>();
    expect(body.today).toBe('2026-11-25');
    expect(body.pickupDay).toBe('2026-11-25');
    expect(body.hubs.length).toBeGreaterThan(60);
    expect(body.hubs.find((h) => h.hub.id === gulshan)).toEqual(expectedGulshan);
    expect(body.hubs.find((h) => h.hub.id === mirpur)).toEqual(expectedMirpur);
    expect(
      body.hubs
        .filter(hubHasWork)
        .map((h) => h.hub.id)
        .sort(),
    ).toEqual([gulshan, mirpur]);
  });

  it("shows a hub manager their hub's figures only", async () => {
    const res = await call('GET', '/ops/overview', gulshanManager.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hubs).toEqual([expectedGulshan]);
    const unplaced = await aStaff(t, { role: 'hub_manager' });
    const none = await call('GET', '/ops/overview', unplaced.token);
    expect(none.json().hubs).toEqual([]);
  });

  it('refuses merchants, riders and staff without hub rooms', async () => {
    expect((await call('GET', '/ops/overview', shop.token)).statusCode).toBe(403);
    for (const role of ['rider', 'finance', 'support'] as const) {
      const staff = await aStaff(t, role === 'rider' ? { role, hub: gulshan } : { role });
      expect((await call('GET', '/ops/overview', staff.token)).statusCode, role).toBe(403);
    }
    expect((await call('GET', '/ops/overview')).statusCode).toBe(401);
  });
});

describe('the overview among tens of thousands of parcels', () => {
  it("reads a hub's open parcels through the indexes, never the whole parcels table", async () => {
    const db = t.database.db;
    const model = await db
      .selectFrom('parcels')
      .selectAll()
      .where('shop_id', '=', shop.shop.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    // 20 000 delivered parcels of the two hubs, and 2 000 open ones delivered from Dhanmondi.
    const copy = (n: number, status: string, areaId: string, prefix: string) =>
      sql`
      insert into parcels (tracking_id, shop_id, pickup_location_id, delivery_area_id, customer_name,
        customer_phone, customer_address, selling_price_poisha, cash_collection_poisha, weight_grams,
        status, seller_status, delivery_charge_poisha, cod_charge_poisha, total_charge_poisha,
        return_charge_poisha, rate_class, price_plan_id, pickup_date)
      select 'DK' || ${prefix} || lpad(translate(g::text, '01', 'AB'), 8, 'C'), shop_id,
        pickup_location_id, ${areaId}, customer_name, customer_phone, customer_address,
        selling_price_poisha, cash_collection_poisha, weight_grams, ${status}, ${status === 'delivered' ? 'delivered' : 'in_transit'},
        delivery_charge_poisha, cod_charge_poisha, total_charge_poisha, return_charge_poisha,
        rate_class, price_plan_id, pickup_date
      from parcels, generate_series(1, ${n}) g where id = ${model.id}`.execute(db);
    await copy(20_000, 'delivered', model.delivery_area_id, 'W');
    await copy(2_000, 'at_delivery_hub', 'dhaka-city--dhanmondi', 'X');
    await sql`analyze parcels`.execute(db);
    await sql`analyze pickup_locations`.execute(db);

    const repo = createOpsOverviewRepository(db);
    const plans: string[] = [];
    for (const hubs of [[gulshan], [mirpur]]) {
      const { queries } = repo;
      for (const q of [
        queries.deliverySide(hubs, '2026-11-25'),
        queries.pickupSide(hubs, '2026-11-25', '2026-11-25'),
        queries.runsToday(hubs, '2026-11-25'),
      ]) {
        const rows = await q.explain();
        plans.push(rows.map((r) => String(r['QUERY PLAN'])).join('\n'));
      }
    }
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on parcels/);
      expect(plan).not.toMatch(/Seq Scan on delivery_run_parcels/);
    }
    expect(plans.join('\n')).toMatch(/parcels_open_delivery_area_idx/);
    expect(plans.join('\n')).toMatch(/parcels_open_pickup_location_idx/);

    // The figures are the same with the delivered ones in the table.
    const res = await call('GET', '/ops/overview', gulshanManager.token);
    expect(res.json().hubs).toEqual([expectedGulshan]);
  });
});
