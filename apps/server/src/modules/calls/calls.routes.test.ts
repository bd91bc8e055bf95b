import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aStaff, type Staff } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  type BookingMerchant,
  bookingMerchant,
  bookParcel,
  toOutForDelivery,
  walk,
} from '../../../test/operations-fixtures';
import { createHttpTelephonyProvider, telephonySignature } from './telephony.providers';

/** A stand-in for the telephony provider's API: recordings behind its API key. */
const apiKey = 'stub-provider-key';
const secret = 'telephony-test-secret-0123456789';
const recording = Buffer.from('ID3-fake-mp3-bytes-of-a-call-recording');
let stub: Server;
let stubUrl: string;

let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;
let rider: Staff;

beforeAll(async () => {
  stub = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401).end('no');
      return;
    }
    if (req.url === '/api/recordings/call-1.mp3') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(recording);
      return;
    }
    if (req.url === '/api/recordings/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  t = await createTestApp({
    TELEPHONY_WEBHOOK_SECRET: secret,
    TELEPHONY_API_URL: `${stubUrl}/api/`,
    TELEPHONY_API_KEY: apiKey,
    FILES_DIR: `/tmp/dak-calls-test-${process.pid}`,
    // The retention test moves the clock 46 days; the merchant stays signed in.
    SESSION_TTL_HOURS: String(24 * 365),
  });
  call = caller(t);
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
  rider = await aStaff(t, { role: 'rider', hub: 'hub-dhaka-gulshan' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stub.close(resolve));
});

async function outForDelivery(m: BookingMerchant = merchant) {
  return (await aParcel(t, { shop: m, status: 'out_for_delivery', by: admin })).trackingId;
}

function webhook(body: unknown, options: { timestamp?: number; signature?: string | null } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-telephony-timestamp': timestamp,
  };
  if (options.signature !== null) {
    headers['x-telephony-signature'] =
      options.signature ?? `sha256=${telephonySignature(secret, timestamp, raw)}`;
  }
  return t.app.inject({ method: 'POST', url: '/api/v1/webhooks/telephony', headers, payload: raw });
}

let eventCounter = 0;
const completed = (trackingId: string, extra: Record<string, unknown> = {}) => ({
  eventId: `evt-${++eventCounter}`,
  type: 'call.completed',
  trackingId,
  callId: `call-${eventCounter}`,
  startedAt: t.clock.now().toISOString(),
  outcome: 'answered',
  durationSeconds: 42,
  ...extra,
});

async function callRows(trackingId: string) {
  return t.database.db
    .selectFrom('call_logs as c')
    .innerJoin('parcels as p', 'p.id', 'c.parcel_id')
    .select(['c.id', 'c.source', 'c.outcome', 'c.recording_key', 'c.caller_staff_id'])
    .where('p.tracking_id', '=', trackingId)
    .execute();
}

/** A parcel a hub's admin put on the rider's delivery run (out_for_delivery, open on the run). */
async function onRunOf(riderId: string) {
  const { trackingId } = await aParcel(t, { shop: merchant, status: 'at_delivery_hub', by: admin });
  const run = await call('POST', '/ops/delivery-runs', admin.token, { riderId, trackingIds: [trackingId] });
  expect(run.json().results, run.body).toEqual([{ trackingId, ok: true }]);
  return trackingId;
}

/** Another rider of the rider's own hub (Gulshan). */
async function hubMate() {
  return aStaff(t, { role: 'rider', hub: 'hub-dhaka-gulshan' });
}

describe('rider calls', () => {
  const body = () => ({ startedAt: t.clock.now().toISOString(), outcome: 'answered' });

  it('logs a rider’s call for a parcel open on their own run', async () => {
    const trackingId = await onRunOf(rider.id);
    const res = await call('POST', `/rider/parcels/${trackingId}/calls`, rider.token, {
      startedAt: t.clock.now().toISOString(),
      durationSeconds: 35,
      outcome: 'no_answer',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ trackingId, outcome: 'no_answer', durationSeconds: 35 });
    expect(await callRows(trackingId)).toEqual([
      expect.objectContaining({ source: 'rider', outcome: 'no_answer', caller_staff_id: rider.id }),
    ]);
  });

  it('refuses another rider of the same hub with 404, as the other rider routes do, and logs nothing', async () => {
    const trackingId = await onRunOf(rider.id);
    const other = await hubMate();
    const res = await call('POST', `/rider/parcels/${trackingId}/calls`, other.token, body());
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'This parcel is not on your run' });
    // The same answer as the rider's own routes give that rider for this parcel.
    const fail = await call('POST', `/rider/parcels/${trackingId}/fail`, other.token, {
      reason: 'customer_unreachable',
    });
    expect(fail.statusCode).toBe(404);
    expect(fail.json().error.message).toBe(res.json().error.message);
    expect(await callRows(trackingId)).toEqual([]);
  });

  it('refuses parcels not open on the rider’s run: of their hub but on no run, closed, unknown', async () => {
    const noRun = await bookParcel(t, merchant);
    await walk(t, admin.token, noRun.trackingId, toOutForDelivery);
    const closed = await onRunOf(rider.id);
    const failed = await call('POST', `/rider/parcels/${closed}/fail`, rider.token, {
      reason: 'customer_unreachable',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    for (const trackingId of [noRun.trackingId, closed, 'DK-NOPE', 'not a code']) {
      const res = await call(
        'POST',
        `/rider/parcels/${encodeURIComponent(trackingId)}/calls`,
        rider.token,
        body(),
      );
      expect(res.statusCode, trackingId).toBe(404);
      expect(res.json().error.message).toBe('This parcel is not on your run');
    }
    expect(await callRows(noRun.trackingId)).toEqual([]);
    expect(await callRows(closed)).toEqual([]);
  });

  it('refuses other hubs’ riders, merchants, other staff and bad input, writing nothing', async () => {
    const trackingId = await onRunOf(rider.id);
    const other = await signInStaff(t, 'rider');
    await t.database.db
      .insertInto('staff_hubs')
      .values({ staff_id: other.id, hub_id: 'hub-rajshahi' })
      .execute();
    expect((await call('POST', `/rider/parcels/${trackingId}/calls`, other.token, body())).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/rider/parcels/${trackingId}/calls`, merchant.token, body())).statusCode,
    ).toBe(403);
    expect((await call('POST', `/rider/parcels/${trackingId}/calls`, admin.token, body())).statusCode).toBe(
      403,
    );
    const bad = await call('POST', `/rider/parcels/${trackingId}/calls`, rider.token, {
      ...body(),
      outcome: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Outcome must be one of: answered, no_answer, busy, failed');
    const future = await call('POST', `/rider/parcels/${trackingId}/calls`, rider.token, {
      ...body(),
      startedAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('The call cannot start in the future');
    expect(await callRows(trackingId)).toEqual([]);
  });
});

describe('the telephony webhook', () => {
  it('checks the signature before it parses the body: unsigned bytes are never read as JSON', async () => {
    // 20 MB of deeply nested JSON took seconds of the event loop to parse, from anyone; now an
    // unsigned body is refused as it came, and only a signed one is parsed.
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const send = (raw: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/telephony',
        headers: {
          'content-type': 'application/json',
          'x-telephony-timestamp': ts,
          'x-telephony-signature': signature,
        },
        payload: raw,
      });
    const unsigned = await send('{"not json', `sha256=${'ab'.repeat(32)}`);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.message).toBe('Invalid webhook signature');
    const signed = await send('{"not json', telephonySignature(secret, ts, '{"not json'));
    expect(signed.statusCode).toBe(400);
    expect(signed.json().error.code).toBe('INVALID_JSON');
  });

  it('answers an unsigned or stale call before it reads the body', async () => {
    // The webhook took up to 20 MB before its 401; the checks that need no body now come first.
    // The body here starts and never ends: read first, the call would wait for it.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const unfinished = (headers: Record<string, string>) => {
      const body = new PassThrough();
      body.write('{"eventId": "');
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/telephony',
        headers: { 'content-type': 'application/json', 'content-length': String(20_000_000), ...headers },
        payload: body,
      });
      const waited = new Promise<'still reading'>((resolve) =>
        setTimeout(() => resolve('still reading'), 2000),
      );
      return Promise.race([answer, waited]).finally(() => body.destroy());
    };
    const missing = await unfinished({ 'x-telephony-timestamp': String(now) });
    expect(missing === 'still reading' ? missing : missing.json().error.message).toBe(
      'Missing webhook signature',
    );
    const stale = await unfinished({
      'x-telephony-timestamp': String(now - 600),
      'x-telephony-signature': `sha256=${'ab'.repeat(32)}`,
    });
    expect(stale === 'still reading' ? stale : stale.json().error.message).toBe(
      'The webhook timestamp is too old or in the future',
    );
  });

  it('refuses missing, wrong and stale signatures, and changes nothing', async () => {
    const trackingId = await outForDelivery();
    const body = completed(trackingId);
    expect((await webhook(body, { signature: null })).statusCode).toBe(401);
    const wrong = await webhook(body, { signature: `sha256=${'ab'.repeat(32)}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid webhook signature');
    const stale = await webhook(body, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 600 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toBe('The webhook timestamp is too old or in the future');
    // A signature over other bytes (the body changed on the way) fails too.
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/telephony',
      headers: {
        'content-type': 'application/json',
        'x-telephony-timestamp': ts,
        'x-telephony-signature': telephonySignature(secret, ts, raw),
      },
      payload: raw.replace('answered', 'busy'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await callRows(trackingId)).toEqual([]);
  });

  it('logs a call, fetches its recording from the provider, and answers a replay without a second row', async () => {
    const trackingId = await outForDelivery();
    const body = completed(trackingId, { recordingUrl: `${stubUrl}/api/recordings/call-1.mp3` });
    const res = await webhook(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, duplicate: false });
    await t.app.jobs.idle();
    const again = await webhook(body);
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    const rows = await callRows(trackingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'telephony', caller_staff_id: null });
    expect(rows[0]?.recording_key).toMatch(/^call-recordings\/.+\.mp3$/);

    const list = await call('GET', `/shops/${merchant.shop.id}/call-logs?q=${trackingId}`, merchant.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      trackingId,
      outcome: 'answered',
      durationSeconds: 42,
      caller: { kind: 'ivr', name: null },
      hasRecording: true,
    });
    const id = list.json().items[0].id;
    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${merchant.shop.id}/call-logs/${id}/recording`,
      headers: { authorization: `Bearer ${merchant.token}` },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.equals(recording)).toBe(true);

    // Another merchant neither sees the call nor hears it, even with the id.
    const other = await bookingMerchant(t);
    const theirs = await call('GET', `/shops/${other.shop.id}/call-logs`, other.token);
    expect(theirs.json()).toEqual({ items: [], count: 0 });
    const foreign = await call('GET', `/shops/${other.shop.id}/call-logs/${id}/recording`, other.token);
    expect(foreign.statusCode).toBe(404);
    const strangerOnOurs = await call(
      'GET',
      `/shops/${merchant.shop.id}/call-logs/${id}/recording`,
      other.token,
    );
    expect(strangerOnOurs.statusCode).toBe(404);
  });

  it('takes an uploaded recording, and fetches nothing from outside the provider or that is not audio', async () => {
    const trackingId = await outForDelivery();
    const upload = await webhook(
      completed(trackingId, {
        recording: { contentType: 'audio/wav', base64: recording.toString('base64') },
      }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    await webhook(
      completed(trackingId, { recordingUrl: 'http://169.254.169.254/api/recordings/call-1.mp3' }),
    );
    await webhook(completed(trackingId, { recordingUrl: `${stubUrl}/api/recordings/page.html` }));
    await t.app.jobs.idle();
    const keys = (await callRows(trackingId)).map((r) => r.recording_key);
    expect(keys.filter((k) => k?.endsWith('.wav'))).toHaveLength(1);
    expect(keys.filter((k) => k === null)).toHaveLength(2);
  });

  it('marks the parcel robocall-verified on the IVR’s confirmation, in the audit log, once', async () => {
    const { trackingId, id } = await bookParcel(t, merchant);
    const confirm = async (n: number) => {
      const res = await webhook({
        eventId: `evt-ivr-${n}-${trackingId}`,
        type: 'ivr.confirmed',
        trackingId,
        callId: `ivr-${n}`,
        startedAt: t.clock.now().toISOString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.database.db
        .selectFrom('parcels')
        .select('robocall_verified_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const audit = await call('GET', `/ops/parcels/${trackingId}/audit`, admin.token);
      const items: { action: string }[] = audit.json().items;
      return {
        at: row.robocall_verified_at,
        items,
        lines: items.filter((l) => l.action === 'robocall_verified'),
      };
    };
    const first = await confirm(1);
    expect(first.at).toEqual(t.clock.now());
    expect(first.items.at(-1)).toMatchObject({ action: 'robocall_verified', actor: { kind: 'system' } });

    // A later confirmation (another event) keeps the first time and writes no second line.
    t.clock.advance(60_000);
    const second = await confirm(2);
    expect(second.at).toEqual(first.at);
    expect(second.lines).toHaveLength(1);
  });

  it('answers 404 for an unknown parcel and keeps the event id unused', async () => {
    const body = completed('DKAAAAAAAAA');
    const res = await webhook(body);
    expect(res.statusCode).toBe(404);
    const seen = await t.database.db
      .selectFrom('telephony_webhook_events')
      .select('event_id')
      .where('event_id', '=', body.eventId)
      .execute();
    expect(seen).toEqual([]);
  });
});

describe('recording retention', () => {
  it('deletes recordings after 45 days; the call stays listed', async () => {
    const trackingId = await outForDelivery();
    await webhook(completed(trackingId, { recordingUrl: `${stubUrl}/api/recordings/call-1.mp3` }));
    await t.app.jobs.idle();
    const [row] = await callRows(trackingId);
    const key = row?.recording_key ?? '';
    expect(key).not.toBe('');
    t.clock.advance(44 * 86_400_000);
    await t.app.jobs.send('expire-call-recordings', {});
    await t.app.jobs.idle();
    expect((await callRows(trackingId))[0]?.recording_key).toBe(key);
    t.clock.advance(2 * 86_400_000);
    await t.app.jobs.send('expire-call-recordings', {});
    await t.app.jobs.idle();
    expect((await callRows(trackingId))[0]?.recording_key).toBeNull();
    const list = await call('GET', `/shops/${merchant.shop.id}/call-logs?q=${trackingId}`, merchant.token);
    expect(list.json().items[0]).toMatchObject({ hasRecording: false, recordingDeleted: true });
    const gone = await call(
      'GET',
      `/shops/${merchant.shop.id}/call-logs/${row?.id}/recording`,
      merchant.token,
    );
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('The recording is no longer kept (45 days)');
  });
});

describe('the HTTP telephony adapter against the stub provider', () => {
  it('fetches with the API key and refuses what is not the provider’s audio', async () => {
    const provider = createHttpTelephonyProvider({ apiUrl: `${stubUrl}/api/`, apiKey });
    const got = await provider.fetchRecording(`${stubUrl}/api/recordings/call-1.mp3`);
    expect(got.contentType).toBe('audio/mpeg');
    expect(got.bytes.equals(recording)).toBe(true);
    await expect(provider.fetchRecording(`${stubUrl}/api/recordings/page.html`)).rejects.toThrow('not audio');
    await expect(provider.fetchRecording(`${stubUrl}/other/call-1.mp3`)).rejects.toThrow(
      'not on the provider',
    );
    const wrongKey = createHttpTelephonyProvider({ apiUrl: `${stubUrl}/api/`, apiKey: 'nope' });
    await expect(wrongKey.fetchRecording(`${stubUrl}/api/recordings/call-1.mp3`)).rejects.toThrow('HTTP 401');
  });
});
