import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import type { Database } from './db/database';
import { freePort } from './db/embedded';

/**
 * Dak as it runs for real (issue 11): two API processes (JOBS=send-only) and a worker process on
 * one PostgreSQL (the test run's embedded server, a fresh database), an SMS gateway on this
 * machine standing in for BulkSMSBD. Load at both API processes; one is killed with SIGKILL
 * mid-load; then the worker is killed while the gateway holds an SMS, and a new worker takes over.
 * Job expiry, supervision and retry delay are set low by configuration (SMS_JOB_EXPIRE_SECONDS,
 * JOBS_SUPERVISE_SECONDS, JOBS_RETRY_DELAY_SECONDS) so the retry comes in seconds, not minutes.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/server/src/main.ts');

type Proc = { name: string; child: ChildProcess; output: () => string; base: string };
const procs: Proc[] = [];
let database: (Database & { url: string }) | undefined;
let dataDir = '';
let gateway: Gateway | undefined;

/** The BulkSMSBD HTTP API as far as Dak uses it; counts what it received per number. */
type Gateway = {
  url: string;
  received: { number: string; message: string }[];
  /** Numbers whose requests are held unanswered (a slow gateway) until released. */
  hold: Set<string>;
  held: ServerResponse[];
  close(): Promise<void>;
};

async function startGateway(): Promise<Gateway> {
  const received: Gateway['received'] = [];
  const hold = new Set<string>();
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const number = url.searchParams.get('number') ?? '';
    received.push({ number, message: url.searchParams.get('message') ?? '' });
    if (hold.has(number)) {
      held.push(res);
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ response_code: 202, message_id: received.length }));
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `http://127.0.0.1:${port}/api/smsapi`,
    received,
    hold,
    held,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function baseEnv(): NodeJS.ProcessEnv {
  if (!database || !gateway) throw new Error('set up first');
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SMS_PROVIDER: 'bulksmsbd',
    SMS_API_URL: gateway.url,
    SMS_API_KEY: 'test-key',
    SMS_SENDER_ID: 'Dak',
    RATE_CHARGE_PER_IP_PER_MINUTE: '10',
    SMS_JOB_EXPIRE_SECONDS: '4',
    JOBS_SUPERVISE_SECONDS: '1',
    JOBS_RETRY_DELAY_SECONDS: '1',
  };
}

/** Starts `main.ts` (an API process on its own port, or `main.ts worker`) and waits until it is up. */
async function start(name: string, kind: 'api' | 'worker'): Promise<Proc> {
  const port = kind === 'api' ? await freePort() : 0;
  const env = {
    ...baseEnv(),
    PORT: String(port),
    ...(kind === 'api' ? { JOBS: 'send-only' } : { LOG_LEVEL: 'info' }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...(kind === 'worker' ? ['worker'] : [])], {
    cwd: root,
    env,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const proc = { name, child, output: () => output, base: `http://127.0.0.1:${port}` };
  procs.push(proc);
  const ready = kind === 'api' ? 'Dak is running' : 'Dak worker started';
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

async function kill(proc: Proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGKILL');
  await exited;
}

type Answer = { status: number; body: unknown } | { status: 'network'; error: string };

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers = {},
) {
  try {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed } as Answer;
  } catch (error) {
    return { status: 'network', error: String((error as Error).cause ?? error) } as Answer;
  }
}

/** The fields of our answers the test reads. */
type Body = { token: string; items: { id: string }[]; trackingId: string; id: string };
const ok = (a: Answer): a is { status: number; body: Body } => typeof a.status === 'number' && a.status < 300;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'dak-multi-'));
  gateway = await startGateway();
}, 60_000);

afterAll(async () => {
  await Promise.all(procs.map(kill));
  await gateway?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two API processes and a worker on one PostgreSQL', () => {
  it('loses nothing and doubles nothing when an API process and then the worker are killed', async () => {
    if (!database || !gateway) throw new Error('not set up');
    const db = database.db;
    const began = Date.now();
    const mark = (what: string) =>
      console.log(`multi-process: ${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);
    // The first process migrates and seeds; the others start on the ready database.
    const a = await start('api-a', 'api');
    const [b, worker] = await Promise.all([start('api-b', 'api'), start('worker-1', 'worker')]);

    mark('processes up');
    // Sessions live in PostgreSQL: a token made on one process works on the other.
    const login = await call(a.base, 'POST', '/auth/login', undefined, {
      phone: '01700000001',
      password: 'demo-merchant-1',
    });
    if (!ok(login)) throw new Error(`merchant login: ${JSON.stringify(login)}`);
    const merchant = login.body.token as string;
    const shops = await call(b.base, 'GET', '/shops', merchant);
    if (!ok(shops)) throw new Error(`shops on B: ${JSON.stringify(shops)}`);
    const shopId = shops.body.items[0]?.id as string;
    const pickups = await call(a.base, 'GET', `/shops/${shopId}/pickup-locations`, merchant);
    if (!ok(pickups)) throw new Error(`pickups: ${JSON.stringify(pickups)}`);
    const pickupLocationId = pickups.body.items[0]?.id as string;

    // Staff sign in on B with the code the gateway received, and move parcels on A.
    const adminPhone = '8801700000009';
    const staffLogin = await call(b.base, 'POST', '/ops/auth/login', undefined, {
      phone: '01700000009',
      password: 'demo-admin-1',
    });
    if (!ok(staffLogin)) throw new Error(`staff login: ${JSON.stringify(staffLogin)}`);
    const code = /\b(\d{4})\b/.exec(
      gateway.received.filter((m) => m.number === adminPhone).at(-1)?.message ?? '',
    )?.[1];
    const verify = await call(b.base, 'POST', '/ops/auth/verify', undefined, { phone: '01700000009', code });
    if (!ok(verify)) throw new Error(`staff verify: ${JSON.stringify(verify)}`);
    const staff = verify.body.token as string;
    expect((await call(a.base, 'GET', '/ops/me', staff)).status).toBe(200);

    // Rate limits are counted in PostgreSQL: 10 a minute across both processes, not 10 each.
    const secondOfMinute = new Date().getUTCSeconds();
    if (secondOfMinute > 55) await new Promise((r) => setTimeout(r, (61 - secondOfMinute) * 1000));
    const charge = '/charge?pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan&weight=500';
    const limited: (number | string)[] = [];
    for (let i = 0; i < 12; i++) limited.push((await call(i % 2 ? b.base : a.base, 'GET', charge)).status);
    expect(limited).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);

    mark('signed in, limits checked');
    // Load at both processes: bookings with an Idempotency-Key (retried on the other process when
    // the connection fails, as a client would), and staff moving booked parcels forward.
    const steps = ['at_sorting', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivered'] as const;
    const bookings: { key: string; accepted: boolean; trackingId?: string }[] = [];
    const moves: { trackingId: string; to: string; accepted: boolean }[] = [];
    const ready: { trackingId: string; step: number }[] = [];
    const serverErrors: string[] = [];
    let aDead = false;
    let servedByBAfterKill = 0;
    const loadMs = 10_000;
    const killAt = Date.now() + 4_000;
    const stopAt = Date.now() + loadMs;
    let n = 0;

    const pick = (i: number) => (aDead || i % 2 === 0 ? b : a);
    /** One request, tried on the chosen process, then on B when the connection fails. */
    async function send(i: number, method: string, path: string, body: unknown, headers = {}) {
      let target = pick(i);
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await call(
          target.base,
          method,
          path,
          path.startsWith('/ops') ? staff : merchant,
          body,
          headers,
        );
        if (answer.status === 'network') {
          if (target === a && Date.now() >= killAt) aDead = true;
          target = b;
          continue;
        }
        if (answer.status >= 500)
          serverErrors.push(
            `${target.name} ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        if (target === b && aDead) servedByBAfterKill += 1;
        return { answer, retried: attempt > 0 };
      }
      return { answer: { status: 'network', error: 'no process answered' } as Answer, retried: true };
    }

    async function client(id: number) {
      while (Date.now() < stopAt) {
        const i = n++;
        const parcel = i % 3 === 2 ? ready.shift() : undefined;
        if (parcel) {
          const to = steps[parcel.step] as string;
          const body = to === 'delivered' ? { status: to, amountCollected: 1250 } : { status: to };
          const { answer } = await send(i, 'POST', `/ops/parcels/${parcel.trackingId}/status`, body);
          const accepted = ok(answer);
          moves.push({ trackingId: parcel.trackingId, to, accepted });
          // A move whose answer was lost may have been applied: its parcel leaves the load.
          if (accepted && parcel.step + 1 < steps.length)
            ready.push({ trackingId: parcel.trackingId, step: parcel.step + 1 });
          continue;
        }
        const key = `mp-${id}-${i}-${randomUUID().slice(0, 8)}`;
        const { answer } = await send(
          i,
          'POST',
          `/shops/${shopId}/parcels`,
          {
            customerName: 'Rahima Begum',
            customerPhone: '01712345678',
            customerAddress: 'House 5, Road 3, Gulshan 1',
            deliveryAreaId: 'dhaka-city--gulshan',
            pickupLocationId,
            cashCollectionAmount: 1250,
            sellingPrice: 1200,
            weightGrams: 500,
            invoiceId: key,
          },
          { 'idempotency-key': key },
        );
        const accepted = ok(answer);
        const trackingId = accepted ? (answer.body.trackingId as string) : undefined;
        bookings.push({ key, accepted, trackingId });
        if (trackingId) ready.push({ trackingId, step: 0 });
      }
    }

    const killer = (async () => {
      await new Promise((r) => setTimeout(r, killAt - Date.now()));
      await kill(a);
    })();
    await Promise.all([...Array.from({ length: 6 }, (_, id) => client(id)), killer]);
    aDead = true;

    mark('load done');
    expect(serverErrors).toEqual([]);
    expect(a.child.signalCode).toBe('SIGKILL');
    // B went on serving after A died, and still does.
    expect(servedByBAfterKill).toBeGreaterThan(10);
    expect((await call(b.base, 'GET', '/health')).status).toBe(200);

    const accepted = bookings.filter((x) => x.accepted);
    expect(accepted.length).toBeGreaterThan(20);
    // Every accepted booking is there exactly once; a booking never answered is there at most once.
    const perKey = new Map(
      (
        await db
          .selectFrom('parcels')
          .select(['invoice_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('shop_id', '=', shopId)
          .where('invoice_id', 'like', 'mp-%')
          .groupBy('invoice_id')
          .execute()
      ).map((r) => [r.invoice_id, Number(r.n)]),
    );
    for (const booking of bookings) {
      const count = perKey.get(booking.key) ?? 0;
      if (booking.accepted) expect(count, booking.key).toBe(1);
      else expect(count, booking.key).toBeLessThanOrEqual(1);
    }
    expect([...perKey.values()].every((count) => count === 1)).toBe(true);

    // Every accepted move is in the parcel's events exactly once; none is there twice.
    const acceptedMoves = moves.filter((m) => m.accepted);
    expect(acceptedMoves.length).toBeGreaterThan(10);
    const events = await db
      .selectFrom('parcel_events as e')
      .innerJoin('parcels as p', 'p.id', 'e.parcel_id')
      .select(['p.tracking_id', 'e.to_status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.shop_id', '=', shopId)
      .where('p.invoice_id', 'like', 'mp-%')
      .groupBy(['p.tracking_id', 'e.to_status'])
      .execute();
    const eventCount = new Map(events.map((e) => [`${e.tracking_id} ${e.to_status}`, Number(e.n)]));
    for (const move of acceptedMoves)
      expect(eventCount.get(`${move.trackingId} ${move.to}`), `${move.trackingId} → ${move.to}`).toBe(1);
    expect(events.filter((e) => Number(e.n) > 1)).toEqual([]);

    mark('bookings and moves checked');
    // The worker dies while the gateway holds a customer's SMS; a new worker retries the job,
    // and the customer gets that SMS once.
    const customer = '01911223344';
    const customerStored = '8801911223344';
    const booked = await call(b.base, 'POST', `/shops/${shopId}/parcels`, merchant, {
      customerName: 'Salma Akter',
      customerPhone: customer,
      customerAddress: 'House 9, Road 2, Gulshan 1',
      deliveryAreaId: 'dhaka-city--gulshan',
      pickupLocationId,
      cashCollectionAmount: 900,
      sellingPrice: 900,
      weightGrams: 500,
    });
    if (!ok(booked)) throw new Error(`booking: ${JSON.stringify(booked)}`);
    const { trackingId, id: parcelId } = booked.body as { trackingId: string; id: string };
    for (const to of steps.slice(0, 4)) {
      const moved = await call(b.base, 'POST', `/ops/parcels/${trackingId}/status`, staff, { status: to });
      expect(moved.status, JSON.stringify(moved)).toBe(200);
    }
    gateway.hold.add(customerStored);
    const delivered = await call(b.base, 'POST', `/ops/parcels/${trackingId}/status`, staff, {
      status: 'delivered',
      amountCollected: 900,
    });
    expect(delivered.status).toBe(200);
    const toCustomer = () => gateway?.received.filter((m) => m.number === customerStored) ?? [];
    const deadline = Date.now() + 30_000;
    while (toCustomer().length === 0) {
      if (Date.now() > deadline) throw new Error(`the worker did not send:\n${worker.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await kill(worker);
    // The gateway answers again: a retry that sent a second copy would be counted below.
    gateway.hold.clear();
    const job = () =>
      sql<{ state: string; retry_count: number }>`
        select state, retry_count from pgboss.job
        where name = 'send-parcel-sms' and data->>'parcelId' = ${parcelId} and data->>'kind' = 'delivered'`
        .execute(db)
        .then((r) => r.rows[0]);
    expect((await job())?.state).toBe('active');

    mark('worker killed');
    const worker2 = await start('worker-2', 'worker');
    const retryDeadline = Date.now() + 45_000;
    while ((await job())?.state !== 'completed') {
      if (Date.now() > retryDeadline)
        throw new Error(`the job was not retried: ${JSON.stringify(await job())}\n${worker2.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    mark('job retried');
    expect((await job())?.retry_count).toBeGreaterThanOrEqual(1);
    expect(toCustomer()).toHaveLength(1);
    const outbox = await db
      .selectFrom('sms_outbox')
      .select(['status', 'dedupe_key'])
      .where('to_phone', '=', customerStored)
      .execute();
    expect(outbox).toEqual([
      { status: 'unconfirmed', dedupe_key: expect.stringMatching(/^send-parcel-sms:/) },
    ]);

    // The new worker sends the next SMS as usual.
    const b2 = await call(b.base, 'POST', `/shops/${shopId}/parcels`, merchant, {
      customerName: 'Salma Akter',
      customerPhone: customer,
      customerAddress: 'House 9, Road 2, Gulshan 1',
      deliveryAreaId: 'dhaka-city--gulshan',
      pickupLocationId,
      cashCollectionAmount: 0,
      sellingPrice: 900,
      weightGrams: 500,
    });
    if (!ok(b2)) throw new Error(`booking: ${JSON.stringify(b2)}`);
    for (const to of steps) {
      const body = to === 'delivered' ? { status: to, amountCollected: 0 } : { status: to };
      const moved = await call(b.base, 'POST', `/ops/parcels/${b2.body.trackingId}/status`, staff, body);
      expect(moved.status, JSON.stringify(moved)).toBe(200);
    }
    const sentDeadline = Date.now() + 30_000;
    while (toCustomer().length < 2) {
      if (Date.now() > sentDeadline) throw new Error(`worker 2 did not send:\n${worker2.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(toCustomer()[1]?.message).toContain(`parcel ${b2.body.trackingId} delivered`);
  }, 240_000);
});
