import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import type { Database } from './db/database';
import { freePort } from './db/embedded';

/**
 * Issue 14's test: two API processes on one PostgreSQL (as multi-process.test.ts starts them). A
 * merchant's browser holds the notification stream open on process B; staff move the merchant's
 * parcel to a failed attempt through process A; the notification reaches the stream on B (A's
 * transaction NOTIFYs on commit, B's listener hears it and streams it), and nothing reaches a
 * stream of another shop.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/server/src/main.ts');

type Proc = { child: ChildProcess; output: () => string; base: string };
const procs: Proc[] = [];
let database: (Database & { url: string }) | undefined;
let dataDir = '';

async function start(name: string): Promise<Proc> {
  if (!database) throw new Error('set up first');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      JOBS: 'send-only',
      EVENTS_HEARTBEAT_SECONDS: '2',
    },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const proc = { child, output: () => output, base: `http://127.0.0.1:${port}` };
  procs.push(proc);
  const deadline = Date.now() + 90_000;
  while (!output.includes('Dak is running')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A stream read as the web reads it (fetch with the bearer header), its text kept as it comes. */
async function openStream(base: string, shopId: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/shops/${shopId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const seen = { text: '' };
  const reading = (async () => {
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    try {
      while (reader) {
        const { value, done } = await reader.read();
        if (done) break;
        seen.text += decoder.decode(value, { stream: true });
      }
    } catch {}
  })();
  return {
    seen,
    events: () =>
      [...seen.text.matchAll(/event: notification\ndata: (.*)\n/g)].map(
        (m) => JSON.parse(m[1] ?? '{}') as { kind: string; params: { trackingId?: string } },
      ),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function until(what: string, check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A merchant's session: the seeded demo merchant, or a new registration (code from the outbox). */
async function signIn(base: string, phone: string, password: string) {
  const login = await call(base, 'POST', '/auth/login', undefined, { phone, password });
  const shops = await call(base, 'GET', '/shops', login.token);
  return { token: login.token as string, shopId: shops.items[0].id as string };
}

/** The newest code texted to a phone: development keeps it whole in the outbox. */
async function codeFor(phone: string) {
  const row = await database?.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return /\b(\d{4})\b/.exec(row?.body ?? '')?.[1];
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'dak-notify-'));
}, 60_000);

afterAll(async () => {
  for (const proc of procs) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      proc.child.kill('SIGKILL');
      await exited;
    }
  }
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('notifications across two API processes', () => {
  it('streams on process B what was caused through process A, and only to its shop', async () => {
    // The first process migrates and seeds; the second starts on the ready database.
    const a = await start('api-a');
    const b = await start('api-b');

    const merchant = await signIn(a.base, '01700000001', 'demo-merchant-1');
    const staffLogin = await call(b.base, 'POST', '/ops/auth/login', undefined, {
      phone: '01700000009',
      password: 'demo-admin-1',
    });
    expect(staffLogin).toBeTruthy();
    const verified = await call(b.base, 'POST', '/ops/auth/verify', undefined, {
      phone: '01700000009',
      code: await codeFor('8801700000009'),
    });
    const staff = verified.token as string;
    const pickups = await call(a.base, 'GET', `/shops/${merchant.shopId}/pickup-locations`, merchant.token);
    const booked = await call(a.base, 'POST', `/shops/${merchant.shopId}/parcels`, merchant.token, {
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 5, Road 3, Gulshan 1',
      deliveryAreaId: 'dhaka-city--gulshan',
      pickupLocationId: pickups.items[0].id,
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 500,
    });
    for (const status of ['at_sorting', 'in_transit', 'at_delivery_hub', 'out_for_delivery']) {
      await call(a.base, 'POST', `/ops/parcels/${booked.trackingId}/status`, staff, { status });
    }

    // The merchant's browser on B; another merchant's on B too.
    const registration = `0171${String(Date.now()).slice(-7)}`;
    await call(b.base, 'POST', '/merchant/registration/otp', undefined, { phone: registration });
    const registered = await call(b.base, 'POST', '/merchant/registration', undefined, {
      merchantName: 'Other Traders',
      shopName: 'Other Shop',
      dailyParcelCount: 5,
      phone: registration,
      code: await codeFor(`88${registration}`),
      fullName: 'Md. Other Hossain',
      dateOfBirth: '1990-01-01',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      termsAccepted: true,
    });
    const onB = await openStream(b.base, merchant.shopId, merchant.token);
    const otherOnB = await openStream(b.base, registered.shop.id, registered.token);
    await until('the streams open', () => onB.seen.text.includes(': connected'), 10_000);
    await until('the other stream open', () => otherOnB.seen.text.includes(': connected'), 10_000);

    const caused = Date.now();
    await call(a.base, 'POST', `/ops/parcels/${booked.trackingId}/status`, staff, {
      status: 'delivery_attempted',
      reason: 'customer_unreachable',
    });
    await until('the notification on B', () => onB.events().length > 0, 10_000);
    console.log(`notifications: A's move reached B's stream in ${Date.now() - caused} ms`);
    expect(onB.events()).toEqual([
      expect.objectContaining({
        kind: 'delivery_failed',
        params: expect.objectContaining({ trackingId: booked.trackingId }),
      }),
    ]);
    // A heartbeat on the other shop's stream, and still nothing for it.
    const beats = otherOnB.seen.text.split(': heartbeat').length;
    await until('a heartbeat', () => otherOnB.seen.text.split(': heartbeat').length > beats, 10_000);
    expect(otherOnB.events()).toEqual([]);
    await onB.close();
    await otherOnB.close();
  }, 180_000);
});
