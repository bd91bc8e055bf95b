import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel } from '../../../test/factories';
import { addMember, caller, signInStaff } from '../../../test/fixtures';
import { lastSms, returnOtp, useTestApp } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel, walk } from '../../../test/operations-fixtures';
import type { DB } from '../../db/schema';
import { createReturnsRepository } from './returns.repository';

const t = useTestApp();
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;
const hour = 3_600_000;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
});

/** A booked parcel walked to a failed delivery attempt. */
async function failedParcel(m: BookingMerchant = merchant) {
  return (await aParcel(t, { shop: m, status: 'delivery_attempted', by: admin })).trackingId;
}

async function parcel(trackingId: string) {
  return t.database.db
    .selectFrom('parcels')
    .select(['id', 'status', 'reattempt_approved_at', 'return_otp_failures'])
    .where('tracking_id', '=', trackingId)
    .executeTakeFirstOrThrow();
}

const base = () => `/shops/${merchant.shop.id}/returned-parcels`;

describe('the merchant’s returned parcels', () => {
  it('lists failed parcels with the reason and the auto-return time, and only the shop’s own', async () => {
    const trackingId = await failedParcel();
    const other = await bookingMerchant(t);
    const foreign = await failedParcel(other);
    const res = await call('GET', `${base()}?view=attempted`, merchant.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.autoReturnHours).toBe(24);
    const item = body.items.find((i: { trackingId: string }) => i.trackingId === trackingId);
    expect(item).toMatchObject({
      status: 'delivery_attempted',
      failedReason: 'customer_unreachable',
      approval: null,
      autoReturnAt: new Date(t.clock.now().getTime() + 24 * hour).toISOString(),
    });
    expect(body.items.map((i: { trackingId: string }) => i.trackingId)).not.toContain(foreign);
    // Another shop's parcel cannot be acted on: it does not exist for this shop.
    const stranger = await call('POST', `${base()}/${foreign}/confirm-return`, merchant.token, {});
    expect(stranger.statusCode).toBe(404);
    expect((await parcel(foreign)).status).toBe('delivery_attempted');
  });

  it('asks for a reattempt with an issue reason: a pending approval, once', async () => {
    const trackingId = await failedParcel();
    const none = await call('POST', `${base()}/${trackingId}/reattempt`, merchant.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please select an issue reason');
    const res = await call('POST', `${base()}/${trackingId}/reattempt`, merchant.token, {
      reason: 'customer_confirmed',
      note: 'Customer will be home after 5 pm',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ trackingId, status: 'pending' });
    const again = await call('POST', `${base()}/${trackingId}/reattempt`, merchant.token, {
      reason: 'new_time',
    });
    expect(again.statusCode).toBe(409);
    const row = await t.database.db
      .selectFrom('approvals')
      .selectAll()
      .where('parcel_id', '=', (await parcel(trackingId)).id)
      .execute();
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      type: 'return_reattempt_request',
      status: 'pending',
      reason: 'customer_confirmed',
    });
    const list = await call('GET', `${base()}?view=attempted&q=${trackingId}`, merchant.token);
    expect(list.json().items[0]).toMatchObject({ approval: { status: 'pending' }, autoReturnAt: null });
  });

  it('refuses a reattempt or return for a parcel that did not fail, and a viewer’s request', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    const res = await call('POST', `${base()}/${trackingId}/reattempt`, merchant.token, { reason: 'other' });
    expect(res.statusCode).toBe(409);
    const confirm = await call('POST', `${base()}/${trackingId}/confirm-return`, merchant.token, {});
    expect(confirm.statusCode).toBe(409);
    const failed = await failedParcel();
    const viewer = await addMember(t, merchant.shop.id, 'viewer');
    const denied = await call('POST', `${base()}/${failed}/reattempt`, viewer.token, { reason: 'other' });
    expect(denied.statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('approvals')
        .select('id')
        .where('parcel_id', '=', (await parcel(failed)).id)
        .execute(),
    ).toEqual([]);
  });

  it('confirms the return: the parcel starts back from the delivery hub, in the audit log with IP', async () => {
    const trackingId = await failedParcel();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1${base()}/${trackingId}/confirm-return`,
      headers: { authorization: `Bearer ${merchant.token}`, 'user-agent': 'DakTest/1.0' },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ from: 'delivery_attempted', to: 'return_at_delivery_hub' });
    expect((await parcel(trackingId)).status).toBe('return_at_delivery_hub');
    const { id } = await parcel(trackingId);
    const audit = await call('GET', `/shops/${merchant.shop.id}/parcels/${id}/audit-log`, merchant.token);
    expect(audit.json().items.at(-1)).toMatchObject({
      action: 'status_change',
      oldValue: 'delivery_attempted',
      newValue: 'return_at_delivery_hub',
      actor: { kind: 'user', id: merchant.user.id },
      ip: '127.0.0.1',
      userAgent: 'DakTest/1.0',
    });
    // Staff moves show in the merchant's log by name, without where staff worked from.
    const staffMove = audit.json().items.find((i: { newValue: string }) => i.newValue === 'at_sorting');
    expect(staffMove).toMatchObject({ actor: { kind: 'staff' }, ip: null });
    const returning = await call('GET', `${base()}?view=returning`, merchant.token);
    expect(returning.json().items.map((i: { trackingId: string }) => i.trackingId)).toContain(trackingId);
  });
});

describe('return approvals (staff)', () => {
  async function requested(reason = 'customer_confirmed') {
    const trackingId = await failedParcel();
    const res = await call('POST', `${base()}/${trackingId}/reattempt`, merchant.token, { reason });
    expect(res.statusCode, res.body).toBe(201);
    return { trackingId, approvalId: res.json().id as string };
  }

  it('are decided by staff only', async () => {
    const { approvalId, trackingId } = await requested();
    const asMerchant = await call('PATCH', `/ops/approvals/${approvalId}`, merchant.token, {
      decision: 'approved',
    });
    expect(asMerchant.statusCode).toBe(403);
    const support = await signInStaff(t, 'support');
    const asSupport = await call('PATCH', `/ops/approvals/${approvalId}`, support.token, {
      decision: 'approved',
    });
    expect(asSupport.statusCode).toBe(403);
    // A hub manager of another hub does not see it.
    const manager = await signInStaff(t, 'hub_manager');
    await t.database.db
      .insertInto('staff_hubs')
      .values({ staff_id: manager.id, hub_id: 'hub-rajshahi' })
      .execute();
    const foreign = await call('PATCH', `/ops/approvals/${approvalId}`, manager.token, {
      decision: 'approved',
    });
    expect(foreign.statusCode).toBe(404);
    const list = await call('GET', '/ops/approvals?status=pending', manager.token);
    expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(approvalId);
    expect((await parcel(trackingId)).reattempt_approved_at).toBeNull();
  });

  it('approve marks the parcel ready for another run; it may go out again', async () => {
    const { approvalId, trackingId } = await requested();
    const list = await call('GET', '/ops/approvals', admin.token);
    expect(list.json().items.find((i: { id: string }) => i.id === approvalId)).toMatchObject({
      status: 'pending',
      reason: 'customer_confirmed',
      parcel: { trackingId, status: 'delivery_attempted', failedReason: 'customer_unreachable' },
      shop: { id: merchant.shop.id },
    });
    const res = await call('PATCH', `/ops/approvals/${approvalId}`, admin.token, { decision: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decidedBy: 'Test admin' });
    const row = await parcel(trackingId);
    expect(row.status).toBe('delivery_attempted');
    expect(row.reattempt_approved_at).toEqual(t.clock.now());
    const twice = await call('PATCH', `/ops/approvals/${approvalId}`, admin.token, { decision: 'rejected' });
    expect(twice.statusCode).toBe(409);
    // Approved parcels are not auto-returned.
    t.clock.advance(48 * hour);
    await t.app.jobs.send('auto-return-parcels', {});
    await t.app.jobs.idle();
    expect((await parcel(trackingId)).status).toBe('delivery_attempted');
    admin = await signInStaff(t, 'admin'); // staff sessions last 12 hours
    await walk(t, admin.token, trackingId, [
      { status: 'out_for_delivery' },
      { status: 'delivery_attempted', reason: 'no_cash' },
    ]);
    // A new failure needs a new decision.
    expect((await parcel(trackingId)).reattempt_approved_at).toBeNull();
  });

  it('reject returns the parcel; bulk decides each on its own', async () => {
    const a = await requested();
    const b = await requested('new_time');
    await call('PATCH', `/ops/approvals/${a.approvalId}`, admin.token, { decision: 'approved' });
    const res = await call('PUT', '/ops/approvals/bulk', admin.token, {
      ids: [a.approvalId, b.approvalId],
      decision: 'rejected',
      note: 'Customer refused twice',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        id: a.approvalId,
        ok: false,
        error: { code: 'CONFLICT', message: 'This request has already been decided' },
      },
      { id: b.approvalId, ok: true },
    ]);
    expect((await parcel(b.trackingId)).status).toBe('return_at_delivery_hub');
    expect((await parcel(a.trackingId)).status).toBe('delivery_attempted');
    const events = await t.database.db
      .selectFrom('parcel_events')
      .select(['to_status', 'actor_staff_id'])
      .where('parcel_id', '=', (await parcel(b.trackingId)).id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(events).toEqual({ to_status: 'return_at_delivery_hub', actor_staff_id: admin.id });
    const staffAudit = await call('GET', `/ops/parcels/${b.trackingId}/audit`, admin.token);
    expect(staffAudit.statusCode).toBe(200);
    expect(staffAudit.json().items.map((i: { action: string }) => i.action)).toEqual(
      expect.arrayContaining(['reattempt_requested', 'reattempt_rejected', 'status_change']),
    );
    const fromMerchant = await call('GET', `/ops/parcels/${b.trackingId}/audit`, merchant.token);
    expect(fromMerchant.statusCode).toBe(403);
  });
});

describe('deciding at the same moment', () => {
  it('approve and reject of one request: exactly one wins and the parcel agrees with it', async () => {
    for (let round = 0; round < 3; round++) {
      const trackingId = await failedParcel();
      const made = await call('POST', `${base()}/${trackingId}/reattempt`, merchant.token, {
        reason: 'other',
      });
      const id = made.json().id as string;
      const [a, b] = await Promise.all([
        call('PATCH', `/ops/approvals/${id}`, admin.token, { decision: 'approved' }),
        call('PATCH', `/ops/approvals/${id}`, admin.token, { decision: 'rejected' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const approval = await t.database.db
        .selectFrom('approvals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const row = await parcel(trackingId);
      if (approval.status === 'approved') {
        expect(row).toMatchObject({ status: 'delivery_attempted' });
        expect(row.reattempt_approved_at).not.toBeNull();
      } else {
        expect(approval.status).toBe('rejected');
        expect(row).toMatchObject({ status: 'return_at_delivery_hub', reattempt_approved_at: null });
      }
    }
  });
});

describe('auto-return', () => {
  it('returns undecided failed parcels after 24 hours, not before, and not those waiting for a decision', async () => {
    const undecided = await failedParcel();
    const waiting = await failedParcel();
    await call('POST', `${base()}/${waiting}/reattempt`, merchant.token, { reason: 'new_time' });
    t.clock.advance(23 * hour);
    await t.app.jobs.send('auto-return-parcels', {});
    await t.app.jobs.idle();
    expect((await parcel(undecided)).status).toBe('delivery_attempted');
    t.clock.advance(hour + 1000);
    await t.app.jobs.send('auto-return-parcels', {});
    await t.app.jobs.idle();
    expect((await parcel(undecided)).status).toBe('return_at_delivery_hub');
    expect((await parcel(waiting)).status).toBe('delivery_attempted');
    const event = await t.database.db
      .selectFrom('parcel_events')
      .select(['to_status', 'actor_staff_id', 'actor_user_id', 'note'])
      .where('parcel_id', '=', (await parcel(undecided)).id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      to_status: 'return_at_delivery_hub',
      actor_staff_id: null,
      actor_user_id: null,
    });
    expect(event.note).toContain('24 hours');
    admin = await signInStaff(t, 'admin'); // staff sessions last 12 hours
  });
});

describe('the return leg', () => {
  it('reaches returned only with the merchant’s OTP; wrong codes are refused and counted', async () => {
    const trackingId = await failedParcel();
    await call('POST', `${base()}/${trackingId}/confirm-return`, merchant.token, {});
    await walk(t, admin.token, trackingId, ['return_in_transit', 'at_return_hub', 'out_for_return']);
    const sms = await lastSms(t.app, merchant.user.phone);
    expect(sms).toContain(trackingId);
    const code = /code: (\d{4})/.exec(sms)?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const wrong = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'returned',
      otp: wrongCode,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'OTP_INVALID', message: 'The return OTP is wrong' });
    expect(await parcel(trackingId)).toMatchObject({ status: 'out_for_return', return_otp_failures: 1 });
    const missing = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'returned',
    });
    expect(missing.statusCode).toBe(400);
    // Bulk cannot hand a return over without the parcel's code either.
    const bulk = await call('PUT', '/ops/parcels/bulk-status', admin.token, {
      updates: [{ trackingId, status: 'returned' }],
    });
    expect(bulk.json().results[0].ok).toBe(false);
    const ok = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'returned',
      otp: code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await parcel(trackingId)).status).toBe('returned');
    const list = await call('GET', `${base()}?view=returned`, merchant.token);
    expect(list.json().items.map((i: { trackingId: string }) => i.trackingId)).toContain(trackingId);
  });

  it('locks the code after five wrong tries until a new one is sent; the resent code works', async () => {
    const trackingId = await failedParcel();
    await call('POST', `${base()}/${trackingId}/confirm-return`, merchant.token, {});
    await walk(t, admin.token, trackingId, ['at_return_hub', 'out_for_return']);
    const first = await returnOtp(t.app, merchant.user.phone);
    const wrongCode = first === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
        status: 'returned',
        otp: wrongCode,
      });
    }
    const locked = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'returned',
      otp: first,
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const resend = await call('POST', `/ops/parcels/${trackingId}/return-otp`, admin.token, {});
    expect(resend.statusCode, resend.body).toBe(200);
    const second = await returnOtp(t.app, merchant.user.phone);
    const ok = await call('POST', `/ops/parcels/${trackingId}/status`, admin.token, {
      status: 'returned',
      otp: second,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the failed-attempt lookup', () => {
  it('reads the events of the shop’s own parcels through the index, not every parcel event', async () => {
    // A busy network: 8 000 parcels of another shop, each with six events, three failed attempts.
    const other = await bookingMerchant(t);
    const model = await parcel(await failedParcel(other));
    await sql`insert into parcels
      select r.* from parcels p, generate_series(1, 8000) i,
        jsonb_populate_record(null::parcels, to_jsonb(p) || jsonb_build_object(
          'id', gen_random_uuid(),
          'tracking_id', 'DK' || translate(lpad(to_hex(i), 9, '0'), '0123456789abcdef', '23456789ABCDEFGH'))) r
      where p.id = ${model.id}`.execute(t.database.db);
    await sql`insert into parcel_events (parcel_id, at, from_status, to_status, reason)
      select p.id, now() - make_interval(hours => k), 'out_for_delivery',
        case when k % 2 = 0 then 'delivery_attempted' else 'out_for_delivery' end, 'customer_unreachable'
      from parcels p, generate_series(1, 6) k where p.shop_id = ${other.shop.id}`.execute(t.database.db);
    await sql`analyze parcels`.execute(t.database.db);
    await sql`analyze parcel_events`.execute(t.database.db);
    const mine = await failedParcel();

    // The statements the merchant's list sends, as sent, explained on the seeded tables.
    const sent: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.database.url, max: 1 }) }),
      log: (event) => {
        if (event.level === 'query') sent.push(event.query);
      },
    });
    try {
      const { rows } = await createReturnsRepository(logged).listForShop(merchant.shop.id, {
        view: 'attempted',
        limit: 50,
        offset: 0,
      });
      expect(rows.map((r) => r.tracking_id)).toContain(mine);
      expect(rows.find((r) => r.tracking_id === mine)?.failed_reason).toBe('customer_unreachable');
      expect(sent).toHaveLength(2);
      for (const query of [...sent]) {
        const plan = await logged.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
        );
        const nodes = planNodes(plan.rows[0]?.['QUERY PLAN']);
        const onEvents = nodes.filter((n) => n['Relation Name'] === 'parcel_events');
        expect(onEvents.length, JSON.stringify(plan.rows[0])).toBeGreaterThan(0);
        for (const node of onEvents) {
          expect(node['Node Type'], JSON.stringify(node)).toMatch(/^Index( Only)? Scan$/);
          expect(String(node['Index Cond'])).toContain('parcel_id');
        }
      }
    } finally {
      await logged.destroy();
    }
  });
});

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(explained: unknown): PlanNode[] {
  const out: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    out.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const entry of explained as { Plan: PlanNode }[]) walk(entry.Plan);
  return out;
}
