import { consignmentNumberOf } from '@dak/domain/tracking-id';
import type { WebhookDelivery, WebhookDeliveryList } from '@dak/domain/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, type Shop, toOutForDelivery, walk } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { type Receiver, startReceiver, status, verifyDakSignature } from '../../../test/webhook-receiver';

const t = useTestApp();
const call = caller(t);
let receiver: Receiver;
let admin: { token: string };

type Created = { id: string; secret: string; url: string; events: string[]; format: string };

async function aWebhook(shop: Shop, url: string, events = ['parcel.status_changed'], format?: string) {
  const res = await call('POST', `/shops/${shop.shop.id}/webhooks`, shop.token, {
    url,
    events,
    ...(format ? { format } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Created>();
}

async function log(shop: Shop, id: string, query = '') {
  const res = await call('GET', `/shops/${shop.shop.id}/webhooks/${id}/deliveries${query}`, shop.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WebhookDeliveryList>();
}

/** The retry sweep, as the schedule runs it (through the development job route), after the clock moved. */
async function retryDue() {
  const res = await call('POST', '/dev/jobs/retry-webhooks', undefined, {});
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.idle();
}

beforeAll(async () => {
  receiver = await startReceiver();
  admin = await signInStaff(t, 'admin');
});
afterAll(() => receiver?.close());

describe('webhooks (issue 15, item 3): the done-when', () => {
  it('signs and delivers a parcel move to a local receiver, retries a failing one until it succeeds, and logs it all', async () => {
    const owner = await aShop(t);
    // A key books the parcel, as a store plugin does.
    const key = await call('POST', `/shops/${owner.shop.id}/api-keys`, owner.token, {
      name: 'Store',
      scopes: ['parcels:write'],
    });
    expect(key.statusCode, key.body).toBe(201);
    const booked = await aParcel(
      t,
      { shop: { ...owner, token: key.json<{ token: string }>().token } },
      {
        invoiceId: 'WC-1001',
      },
    );

    const hook = await aWebhook(owner, receiver.url('/done-when'));
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await call('GET', `/shops/${owner.shop.id}/webhooks`, owner.token);
    expect(listed.body).not.toContain(hook.secret);
    expect(listed.json()).toMatchObject({
      items: [{ id: hook.id, status: 'active', events: ['parcel.status_changed'], format: 'dak' }],
    });

    // The receiver fails twice, then takes it.
    receiver.answer('/done-when', [status(500, 'down for a moment'), status(500)]);
    await walk(t, admin.token, booked.trackingId, ['at_sorting']);
    await t.app.jobs.idle();

    let got = receiver.at('/done-when');
    expect(got).toHaveLength(1);
    const first = got[0];
    if (!first) throw new Error('no delivery');
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['dak-event']).toBe('parcel.status_changed');
    expect(first.headers['user-agent']).toMatch(/^Dak-Webhooks\//);
    expect(verifyDakSignature(first.body, first.headers['dak-signature'] as string, hook.secret)).toBe(true);
    expect(verifyDakSignature(first.body, first.headers['dak-signature'] as string, 'whsec_other')).toBe(
      false,
    );
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({
      type: 'parcel.status_changed',
      shopId: owner.shop.id,
      data: {
        trackingId: booked.trackingId,
        merchantOrderId: 'WC-1001',
        status: 'at_sorting',
        previousStatus: 'pickup_pending',
        message_en: 'Picked up; at the sorting hub',
        message_bn: 'পিকআপ হয়েছে; সর্টিং হাবে আছে',
        codAmount: 1250,
        amountCollected: null,
        reason: null,
      },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.hub).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(body.data.deliveryCharge).toBeGreaterThan(0);

    let entries = (await log(owner, hook.id)).items;
    expect(entries).toHaveLength(1);
    const entry = entries[0] as WebhookDelivery;
    expect(entry).toMatchObject({
      event: 'parcel.status_changed',
      trackingId: booked.trackingId,
      status: 'retrying',
      attempts: 1,
      responseCode: 500,
      responseBody: 'down for a moment',
      requestBody: first.body,
    });
    // The first retry after 30 s: not before.
    expect(new Date(entry.nextAttemptAt as unknown as string).getTime() - t.clock.now().getTime()).toBe(
      30_000,
    );
    t.clock.advance(29_000);
    await retryDue();
    expect(receiver.at('/done-when')).toHaveLength(1);

    t.clock.advance(1_000);
    await retryDue();
    entries = (await log(owner, hook.id)).items;
    expect(entries[0]).toMatchObject({ status: 'retrying', attempts: 2, responseCode: 500 });
    t.clock.advance(60_000);
    await retryDue();

    got = receiver.at('/done-when');
    expect(got).toHaveLength(3);
    // The same body every time (the event's id for dedupe), signed anew with the attempt's time.
    for (const r of got) {
      expect(r.body).toBe(first.body);
      expect(verifyDakSignature(r.body, r.headers['dak-signature'] as string, hook.secret)).toBe(true);
    }
    expect(got[2]?.headers['dak-signature']).not.toBe(first.headers['dak-signature']);
    entries = (await log(owner, hook.id)).items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      responseCode: 200,
      responseBody: '{"ok":true}',
    });
    expect(entries[0]?.nextAttemptAt).toBeNull();
    const endpoint = (await call('GET', `/shops/${owner.shop.id}/webhooks`, owner.token)).json<{
      items: { failingSince: string | null; lastDeliveryAt: string | null }[];
    }>().items[0];
    expect(endpoint?.failingSince).toBeNull();
    expect(endpoint?.lastDeliveryAt).not.toBeNull();

    // The test ping, and a redelivery of the move: both signed, both in the log, newest first.
    const ping = await call('POST', `/shops/${owner.shop.id}/webhooks/${hook.id}/test`, owner.token);
    expect(ping.statusCode, ping.body).toBe(202);
    const again = await call(
      'POST',
      `/shops/${owner.shop.id}/webhooks/${hook.id}/deliveries/${entry.id}/redeliver`,
      owner.token,
    );
    expect(again.statusCode, again.body).toBe(202);
    await t.app.jobs.idle();
    got = receiver.at('/done-when');
    expect(got).toHaveLength(5);
    const pinged = got.find((r) => r.headers['dak-event'] === 'webhook.test');
    expect(
      pinged && verifyDakSignature(pinged.body, pinged.headers['dak-signature'] as string, hook.secret),
    ).toBe(true);
    expect(JSON.parse(pinged?.body ?? '{}')).toMatchObject({ type: 'webhook.test', shopId: owner.shop.id });
    const redelivered = got.at(-1)?.headers['dak-event'] === 'webhook.test' ? got.at(-2) : got.at(-1);
    expect(redelivered?.body).toBe(first.body);
    expect(redelivered?.headers['dak-delivery']).toBe(again.json<{ deliveryId: string }>().deliveryId);

    entries = (await log(owner, hook.id)).items;
    expect(entries.map((e) => [e.event, e.status])).toEqual([
      ['parcel.status_changed', 'succeeded'],
      ['webhook.test', 'succeeded'],
      ['parcel.status_changed', 'succeeded'],
    ]);
    expect(entries[0]?.id).toBe(again.json<{ deliveryId: string }>().deliveryId);
    // Pages: newest first, `nextBefore` leads to the older ones.
    const page = await log(owner, hook.id, '?limit=2');
    expect(page.items.map((e) => e.id)).toEqual(entries.slice(0, 2).map((e) => e.id));
    const older = await log(owner, hook.id, `?limit=2&before=${page.nextBefore}`);
    expect(older.items.map((e) => e.id)).toEqual([entry.id]);
    expect(older.nextBefore).toBeNull();
  });

  it('a delivered parcel carries the amount collected, a partial delivery its reason', async () => {
    const owner = await aShop(t);
    const hook = await aWebhook(owner, receiver.url('/delivered'));
    const parcel = await aParcel(t, { shop: owner, status: 'out_for_delivery' });
    await walk(t, admin.token, parcel.trackingId, [{ status: 'delivered', amountCollected: 1000 }]);
    await t.app.jobs.idle();
    const bodies = receiver.at('/delivered').map((r) => JSON.parse(r.body));
    // One delivery per move; deliveries run in parallel, so they may arrive in any order (each
    // names its status, the one before and when).
    expect(bodies.map((b) => b.data.status).sort()).toEqual(
      ['at_sorting', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivered'].sort(),
    );
    expect(bodies.find((b) => b.data.status === 'delivered')?.data).toMatchObject({
      previousStatus: 'out_for_delivery',
      codAmount: 1250,
      amountCollected: 1000,
      reason: 'partial_delivery',
    });
    expect((await log(owner, hook.id)).items).toHaveLength(5);
  });
});

describe('webhooks: the merchant deletes a parcel', () => {
  it('announces the delete like any other move', async () => {
    const owner = await aShop(t);
    await aWebhook(owner, receiver.url('/merchant-delete'));
    const parcel = await aParcel(t, { shop: owner });
    const gone = await call('DELETE', `/shops/${owner.shop.id}/parcels/${parcel.id}`, owner.token);
    expect(gone.statusCode, gone.body).toBe(200);
    await t.app.jobs.idle();
    const [event] = receiver.at('/merchant-delete').map((r) => JSON.parse(r.body));
    expect(event?.data).toMatchObject({
      trackingId: parcel.trackingId,
      status: 'deleted',
      previousStatus: 'pickup_pending',
      message_en: 'Deleted by the merchant',
      hub: null,
    });
  });
});

describe('webhooks: Steadfast format', () => {
  it("sends Steadfast's callback shape, signed, to an endpoint that chose it", async () => {
    const owner = await aShop(t);
    const hook = await aWebhook(owner, receiver.url('/steadfast'), ['parcel.status_changed'], 'steadfast');
    expect(hook.format).toBe('steadfast');
    const parcel = await aParcel(t, { shop: owner }, { invoiceId: 'INV-77' });
    await walk(t, admin.token, parcel.trackingId, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 900 },
    ]);
    await t.app.jobs.idle();
    const got = receiver.at('/steadfast');
    expect(got).toHaveLength(5);
    for (const r of got) {
      expect(verifyDakSignature(r.body, r.headers['dak-signature'] as string, hook.secret)).toBe(true);
    }
    const bodies = got.map((r) => JSON.parse(r.body));
    const of = (text: string) => bodies.find((b) => String(b.tracking_message).startsWith(text));
    const [sorting, transit, delivered] = [of('Picked up'), of('On the way'), of('Delivered')];
    const consignment = consignmentNumberOf(parcel.trackingId);
    // Dhaka's wall clock (UTC+6) at the moves.
    const dhakaNow = new Date(t.clock.now().getTime() + 6 * 3600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    // Booked (in_review) → picked up (pending): a status of Steadfast's changes.
    expect(sorting).toEqual({
      notification_type: 'delivery_status',
      consignment_id: consignment,
      invoice: 'INV-77',
      tracking_id: parcel.trackingId,
      status: 'pending',
      cod_amount: 1250,
      delivery_charge: expect.any(Number),
      tracking_message: expect.stringContaining('Picked up; at the sorting hub'),
      updated_at: dhakaNow,
    });
    // Still `pending` in Steadfast's words: a tracking update, its text only.
    expect(transit).toEqual({
      notification_type: 'tracking_update',
      consignment_id: consignment,
      invoice: 'INV-77',
      tracking_id: parcel.trackingId,
      tracking_message: expect.stringContaining('On the way to the delivery hub'),
      updated_at: dhakaNow,
    });
    // A partial delivery: Steadfast's status for it, and the amount collected as cod_amount.
    expect(delivered).toMatchObject({
      notification_type: 'delivery_status',
      status: 'partial_delivered',
      cod_amount: 900,
      tracking_message: 'Delivered (Gulshan Hub)',
    });
    expect(Number.isInteger(delivered.consignment_id)).toBe(true);
  });
});

describe('webhooks: failing endpoints', () => {
  it('disables an endpoint whose every delivery failed for 24 hours, and tells the owner', async () => {
    const owner = await aShop(t);
    const hook = await aWebhook(owner, receiver.url('/always-down'));
    receiver.answer('/always-down', [], status(503, 'maintenance'));
    const parcel = await aParcel(t, { shop: owner });
    await walk(t, admin.token, parcel.trackingId, ['at_sorting']);
    await t.app.jobs.idle();
    let endpoint = (await call('GET', `/shops/${owner.shop.id}/webhooks`, owner.token)).json().items[0];
    expect(endpoint).toMatchObject({ status: 'active', failingSince: t.clock.now().toISOString() });

    // A day of retries (the back-off reaches 2 hours), every one failing.
    for (let hours = 0; hours < 24; hours += 2) {
      t.clock.advance(2 * 3600_000);
      await retryDue();
    }
    t.clock.advance(3600_000);
    await retryDue();
    endpoint = (await call('GET', `/shops/${owner.shop.id}/webhooks`, owner.token)).json().items[0];
    expect(endpoint).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    const [delivery] = (await log(owner, hook.id)).items;
    expect(delivery).toMatchObject({ status: 'failed', responseCode: 503, nextAttemptAt: null });
    expect(delivery?.attempts).toBeGreaterThan(5);

    const told = await call('GET', `/shops/${owner.shop.id}/notifications`, owner.token);
    expect(told.json().items).toContainEqual(
      expect.objectContaining({
        kind: 'webhook_disabled',
        params: { url: hook.url },
        link: '/developer-apis',
      }),
    );
    // Nothing more is sent to it, and the test ping is refused until the owner turns it on again.
    const sent = receiver.at('/always-down').length;
    // A day later the staff member signs in again.
    admin = await signInStaff(t, 'admin');
    await walk(t, admin.token, parcel.trackingId, ['in_transit']);
    await t.app.jobs.idle();
    expect(receiver.at('/always-down')).toHaveLength(sent);
    const ping = await call('POST', `/shops/${owner.shop.id}/webhooks/${hook.id}/test`, owner.token);
    expect(ping.statusCode).toBe(409);
    const on = await call('PATCH', `/shops/${owner.shop.id}/webhooks/${hook.id}`, owner.token, {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'active', disabledReason: null, failingSince: null });
  });
});

describe('webhooks: who may', () => {
  it('a key with the webhooks scope reads and pings; no key manages; another shop finds nothing', async () => {
    const owner = await aShop(t);
    const other = await aShop(t);
    const hook = await aWebhook(owner, receiver.url('/who'));
    const keyOf = async (scopes: string[]) => {
      const res = await call('POST', `/shops/${owner.shop.id}/api-keys`, owner.token, {
        name: scopes.join(' '),
        scopes,
      });
      return res.json<{ token: string }>().token;
    };
    const hooksKey = await keyOf(['webhooks']);
    const parcelsKey = await keyOf(['parcels:write', 'parcels:read', 'tracking']);
    const base = `/shops/${owner.shop.id}/webhooks`;

    expect((await call('GET', base, hooksKey)).statusCode).toBe(200);
    expect((await call('GET', `${base}/${hook.id}/deliveries`, hooksKey)).statusCode).toBe(200);
    expect((await call('POST', `${base}/${hook.id}/test`, hooksKey)).statusCode).toBe(202);
    await t.app.jobs.idle();
    const [delivery] = (await log(owner, hook.id)).items;

    for (const [method, url, body] of [
      ['POST', base, { url: receiver.url('/x'), events: ['invoice.paid'] }],
      ['PATCH', `${base}/${hook.id}`, { enabled: false }],
      ['DELETE', `${base}/${hook.id}`, undefined],
      ['POST', `${base}/${hook.id}/deliveries/${delivery?.id}/redeliver`, undefined],
    ] as const) {
      const res = await call(method, url, hooksKey, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A key without the webhooks scope reads nothing.
    expect((await call('GET', base, parcelsKey)).statusCode).toBe(403);
    expect((await call('POST', `${base}/${hook.id}/test`, parcelsKey)).statusCode).toBe(403);

    // Another shop's owner: not through the shop, nor through their own shop's path.
    expect((await call('GET', base, other.token)).statusCode).toBe(404);
    const otherBase = `/shops/${other.shop.id}/webhooks`;
    for (const [method, url] of [
      ['GET', `${otherBase}/${hook.id}/deliveries`],
      ['POST', `${otherBase}/${hook.id}/test`],
      ['PATCH', `${otherBase}/${hook.id}`],
      ['DELETE', `${otherBase}/${hook.id}`],
      ['POST', `${otherBase}/${hook.id}/deliveries/${delivery?.id}/redeliver`],
    ] as const) {
      const res = await call(method, url, other.token, method === 'PATCH' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('a deleted endpoint gets nothing more', async () => {
    admin = await signInStaff(t, 'admin');
    const owner = await aShop(t);
    const hook = await aWebhook(owner, receiver.url('/deleted'));
    const gone = await call('DELETE', `/shops/${owner.shop.id}/webhooks/${hook.id}`, owner.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ id: hook.id, deletedAt: expect.any(String) });
    expect((await call('GET', `/shops/${owner.shop.id}/webhooks`, owner.token)).json().items).toEqual([]);
    const parcel = await aParcel(t, { shop: owner });
    await walk(t, admin.token, parcel.trackingId, ['at_sorting']);
    await t.app.jobs.idle();
    expect(receiver.at('/deleted')).toHaveLength(0);
    expect(
      (await call('DELETE', `/shops/${owner.shop.id}/webhooks/${hook.id}`, owner.token)).statusCode,
    ).toBe(404);
  });
});
