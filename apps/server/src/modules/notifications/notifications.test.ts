import { normalizePhone } from '@dak/domain/phone';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, aStaff, walk } from '../../../test/factories';
import { addMember, caller, signInStaff } from '../../../test/fixtures';
import { lastOtp, uniquePhone, useTestApp } from '../../../test/helpers';
import { aBkashNumber, aDeliveredParcel, anInvoice, aReturnedParcel } from '../../../test/money-fixtures';

const t = useTestApp({ EVENTS_HEARTBEAT_SECONDS: '1' });
const call = caller(t);

/** The SMS the phone got (all of them, in order), once the queued jobs have run. */
async function smsTo(phone: string) {
  await t.app.jobs.idle();
  return t.database.db
    .selectFrom('sms_outbox')
    .select(['body', 'purpose'])
    .where('to_phone', '=', normalizePhone(phone) ?? phone)
    .where('purpose', 'like', 'notification_%')
    .orderBy('id')
    .execute();
}

type Streamed = { events: { id: string; kind: string; params: Record<string, unknown> }[]; text: string };

/** Opens the shop's event stream over real HTTP (as the web does, with fetch) and collects it. */
async function openStream(base: string, shopId: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/shops/${shopId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const seen: Streamed = { events: [], text: '' };
  let ended = false;
  const done = (async () => {
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    try {
      while (reader) {
        const { value, done } = await reader.read();
        if (done) break;
        seen.text += decoder.decode(value, { stream: true });
        seen.events = [...seen.text.matchAll(/event: notification\ndata: (.*)\n/g)].map((m) =>
          JSON.parse(m[1] ?? '{}'),
        );
      }
    } catch {}
    ended = true;
  })();
  return {
    res,
    seen,
    get ended() {
      return ended;
    },
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('notifications', () => {
  it('writes a failed delivery for each member with the decision deadline, and texts those whose SMS is on in their language', async () => {
    const shop = await aShop(t);
    const editor = await addMember(t, shop.shop.id, 'editor');
    const viewer = await addMember(t, shop.shop.id, 'viewer');
    // The editor reads Bengali and wants nothing in the app; the viewer wants no SMS.
    expect(
      (await call('PATCH', '/me/settings', editor.token, { language: 'bn', notifications: { push: false } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', '/me/settings', viewer.token, { notifications: { sms: false } })).statusCode,
    ).toBe(200);

    const parcel = await aParcel(t, { shop, status: 'delivery_attempted' });

    const rows = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('shop_id', '=', shop.shop.id)
      .orderBy('user_id')
      .execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([shop.user.id, viewer.user.id].sort());
    for (const row of rows) {
      expect(row.kind).toBe('delivery_failed');
      expect(row.link).toBe(`/parcels/${parcel.id}`);
      const params = row.params as { trackingId: string; reason: string; deadline: string };
      expect(params.trackingId).toBe(parcel.trackingId);
      expect(params.reason).toBe('customer_unreachable');
      // AUTO_RETURN_HOURS (24) after the attempt, which happened at the test clock's now.
      expect(params.deadline).toBe(new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString());
      // Written with the move: the same instant as its event.
      expect(row.created_at.getTime()).toBe(t.clock.now().getTime());
    }

    const owner = await smsTo(shop.phone);
    expect(owner).toHaveLength(1);
    expect(owner[0]?.purpose).toBe('notification_delivery_failed');
    expect(owner[0]?.body).toContain(`Dak: Parcel ${parcel.trackingId} could not be delivered`);
    expect(owner[0]?.body).toContain('Decide by 2026-11-23 12:00');
    // The editor turned the app off, not SMS: a text in Bengali, no row.
    expect((await smsTo(editor.phone))[0]?.body).toContain(`ডাক: পার্সেল ${parcel.trackingId} ডেলিভারি করা যায়নি`);
    // The deadline in Bengali digits for a Bengali reader (glossary), the tracking ID as printed.
    expect((await smsTo(editor.phone))[0]?.body).toContain('২০২৬-১১-২৩ ১২:০০ এর মধ্যে');
    expect(await smsTo(viewer.phone)).toEqual([]);
  });

  it('honours the topic switch: no parcel news at all for a member who turned parcel updates off', async () => {
    const shop = await aShop(t);
    const editor = await addMember(t, shop.shop.id, 'editor');
    await call('PATCH', '/me/settings', shop.token, { notifications: { parcelUpdates: false } });
    await aParcel(t, { shop, status: 'delivery_attempted' });
    const rows = await t.database.db
      .selectFrom('notifications')
      .select('user_id')
      .where('shop_id', '=', shop.shop.id)
      .execute();
    // The editor kept the defaults and is told; the owner is not, in the app or by SMS.
    expect(rows).toEqual([{ user_id: editor.user.id }]);
    expect(await smsTo(shop.phone)).toEqual([]);
    expect(await smsTo(editor.phone)).toHaveLength(1);
  });

  it('tells of a returned parcel, a bounced payment and a sent one, each with its link', async () => {
    const admin = await aStaff(t, { role: 'admin' });
    const finance = await aStaff(t, { role: 'finance' });
    const shop = await aShop(t);
    const editor = await addMember(t, shop.shop.id, 'editor');
    const back = await aReturnedParcel(t, shop, admin.token);
    await aDeliveredParcel(t, shop, admin.token);
    await aBkashNumber(t, shop);
    const invoice = await anInvoice(t, shop, '2026-11-23');
    const bounced = await call('POST', `/ops/invoices/${invoice.invoiceId}/bounced`, finance.token, {
      reason: 'Wallet closed',
    });
    expect(bounced.statusCode, bounced.body).toBe(200);
    const paidShop = await aShop(t);
    await aDeliveredParcel(t, paidShop, admin.token);
    await aBkashNumber(t, paidShop);
    const paidInvoice = await anInvoice(t, paidShop, '2026-11-24');
    const paid = await call('POST', `/ops/invoices/${paidInvoice.invoiceId}/paid`, finance.token, {
      reference: 'TRX-77',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const list = (await call('GET', `/shops/${shop.shop.id}/notifications`, shop.token)).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'payment_bounced',
        link: `/payments/invoices/${invoice.invoiceId}`,
        params: { invoiceNumber: invoice.number, amountPoisha: invoice.netPoisha, reason: 'Wallet closed' },
      }),
      expect.objectContaining({
        kind: 'parcel_returned',
        link: `/parcels/${back.id}`,
        params: { trackingId: back.trackingId },
      }),
      // On its way back it failed first.
      expect.objectContaining({ kind: 'delivery_failed', link: `/parcels/${back.id}` }),
    ]);
    const sent = (await call('GET', `/shops/${paidShop.shop.id}/notifications`, paidShop.token)).json();
    expect(sent.items).toEqual([
      expect.objectContaining({
        kind: 'payment_sent',
        params: { invoiceNumber: paidInvoice.number, amountPoisha: paidInvoice.netPoisha },
      }),
    ]);
    // Payment news is for those who may see the shop's payments: the editor hears of parcels only.
    const editorKinds = await t.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', editor.user.id)
      .execute();
    expect(editorKinds.map((r) => r.kind).sort()).toEqual(['delivery_failed', 'parcel_returned']);
    expect((await smsTo(editor.phone)).some((m) => m.body.includes(invoice.number))).toBe(false);
    const texts = (await smsTo(shop.phone)).map((m) => m.body);
    expect(texts.at(-1)).toContain(`Payment ${invoice.number}`);
    expect(texts.at(-1)).toContain('bounced: Wallet closed');
  });

  it('tells an added team member, naming the shop, and nobody else', async () => {
    const shop = await aShop(t);
    const phone = uniquePhone();
    expect((await call('POST', `/shops/${shop.shop.id}/members/otp`, shop.token, { phone })).statusCode).toBe(
      200,
    );
    const added = await call('POST', `/shops/${shop.shop.id}/members`, shop.token, {
      phone,
      role: 'editor',
      code: await lastOtp(t.app, phone),
    });
    expect(added.statusCode, added.body).toBe(201);
    const rows = await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'params'])
      .where('shop_id', '=', shop.shop.id)
      .execute();
    expect(rows).toEqual([
      {
        user_id: added.json().userId,
        kind: 'team_invitation',
        params: { role: 'editor', shopName: 'Karim Fashion' },
      },
    ]);
    // The invitation's code SMS told the phone already: no second text.
    expect(await smsTo(phone)).toEqual([]);
  });

  it('lists, counts and marks read only the caller’s own notifications in the shop', async () => {
    const shop = await aShop(t);
    const other = await aShop(t);
    await aParcel(t, { shop, status: 'delivery_attempted' });
    await aParcel(t, { shop, status: 'delivery_attempted' });
    const list = await call('GET', `/shops/${shop.shop.id}/notifications?limit=1`, shop.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().items).toHaveLength(1);
    const first = list.json().items[0];
    expect(first.kind).toBe('delivery_failed');
    expect(first.readAt).toBeNull();
    expect(
      (await call('GET', `/shops/${shop.shop.id}/notifications/unread-count`, shop.token)).json(),
    ).toEqual({
      count: 2,
    });
    // Another merchant sees nothing of it, even with its id.
    expect((await call('GET', `/shops/${shop.shop.id}/notifications`, other.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `/shops/${other.shop.id}/notifications/${first.id}/read`, other.token, {}))
        .statusCode,
    ).toBe(404);

    const read = await call('POST', `/shops/${shop.shop.id}/notifications/${first.id}/read`, shop.token, {});
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect(
      (await call('GET', `/shops/${shop.shop.id}/notifications/unread-count`, shop.token)).json().count,
    ).toBe(1);
    const unread = await call('GET', `/shops/${shop.shop.id}/notifications?unread=true`, shop.token);
    expect(unread.json().count).toBe(1);
    const all = await call('POST', `/shops/${shop.shop.id}/notifications/read-all`, shop.token, {});
    expect(all.json()).toEqual({ marked: 1 });
    expect(
      (await call('GET', `/shops/${shop.shop.id}/notifications/unread-count`, shop.token)).json().count,
    ).toBe(0);
  });

  it('streams a new notification to the shop’s open stream, and nothing to another shop’s', async () => {
    const shop = await aShop(t);
    const other = await aShop(t);
    const parcel = await aParcel(t, { shop, status: 'out_for_delivery' });
    const mine = await openStream(base, shop.shop.id, shop.token);
    const theirs = await openStream(base, other.shop.id, other.token);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    await until(
      'both streams open',
      () => mine.seen.text.includes(': connected') && theirs.seen.text.includes(': connected'),
    );

    const admin = await aStaffAdmin();
    await walk(t, admin, parcel.trackingId, [{ status: 'delivery_attempted', reason: 'customer_refused' }]);
    await until('the notification on the stream', () => mine.seen.events.length === 1);
    expect(mine.seen.events[0]?.kind).toBe('delivery_failed');
    expect(mine.seen.events[0]?.params.trackingId).toBe(parcel.trackingId);
    // A heartbeat later the other shop's stream still has no event.
    await until('a heartbeat', () => theirs.seen.text.includes(': heartbeat'), 4000);
    expect(theirs.seen.events).toEqual([]);
    await mine.close();
    await theirs.close();
  });

  it('ends the stream at sign-out', async () => {
    const shop = await aShop(t);
    const stream = await openStream(base, shop.shop.id, shop.token);
    await until('open', () => stream.seen.text.includes(': connected'));
    expect((await call('POST', '/auth/logout', shop.token, {})).statusCode).toBeLessThan(300);
    await until('the stream ended', () => stream.ended, 5000);
    await stream.close();
  });

  it('refuses a stream without a token or in a shop the caller does not work in', async () => {
    const shop = await aShop(t);
    const other = await aShop(t);
    expect((await fetch(`${base}/api/v1/shops/${shop.shop.id}/events`)).status).toBe(401);
    const foreign = await fetch(`${base}/api/v1/shops/${shop.shop.id}/events`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(404);
  });
});

let adminToken: string | undefined;
async function aStaffAdmin() {
  adminToken ??= (await signInStaff(t, 'admin')).token;
  return adminToken;
}
