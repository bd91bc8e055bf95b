import { accountCodes } from '@dak/domain/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { aBooking, aParcel, aShop, aStaff, type Shop, type Staff, walk } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { lastSms, uniquePhone, useTestApp } from '../../../test/helpers';

/**
 * Rider and hub cash (issue 13, item 3) and the negative-balance hold (item 6), through the API
 * on a real database. The limit is ৳1 here, so one parcel delivered with nothing collected (the
 * shop owes its delivery charge) puts a shop past it.
 */
const t = useTestApp({ NEGATIVE_BALANCE_LIMIT_TAKA: '1' });
const call = caller(t);
const gulshan = 'hub-dhaka-gulshan';
const mirpur = 'hub-dhaka-mirpur';
let admin: Staff;
let manager: Staff;
let otherManager: Staff;
let finance: Staff;
let shop: Shop;

beforeAll(async () => {
  admin = await aStaff(t, { role: 'admin' });
  manager = await aStaff(t, { role: 'hub_manager', hub: gulshan });
  otherManager = await aStaff(t, { role: 'hub_manager', hub: mirpur });
  finance = await aStaff(t, { role: 'finance' });
  shop = await aShop(t);
});

/** A parcel to Gulshan put on the rider's run by the hub manager; the customer's delivery OTP. */
async function onRun(rider: Staff, cash: number) {
  const customerPhone = uniquePhone();
  const parcel = await aParcel(
    t,
    { shop, status: 'at_delivery_hub', by: admin },
    { customerPhone, cashCollectionAmount: cash },
  );
  const run = await call('POST', '/ops/delivery-runs', manager.token, {
    riderId: rider.id,
    trackingIds: [parcel.trackingId],
  });
  expect(run.statusCode, run.body).toBe(200);
  const otp = /OTP: (\d{4})/.exec(await lastSms(t.app, customerPhone))?.[1] ?? '';
  return { ...parcel, otp };
}

/** The rider delivers on their run with the customer's OTP, collecting `collected` taka. */
async function deliveredBy(rider: Staff, cash: number, collected = cash) {
  const parcel = await onRun(rider, cash);
  const res = await call('POST', `/rider/parcels/${parcel.trackingId}/deliver`, rider.token, {
    otp: parcel.otp,
    amountCollected: collected,
  });
  expect(res.statusCode, res.body).toBe(200);
  return parcel;
}

async function balanceOf(code: string) {
  const res = await call('GET', '/ops/ledger/trial-balance', admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const books = res.json<{ total: number; accounts: { code: string; balance: number }[] }>();
  expect(books.total).toBe(0);
  return books.accounts.find((a) => a.code === code)?.balance ?? 0;
}

const handOver = (token: string, hubId: string, body: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/ops/hubs/${hubId}/cash-handovers`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as Record<string, unknown>,
  });

async function handoverEntries(riderId: string) {
  return t.database.db
    .selectFrom('journal_entries')
    .select('id')
    .where('kind', '=', 'cash_handover')
    .where('staff_id', '=', riderId)
    .execute();
}

describe('the hand-over at the hub', () => {
  it("puts a run's delivered cash with the rider, and a short count becomes the rider's receivable with the books at zero", async () => {
    const rider = await aStaff(t, { role: 'rider', hub: gulshan, name: 'Rubel' });
    await deliveredBy(rider, 1250);
    await deliveredBy(rider, 800, 500);
    expect(await balanceOf(accountCodes.rider(rider.id))).toBe(1750);

    const own = await call('GET', '/ops/rider/cash', rider.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ holding: 1750, collectedToday: 1750, handedOverToday: 0, shortage: 0 });
    const desk = await call('GET', `/ops/hubs/${gulshan}/cash`, manager.token);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().riders).toContainEqual({
      riderId: rider.id,
      name: 'Rubel',
      phone: expect.any(String),
      holding: 1750,
      shortage: 0,
    });
    const hubBefore = desk.json().hubCash as number;

    const res = await handOver(manager.token, gulshan, { riderId: rider.id, amount: 1700.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ expected: 1750, counted: 1700.5, shortage: 49.5 });
    expect(await balanceOf(accountCodes.rider(rider.id))).toBe(0);
    expect(await balanceOf(accountCodes.riderShortage(rider.id))).toBe(49.5);
    expect(await balanceOf(accountCodes.hub(gulshan))).toBe(hubBefore + 1700.5);
    const entry = await t.database.db
      .selectFrom('journal_entries')
      .select(['hub_id', 'created_by_staff_id'])
      .where('kind', '=', 'cash_handover')
      .where('staff_id', '=', rider.id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ hub_id: gulshan, created_by_staff_id: manager.id });

    const after = await call('GET', '/ops/rider/cash', rider.token);
    expect(after.json()).toEqual({
      holding: 0,
      collectedToday: 1750,
      handedOverToday: 1700.5,
      shortage: 49.5,
    });
    const deskAfter = await call('GET', `/ops/hubs/${gulshan}/cash`, manager.token);
    expect(deskAfter.json().riders).toContainEqual(
      expect.objectContaining({ riderId: rider.id, holding: 0, shortage: 49.5 }),
    );

    // Nothing left to hand over.
    const again = await handOver(manager.token, gulshan, { riderId: rider.id, amount: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This rider holds no cash to hand over');
  });

  it('refuses a count above what the rider holds, and an amount with more than two decimals', async () => {
    const rider = await aStaff(t, { role: 'rider', hub: gulshan });
    await deliveredBy(rider, 600);
    const more = await handOver(manager.token, gulshan, { riderId: rider.id, amount: 600.01 });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(
      'Counted ৳600.01 but the rider holds ৳600: count again; extra cash is not taken in',
    );
    const odd = await handOver(manager.token, gulshan, { riderId: rider.id, amount: 12.345 });
    expect(odd.statusCode).toBe(400);
    expect(await handoverEntries(rider.id)).toEqual([]);
    expect(await balanceOf(accountCodes.rider(rider.id))).toBe(600);
  });

  it('refuses a hub manager of another hub, a rider who does not work in the hub, and rooms without cash', async () => {
    const rider = await aStaff(t, { role: 'rider', hub: gulshan });
    await deliveredBy(rider, 700);
    const foreign = await handOver(otherManager.token, gulshan, { riderId: rider.id, amount: 700 });
    expect(foreign.statusCode).toBe(403);
    expect((await call('GET', `/ops/hubs/${gulshan}/cash`, otherManager.token)).statusCode).toBe(403);
    // The rider works in Gulshan: not handed over at Mirpur, by its own manager or an admin.
    const elsewhere = await handOver(otherManager.token, mirpur, { riderId: rider.id, amount: 700 });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('This rider does not work in this hub');
    expect((await handOver(admin.token, mirpur, { riderId: rider.id, amount: 700 })).statusCode).toBe(403);
    const support = await aStaff(t, { role: 'support' });
    expect((await handOver(support.token, gulshan, { riderId: rider.id, amount: 700 })).statusCode).toBe(403);
    expect((await handOver(rider.token, gulshan, { riderId: rider.id, amount: 700 })).statusCode).toBe(403);
    expect((await call('GET', '/ops/rider/cash', manager.token)).statusCode).toBe(403);
    expect(await handoverEntries(rider.id)).toEqual([]);
    expect(await balanceOf(accountCodes.rider(rider.id))).toBe(700);
  });

  it('takes the same cash once when two hand-overs of one rider arrive together', async () => {
    const rider = await aStaff(t, { role: 'rider', hub: gulshan });
    await deliveredBy(rider, 900);
    const hubBefore = await balanceOf(accountCodes.hub(gulshan));
    // Make the two meet: hold the rider's account row until both requests wait on a lock, so each
    // has done whatever it does before it writes (without a lock of its own, both read ৳900).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const blocker = t.database.db.transaction().execute(async (trx) => {
      await sql`select id from ledger_accounts where code = ${accountCodes.rider(rider.id)} for update`.execute(
        trx,
      );
      held();
      await released;
    });
    await holding;
    const requests = Promise.all([
      handOver(manager.token, gulshan, { riderId: rider.id, amount: 900 }),
      handOver(admin.token, gulshan, { riderId: rider.id, amount: 850 }),
    ]);
    for (let waiting = 0; waiting < 2; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const row = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
      waiting = row.rows[0]?.n ?? 0;
    }
    release();
    await blocker;
    const results = await requests;
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(await handoverEntries(rider.id)).toHaveLength(1);
    expect(await balanceOf(accountCodes.rider(rider.id))).toBe(0);
    const won = results.find((r) => r.statusCode === 200)?.json<{ counted: number; shortage: number }>();
    expect(await balanceOf(accountCodes.hub(gulshan))).toBe(hubBefore + (won?.counted ?? 0));
    expect((won?.counted ?? 0) + (won?.shortage ?? 0)).toBe(900);
  });

  it('answers a retried hand-over with the same Idempotency-Key with the first one, posting once', async () => {
    const rider = await aStaff(t, { role: 'rider', hub: gulshan });
    await deliveredBy(rider, 400);
    const first = await handOver(manager.token, gulshan, { riderId: rider.id, amount: 390 }, 'desk-42');
    const retry = await handOver(manager.token, gulshan, { riderId: rider.id, amount: 390 }, 'desk-42');
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(first.json()).toEqual({ expected: 400, counted: 390, shortage: 10 });
    expect(await handoverEntries(rider.id)).toHaveLength(1);
  });
});

describe("the hub's bank deposits", () => {
  it("moves the hub's cash to the bank for finance, never more than the hub holds", async () => {
    const hub = 'hub-dhaka-dhanmondi';
    const rider = await aStaff(t, { role: 'rider', hub: gulshan });
    await deliveredBy(rider, 1000);
    expect((await handOver(admin.token, gulshan, { riderId: rider.id, amount: 1000 })).statusCode).toBe(200);
    const held = await balanceOf(accountCodes.hub(gulshan));
    const bankBefore = await balanceOf(accountCodes.settlement('bank'));
    const body = { amount: 600, bankReference: 'DBBL-778899', depositedOn: '2026-11-26' };

    // Hub managers count cash in; only finance and admins record deposits.
    expect((await call('POST', `/ops/hubs/${gulshan}/deposits`, manager.token, body)).statusCode).toBe(403);
    const tooMuch = await call('POST', `/ops/hubs/${gulshan}/deposits`, finance.token, {
      ...body,
      amount: held + 0.01,
    });
    expect(tooMuch.statusCode).toBe(409);
    // A hub that never held cash.
    expect((await call('POST', `/ops/hubs/${hub}/deposits`, finance.token, body)).statusCode).toBe(409);

    const res = await call('POST', `/ops/hubs/${gulshan}/deposits`, finance.token, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hubCash).toBe(held - 600);
    expect(await balanceOf(accountCodes.hub(gulshan))).toBe(held - 600);
    expect(await balanceOf(accountCodes.settlement('bank'))).toBe(bankBefore + 600);

    const list = await call('GET', `/ops/hubs/${gulshan}/deposits`, manager.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      items: [
        {
          hubId: gulshan,
          amount: 600,
          bankReference: 'DBBL-778899',
          depositedOn: '2026-11-26',
          recordedBy: 'Test finance',
        },
      ],
    });
    expect((await call('GET', `/ops/hubs/${gulshan}/deposits`, otherManager.token)).statusCode).toBe(403);
  });
});

describe('the negative-balance hold on booking', () => {
  async function preferPrepaymentHold(s: Shop, on: boolean) {
    const current = await call('GET', `/shops/${s.shop.id}/parcel-list-preferences`, s.token);
    expect(current.statusCode, current.body).toBe(200);
    const { at: _at, ...preferences } = current.json();
    const res = await call('PUT', `/shops/${s.shop.id}/parcel-list-preferences`, s.token, {
      ...preferences,
      prepaymentHold: on,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function bookedStatus(s: Shop) {
    const res = await call(
      'POST',
      `/shops/${s.shop.id}/parcels`,
      s.token,
      aBooking(s.pickupId, { customerPhone: uniquePhone() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ status: string }>().status;
  }

  it('books onto pickup_hold while the shop owes more than the limit with its prepayment hold on, else pickup_pending', async () => {
    const owing = await aShop(t);
    // Delivered with nothing collected: the shop owes its delivery charge (past the ৳1 limit).
    const parcel = await aParcel(t, { shop: owing, status: 'out_for_delivery', by: admin });
    await walk(t, admin.token, parcel.trackingId, [{ status: 'delivered', amountCollected: 0 }]);
    expect(await balanceOf(accountCodes.shop(owing.shop.id))).toBeGreaterThan(1);

    // The preference off (the default): booked as always.
    expect(await bookedStatus(owing)).toBe('pickup_pending');
    await preferPrepaymentHold(owing, true);
    expect(await bookedStatus(owing)).toBe('pickup_hold');
    await preferPrepaymentHold(owing, false);
    expect(await bookedStatus(owing)).toBe('pickup_pending');

    // The preference on, owing nothing: booked as always.
    const clear = await aShop(t);
    await preferPrepaymentHold(clear, true);
    expect(await bookedStatus(clear)).toBe('pickup_pending');
  });
});
