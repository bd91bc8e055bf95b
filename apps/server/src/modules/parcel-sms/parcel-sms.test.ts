import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelStatus } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, type TestApp, uniquePhone } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel, walk } from '../../../test/operations-fixtures';
import { createJobs, type Jobs } from '../../jobs/jobs';
import { sendNotificationSmsJob } from '../../jobs/send-notification-sms.job';
import { createLocalStorage } from '../../lib/storage';
import { createDeliveryRunsService, type DeliveryRunsService } from '../delivery-runs/delivery-runs.service';
import { createNotificationsService } from '../notifications/notifications.service';
import {
  createParcelTransitionsService,
  type ParcelTransitionsService,
} from '../parcel-transitions/parcel-transitions.service';
import { createBulkSmsBdProvider } from '../sms/sms.providers';
import { createSmsService } from '../sms/sms.service';
import { parcelSmsModule } from './parcel-sms.module';

/**
 * Parcel SMS through the real queue (pg-boss in-process) and a real gateway adapter talking to a
 * stand-in gateway that can be slow or failing. The test app (inline jobs, local outbox) only
 * prepares parcels and people; the moves under test go through services wired like app.ts, with
 * the gateway, on the same database.
 */
let gateway: Server;
let gatewayUrl: string;
let gatewayMode: 'ok' | 'fail' | 'slow' = 'ok';
const received: { to: string; body: string }[] = [];
/** Texts the gateway is answering right now, and the most it has held at once since reset. */
let inFlight = 0;
let mostInFlight = 0;

let t: TestApp;
let jobs: Jobs;
let transitions: ParcelTransitionsService;
let runs: DeliveryRunsService;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let manager: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;
let riderId: string;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    received.push({ to: url.searchParams.get('number') ?? '', body: url.searchParams.get('message') ?? '' });
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const answer = () => {
      inFlight -= 1;
      if (gatewayMode === 'fail') res.writeHead(502).end('bad gateway');
      else res.writeHead(200).end(JSON.stringify({ response_code: 202, message_id: received.length }));
    };
    if (gatewayMode === 'slow') setTimeout(answer, 2000);
    else answer();
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/smsapi`;

  t = await createTestApp();
  const call = caller(t);
  admin = await signInStaff(t, 'admin');
  manager = await signInStaff(t, 'hub_manager');
  await call('PUT', `/ops/staff/${manager.id}/hubs`, admin.token, { hubIds: ['hub-dhaka-gulshan'] });
  merchant = await bookingMerchant(t);
  const rider = await call('POST', '/ops/riders', admin.token, {
    name: 'Rubel Mia',
    phone: uniquePhone(),
    hubId: 'hub-dhaka-gulshan',
  });
  expect(rider.statusCode, rider.body).toBe(201);
  riderId = rider.json().id;

  const db = t.database.db;
  const sms = createSmsService({
    db,
    revealCodes: false,
    provider: createBulkSmsBdProvider({ apiUrl: gatewayUrl, apiKey: 'key', senderId: '8809617000000' }),
  });
  jobs = createJobs({
    pool: t.database.pool,
    mode: 'in-process',
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 1,
  });
  transitions = createParcelTransitionsService({ db, clock: t.clock, jobs });
  parcelSmsModule({ db, clock: t.clock, jobs, sms, publicUrl: 'https://dak.example' });
  // A failed attempt also tells the merchant (issue 14), by the same gateway.
  jobs.register(
    sendNotificationSmsJob({ notifications: createNotificationsService({ db, clock: t.clock }), sms }),
  );
  runs = createDeliveryRunsService({
    db,
    clock: t.clock,
    storage: createLocalStorage(`/tmp/dak-parcel-sms-test-${process.pid}`),
    transitions,
  });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});

async function atDeliveryHub() {
  const customerPhone = uniquePhone();
  const { trackingId, id } = await bookParcel(t, merchant, { customerPhone });
  await walk(t, admin.token, trackingId, ['at_sorting', 'in_transit', 'at_delivery_hub']);
  return { trackingId, parcelId: id, to: `880${customerPhone.slice(1)}` };
}

/** The SMS the gateway was handed for a phone, oldest first. */
const toPhone = (phone: string) => received.filter((m) => m.to === phone).map((m) => m.body);

async function smsJobs(parcelId: string) {
  const { rows } = await t.database.pool.query<{ id: string; state: string; data: unknown }>(
    "select id, state, data from pgboss.job where name = 'send-parcel-sms' and data->>'parcelId' = $1",
    [parcelId],
  );
  return rows;
}

async function outbox(phone: string) {
  return t.database.db
    .selectFrom('sms_outbox')
    .select(['body', 'status', 'provider'])
    .where('to_phone', '=', phone)
    .orderBy('id')
    .execute();
}

const statusOf = (trackingId: string) => parcelStatus(t, trackingId);

const asManager = () => ({
  staffId: manager.id,
  role: 'hub_manager' as const,
  allHubs: false,
  hubIds: ['hub-dhaka-gulshan'],
});

describe('the customer’s delivery code, by the send-parcel-sms job', () => {
  it('is made by the job: the queue holds no code, the gateway’s outbox copy is masked, the code works', async () => {
    gatewayMode = 'ok';
    const parcel = await atDeliveryHub();
    const created = await runs.createRun(asManager(), { riderId, trackingIds: [parcel.trackingId] });
    expect(created.results).toEqual([{ trackingId: parcel.trackingId, ok: true }]);

    await expect.poll(() => toPhone(parcel.to).length, { timeout: 5000, interval: 50 }).toBe(1);
    const text = toPhone(parcel.to)[0] ?? '';
    expect(text).toContain('Rubel Mia');
    expect(text).toContain(`https://dak.example/track/${parcel.trackingId}`);
    const code = /OTP: (\d{4})/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);

    // The job's row names the parcel and the kind, nothing else.
    const queued = await smsJobs(parcel.parcelId);
    expect(queued.map((j) => j.data)).toEqual([{ parcelId: parcel.parcelId, kind: 'out_for_delivery' }]);
    await expect
      .poll(async () => (await outbox(parcel.to)).map((r) => [r.provider, r.status]), { timeout: 5000 })
      .toEqual([['bulksmsbd', 'sent']]);
    const stored = (await outbox(parcel.to))[0]?.body ?? '';
    expect(stored).toContain('Delivery OTP: ••••');
    expect(stored).not.toContain(`OTP: ${code}`);

    const delivered = await runs.deliver(riderId, parcel.trackingId, { otp: code, amountCollected: 1250 });
    expect(delivered.status).toBe('delivered');
    await expect
      .poll(() => toPhone(parcel.to).at(-1), { timeout: 5000, interval: 50 })
      .toContain(`parcel ${parcel.trackingId} delivered`);
  });

  it('a failing gateway neither refuses nor undoes the move; the send is retried with a new code, and only that one works', async () => {
    gatewayMode = 'fail';
    const parcel = await atDeliveryHub();
    const created = await runs.createRun(asManager(), { riderId, trackingIds: [parcel.trackingId] });
    expect(created.results).toEqual([{ trackingId: parcel.trackingId, ok: true }]);
    expect(await statusOf(parcel.trackingId)).toBe('out_for_delivery');

    // The gateway was handed a code and refused: recorded as failed, queued for another try.
    await expect
      .poll(async () => (await smsJobs(parcel.parcelId))[0]?.state, { timeout: 5000 })
      .toBe('retry');
    expect((await outbox(parcel.to)).map((r) => r.status)).toEqual(['failed']);
    const refusedCode = /OTP: (\d{4})/.exec(toPhone(parcel.to)[0] ?? '')?.[1] ?? '';
    expect(refusedCode).toMatch(/^\d{4}$/);

    // The gateway is back; the retry is made due now rather than in 30 seconds.
    gatewayMode = 'ok';
    const [job] = await smsJobs(parcel.parcelId);
    await t.database.pool.query('update pgboss.job set start_after = now() where id = $1', [job?.id]);
    await expect.poll(() => toPhone(parcel.to).length, { timeout: 5000, interval: 50 }).toBe(2);
    const code = /OTP: (\d{4})/.exec(toPhone(parcel.to)[1] ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);
    await expect
      .poll(async () => (await smsJobs(parcel.parcelId))[0]?.state, { timeout: 5000 })
      .toBe('completed');

    if (refusedCode !== code) {
      await expect(
        runs.deliver(riderId, parcel.trackingId, { otp: refusedCode, amountCollected: 1250 }),
      ).rejects.toMatchObject({ code: 'OTP_INVALID' });
    }
    const delivered = await runs.deliver(riderId, parcel.trackingId, { otp: code, amountCollected: 1250 });
    expect(delivered.status).toBe('delivered');
  });
});

describe('a slow gateway', () => {
  it('does not hold up the move: it is answered before the SMS goes out', async () => {
    gatewayMode = 'ok';
    const parcel = await atDeliveryHub();
    await runs.createRun(asManager(), { riderId, trackingIds: [parcel.trackingId] });
    await expect.poll(() => toPhone(parcel.to).length, { timeout: 5000, interval: 50 }).toBe(1);

    gatewayMode = 'slow';
    const started = Date.now();
    const failed = await transitions.transition(
      { kind: 'staff', staffId: riderId, role: 'rider' },
      { trackingId: parcel.trackingId, to: 'delivery_attempted', reason: 'customer_unreachable' },
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failed.to).toBe('delivery_attempted');
    expect(await statusOf(parcel.trackingId)).toBe('delivery_attempted');
    // The outbox shows the message as `sending` while the gateway answers, then `sent`.
    await expect
      .poll(async () => (await outbox(parcel.to)).at(-1), { timeout: 8000, interval: 100 })
      .toMatchObject({
        status: 'sent',
        body: expect.stringContaining('Customer could not be reached by phone'),
      });
    gatewayMode = 'ok';
  });
});

describe('a delivery run of many parcels', () => {
  it('texts its customers several at a time, not one gateway answer after another', async () => {
    gatewayMode = 'ok';
    const parcels: Awaited<ReturnType<typeof atDeliveryHub>>[] = [];
    for (let i = 0; i < 12; i++) parcels.push(await atDeliveryHub());
    gatewayMode = 'slow';
    mostInFlight = 0;
    // One run: twelve out-for-delivery texts queued in one transaction, each answered in 2 s.
    await runs.createRun(asManager(), { riderId, trackingIds: parcels.map((p) => p.trackingId) });
    await expect
      .poll(() => parcels.filter((p) => toPhone(p.to).length === 1).length, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(12);
    // One at a time this took 24 s; at most ten go to the gateway together.
    expect(mostInFlight).toBeGreaterThanOrEqual(5);
    expect(mostInFlight).toBeLessThanOrEqual(10);
    gatewayMode = 'ok';
  });
});
