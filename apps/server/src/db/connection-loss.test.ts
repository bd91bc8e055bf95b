import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@dak/domain/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { freePort } from './embedded';

/**
 * Issue 11, finding 3: a database connection dropped mid-transaction once killed the process (an
 * unhandled 'error' event on the checked-out client). The server runs here as its own process,
 * as `npm start` runs it, so an unhandled 'error' event would end it as it would in production.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess | undefined;
let output = '';
let base = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The edit below waits on a lock held by the test until its backend is terminated.
      DB_LOCK_TIMEOUT_MS: '60000',
    },
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  base = `http://127.0.0.1:${port}/api/v1`;
  const deadline = Date.now() + 90_000;
  while (!output.includes('Dak is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.close();
});

async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json: () => JSON.parse(text),
  };
}

/** The API's backend waiting on a lock in the test's database, once it is there. */
async function waitingBackend(admin: pg.Client): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and application_name = 'dak-api' and wait_event_type = 'Lock'`,
    );
    if (rows[0]) return rows[0].pid;
    if (Date.now() > deadline) throw new Error('the edit never waited on the lock');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a connection lost in the middle of a request', () => {
  it('fails that request with a 503 JSON error, and the process lives and serves the next', async () => {
    // The demo merchant (seeded outside production) books a parcel to edit.
    const login = await api('POST', '/auth/login', undefined, {
      phone: '01700000001',
      password: 'demo-merchant-1',
    });
    expect(login.status, login.text).toBe(200);
    const token = login.json().token as string;
    const shopId = (await api('GET', '/shops', token)).json().items[0].id as string;
    const pickups = await api('GET', `/shops/${shopId}/pickup-locations`, token);
    const booked = await api('POST', `/shops/${shopId}/parcels`, token, {
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 5, Road 3, Gulshan 1',
      deliveryAreaId: 'dhaka-city--gulshan',
      pickupLocationId: pickups.json().items[0].id,
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 500,
    });
    expect(booked.status, booked.text).toBe(201);
    const parcelId = booked.json().id as string;
    const edit = (customerPhone: string) =>
      api('PUT', `/shops/${shopId}/parcels/${parcelId}`, token, { customerPhone });

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Another connection holds the parcel, so the edit's transaction is in flight, waiting.
      await admin.query('begin');
      await admin.query('select id from parcels where id = $1 for update', [parcelId]);
      const inFlight = edit('01812345678');
      const pid = await waitingBackend(admin);
      await admin.query('select pg_terminate_backend($1)', [pid]);

      const failed = await inFlight;
      expect(failed.status, failed.text).toBe(503);
      expect(failed.type).toContain('application/json');
      expect(failed.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: messages.serviceInterrupted,
          key: 'errors.serviceInterrupted',
          params: {},
        },
      });
      await admin.query('rollback');
    } finally {
      await admin.end();
    }

    // The process lives, says what happened, and the next requests succeed.
    expect(child?.exitCode).toBeNull();
    expect(output).toContain('database connection failed');
    const health = await api('GET', '/health');
    expect(health.status, health.text).toBe(200);
    const again = await edit('01812345678');
    expect(again.status, again.text).toBe(200);
    expect(again.json().customerPhone).toBe('8801812345678');
  }, 120_000);
});
