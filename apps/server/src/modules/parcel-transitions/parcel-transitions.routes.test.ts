import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../../../test/fixtures';
import { lastSms, returnOtp, useTestApp } from '../../../test/helpers';
import {
  type BookingMerchant,
  bookingMerchant,
  bookParcel,
  toOutForDelivery,
  walk,
} from '../../../test/operations-fixtures';

const t = useTestApp();
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
});

async function parcelRow(trackingId: string) {
  return t.database.db
    .selectFrom('parcels')
    .select(['id', 'status', 'seller_status', 'amount_collected_poisha'])
    .where('tracking_id', '=', trackingId)
    .executeTakeFirstOrThrow();
}
async function eventsOf(trackingId: string) {
  return t.database.db
    .selectFrom('parcel_events as e')
    .innerJoin('parcels as p', 'p.id', 'e.parcel_id')
    .select([
      'e.from_status',
      'e.to_status',
      'e.reason',
      'e.hub_id',
      'e.actor_staff_id',
      'e.amount_collected_poisha',
      'e.proof_kind',
    ])
    .where('p.tracking_id', '=', trackingId)
    .orderBy('e.id')
    .execute();
}

describe('one move at a time', () => {
  it('writes the event with actor and hub, and keeps the seller status in step', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    const res = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'at_sorting',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ trackingId, from: 'pickup_pending', to: 'at_sorting' });
    expect(await parcelRow(trackingId)).toMatchObject({ status: 'at_sorting', seller_status: 'in_transit' });
    const events = await eventsOf(trackingId);
    expect(events.at(-1)).toMatchObject({
      from_status: 'pickup_pending',
      to_status: 'at_sorting',
      actor_staff_id: admin.id,
      hub_id: 'hub-dhaka-mirpur',
    });
    await walk(t, admin.token, trackingId, ['in_transit', 'at_delivery_hub']);
    expect((await eventsOf(trackingId)).at(-1)?.hub_id).toBe('hub-dhaka-gulshan');
  });

  it('refuses a move the table does not have with 409 and changes nothing', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    const before = await eventsOf(trackingId);
    const res = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, { status: 'delivered' });
    expect(res.statusCode).toBe(409);
    // Messages by key (issue 12): the English text for API clients, its key and params to translate.
    expect(res.json().error).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'A parcel cannot go from pickup_pending to delivered',
      key: 'transition.cannotGo',
      params: { from: 'pickup_pending', to: 'delivered' },
      details: { trackingId, from: 'pickup_pending', to: 'delivered' },
    });
    const rows = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [{ trackingId, status: 'delivered' }],
    });
    expect(rows.json().results).toEqual([
      {
        trackingId,
        ok: false,
        error: {
          code: 'INVALID_TRANSITION',
          message: 'A parcel cannot go from pickup_pending to delivered',
          key: 'transition.cannotGo',
          params: { from: 'pickup_pending', to: 'delivered' },
        },
      },
    ]);
    expect(await eventsOf(trackingId)).toEqual(before);
    expect((await parcelRow(trackingId)).status).toBe('pickup_pending');
  });

  it('records a partial delivery with the amount, and texts the customer after the commit', async () => {
    const { trackingId } = await bookParcel(t, merchant, { customerPhone: '01812345670' });
    await walk(t, admin.token, trackingId, toOutForDelivery);
    const over = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'delivered',
      amountCollected: 1300,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The amount collected cannot be more than the cash to collect (৳1250)',
      key: 'transition.amountTooHigh',
      params: { cash: 1250 },
      details: { trackingId, field: 'amountCollected' },
    });
    const res = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'delivered',
      amountCollected: 1000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await parcelRow(trackingId)).amount_collected_poisha).toBe(100000);
    expect((await eventsOf(trackingId)).at(-1)).toMatchObject({
      to_status: 'delivered',
      reason: 'partial_delivery',
      amount_collected_poisha: 100000,
      proof_kind: 'staff',
      hub_id: 'hub-dhaka-gulshan',
    });
    expect(await lastSms(t.app, '8801812345670')).toContain(`parcel ${trackingId} delivered`);
  });

  it('needs a reason from the list for a failed attempt', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, toOutForDelivery);
    const none = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'delivery_attempted',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A reason is required for a failed attempt',
    });
    const ok = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'delivery_attempted',
      reason: 'customer_unreachable',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await eventsOf(trackingId)).at(-1)?.reason).toBe('customer_unreachable');
  });

  it('refuses a move the role may not make (hub staff cannot cancel) and an unknown parcel', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    const manager = await signInStaff(t, 'hub_manager');
    await t.database.db
      .insertInto('staff_hubs')
      .values({ staff_id: manager.id, hub_id: 'hub-dhaka-mirpur' })
      .execute();
    const cancel = await call('POST', `/ops/parcels/${trackingId}/status`, manager.token, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.message).toBe(
      'Hub staff cannot move a parcel from pickup_pending to cancelled',
    );
    const unknown = await call('POST', '/ops/parcels/DK22222222/status', admin.token, {
      status: 'at_sorting',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/^No parcel with tracking ID /);
  });
});

describe('two moves at the same moment', () => {
  it('of 50 conflicting moves exactly one wins; the rest get 409; one new event, one final status', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, toOutForDelivery);
    const before = (await eventsOf(trackingId)).length;
    const attempts = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? { status: 'delivered', amountCollected: 1250 }
        : { status: 'delivery_attempted', reason: 'customer_refused' },
    );
    const answers = await Promise.all(
      attempts.map((body) => call('POST', `/ops/parcels/${trackingId}/status`, admin.token, body)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const winner = answers.find((a) => a.statusCode === 200)?.json<{ to: string }>().to;
    const events = await eventsOf(trackingId);
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)?.to_status).toBe(winner);
    expect((await parcelRow(trackingId)).status).toBe(winner);
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json().error.code).toBe('INVALID_TRANSITION');
    }
  });
});

describe('PUT /ops/parcels/bulk-status', () => {
  it('moves each parcel on its own and says per tracking ID what happened', async () => {
    const a = await bookParcel(t, merchant);
    const b = await bookParcel(t, merchant);
    const c = await bookParcel(t, merchant);
    await walk(t, admin.token, c.trackingId, toOutForDelivery);
    const eventsBefore = await eventsOf(b.trackingId);
    const res = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [
        { trackingId: a.trackingId, status: 'at_sorting' },
        { trackingId: b.trackingId, status: 'delivered', amountCollected: 1250 },
        { trackingId: 'DK22222222', status: 'at_sorting' },
        { trackingId: c.trackingId.toLowerCase(), status: 'delivered', amountCollected: 1250 },
        { trackingId: 'not an id', status: 'at_sorting' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<{
      results: { trackingId: string; ok: boolean; error?: { code: string; message: string } }[];
    }>();
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true, false]);
    expect(results[1]?.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'A parcel cannot go from pickup_pending to delivered',
    });
    expect(results[2]?.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No parcel with tracking ID DK22222222',
    });
    expect(results[4]?.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No parcel with tracking ID not an id',
    });
    expect((await parcelRow(a.trackingId)).status).toBe('at_sorting');
    expect((await parcelRow(b.trackingId)).status).toBe('pickup_pending');
    expect(await eventsOf(b.trackingId)).toEqual(eventsBefore);
    expect((await parcelRow(c.trackingId)).status).toBe('delivered');
  });

  it('lets hub staff move only parcels of their hubs', async () => {
    const manager = await signInStaff(t, 'hub_manager');
    await t.database.db
      .insertInto('staff_hubs')
      .values({ staff_id: manager.id, hub_id: 'hub-dhaka-mirpur' })
      .execute();
    const mine = await bookParcel(t, merchant);
    const elsewhere = await bookingMerchant(t);
    const sylhet = await t.database.db
      .selectFrom('pickup_locations')
      .select('id')
      .where('shop_id', '=', elsewhere.shop.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('pickup_locations')
      .set({ area_id: 'sylhet--sylhet-sadar' })
      .where('id', '=', sylhet.id)
      .execute();
    const foreign = await bookParcel(t, elsewhere, { deliveryAreaId: 'sylhet--sylhet-sadar' });
    const res = await call('PUT', '/ops/parcels/bulk-status', manager.token, {
      updates: [
        { trackingId: mine.trackingId, status: 'at_sorting' },
        { trackingId: foreign.trackingId, status: 'at_sorting' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { trackingId: mine.trackingId, ok: true },
      {
        trackingId: foreign.trackingId,
        ok: false,
        error: {
          code: 'FORBIDDEN',
          message: 'This parcel is not in your hub',
          key: 'operations.notYourHub',
          params: {},
        },
      },
    ]);
    expect((await parcelRow(foreign.trackingId)).status).toBe('pickup_pending');
  });

  it('hands returns over with each parcel’s own OTP; a wrong one fails its row only and changes nothing', async () => {
    /** A parcel walked back to the merchant's door, and the return code SMSed for it. */
    const outForReturn = async () => {
      const { trackingId } = await bookParcel(t, merchant);
      await walk(t, admin.token, trackingId, [
        ...toOutForDelivery,
        { status: 'delivery_attempted', reason: 'customer_refused' },
        'return_at_delivery_hub',
        'return_in_transit',
        'at_return_hub',
        'out_for_return',
      ]);
      const code = await returnOtp(t.app, merchant.user.phone);
      expect(code).toMatch(/^\d{4}$/);
      return { trackingId, code };
    };
    const right = await outForReturn();
    const wrong = await outForReturn();
    const missing = await outForReturn();
    const malformed = await outForReturn();
    const { trackingId: waiting } = await bookParcel(t, merchant);
    await walk(t, admin.token, waiting, [
      ...toOutForDelivery,
      { status: 'delivery_attempted', reason: 'customer_refused' },
      'return_at_delivery_hub',
      'at_return_hub',
    ]);
    const wrongCode = wrong.code === '0000' ? '1111' : '0000';
    const before = await eventsOf(wrong.trackingId);
    const res = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [
        { trackingId: right.trackingId, status: 'returned', otp: right.code },
        { trackingId: wrong.trackingId, status: 'returned', otp: wrongCode },
        { trackingId: missing.trackingId, status: 'returned' },
        { trackingId: malformed.trackingId, status: 'returned', otp: '12a4' },
        // Another step of the return leg in the same batch moves as usual.
        { trackingId: waiting, status: 'out_for_return' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { trackingId: right.trackingId, ok: true },
      {
        trackingId: wrong.trackingId,
        ok: false,
        error: {
          code: 'OTP_INVALID',
          message: 'The return OTP is wrong',
          key: 'returns.otpWrong',
          params: {},
        },
      },
      {
        trackingId: missing.trackingId,
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: "The merchant's OTP is required to hand a return over",
          key: 'transition.returnOtpRequired',
          params: {},
        },
      },
      {
        trackingId: malformed.trackingId,
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The return OTP has 4 digits',
          key: 'transition.returnOtpDigits',
          params: {},
        },
      },
      { trackingId: waiting, ok: true },
    ]);
    expect((await parcelRow(right.trackingId)).status).toBe('returned');
    expect((await eventsOf(right.trackingId)).at(-1)).toMatchObject({
      from_status: 'out_for_return',
      to_status: 'returned',
      actor_staff_id: admin.id,
    });
    expect((await parcelRow(waiting)).status).toBe('out_for_return');
    // The refused hand-over changed nothing but its count of wrong codes, like a single move.
    expect((await parcelRow(wrong.trackingId)).status).toBe('out_for_return');
    expect(await eventsOf(wrong.trackingId)).toEqual(before);
    const counted = await t.database.db
      .selectFrom('parcels')
      .select('return_otp_failures')
      .where('tracking_id', '=', wrong.trackingId)
      .executeTakeFirstOrThrow();
    expect(counted.return_otp_failures).toBe(1);
    // Another parcel's code is wrong for it; its own code, sent again, hands it over.
    const swapped = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [{ trackingId: wrong.trackingId, status: 'returned', otp: right.code }],
    });
    if (right.code !== wrong.code) expect(swapped.json().results[0].ok).toBe(false);
    const fixed = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [{ trackingId: wrong.trackingId, status: 'returned', otp: wrong.code }],
    });
    expect(fixed.json().results).toEqual([{ trackingId: wrong.trackingId, ok: true }]);
    expect((await parcelRow(wrong.trackingId)).status).toBe('returned');
  });

  it('is for admins and hub staff only, and refuses a malformed body whole', async () => {
    const support = await signInStaff(t, 'support');
    const { trackingId } = await bookParcel(t, merchant);
    const body = { updates: [{ trackingId, status: 'at_sorting' }] };
    expect((await call('PUT', '/ops/parcels/bulk-status', support.token, body)).statusCode).toBe(403);
    expect((await call('PUT', '/ops/parcels/bulk-status', merchant.token, body)).statusCode).toBe(403);
    const bad = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [
        { trackingId, status: 'at_sorting' },
        { trackingId, status: 'flying' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const empty = await call('PUT', '/ops/parcels/bulk-status', admin.token, { updates: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Give at least one update');
    expect((await parcelRow(trackingId)).status).toBe('pickup_pending');
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from parcel_events e join parcels p on p.id = e.parcel_id where p.tracking_id = ${trackingId}`.execute(
      t.database.db,
    );
    expect(count.rows[0]?.n).toBe(1);
  });
});
