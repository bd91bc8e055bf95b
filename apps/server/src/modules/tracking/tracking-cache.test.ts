import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInStaff } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { type BookingMerchant, bookingMerchant, bookParcel, walk } from '../../../test/operations-fixtures';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/database';
import { createTrackingCache } from './tracking-cache';

/**
 * Public tracking answers kept in memory per process (issue 16): two API processes on one
 * database (this file's app and a second one built on the same database), each with its cache.
 * The cache lives a minute here, so only the NOTIFY can explain an answer that follows a move.
 */
const env = { TRACKING_CACHE_MS: '60000', RATE_TRACKING_PER_IP_PER_MINUTE: '5' };
const t = useTestApp(env);
let other: { app: FastifyInstance; database: Database };
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
  const database = openDatabase(t.database.url, { poolMax: 2, jobsPoolMax: 1 });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database,
    clock: t.clock,
  });
  await app.ready();
  other = { app, database };
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
});

let address = 0;
/** A read of the public view from a new address each time (the limit is 5 a minute here). */
async function track(app: FastifyInstance, trackingId: string, ip = `198.51.100.${(address++ % 250) + 1}`) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/tracking/${trackingId}`, remoteAddress: ip });
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
}

/** A write with triggers off (as a restore might do it): no NOTIFY, so no process hears of it. */
const quietly = (trackingId: string, phone: string) =>
  t.database.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await trx
      .updateTable('parcels')
      .set({ customer_phone: phone })
      .where('tracking_id', '=', trackingId)
      .execute();
  });

describe('public tracking kept in memory, dropped by NOTIFY', () => {
  it('answers from memory: a change no process is told of is not seen', async () => {
    const { trackingId } = await bookParcel(t, merchant, { customerPhone: '01912345678' });
    expect((await track(other.app, trackingId)).body.customerPhone).toBe('01912-****78');
    const { customer_phone: stored } = await t.database.db
      .selectFrom('parcels')
      .select('customer_phone')
      .where('tracking_id', '=', trackingId)
      .executeTakeFirstOrThrow();
    await quietly(trackingId, `${stored.slice(0, -2)}99`);
    try {
      expect((await track(other.app, trackingId)).body.customerPhone).toBe('01912-****78');
    } finally {
      await quietly(trackingId, stored);
    }
  });

  it('shows a move made in the other process at the next read after the NOTIFY, in both processes', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    expect((await track(other.app, trackingId)).body.status).toBe('pickup_pending');
    expect((await track(t.app, trackingId)).body.status).toBe('pickup_pending');
    await walk(t, admin.token, trackingId, ['at_sorting']);
    for (const app of [other.app, t.app]) {
      await vi.waitFor(async () => expect((await track(app, trackingId)).body.status).toBe('at_sorting'), {
        timeout: 5_000,
        interval: 20,
      });
    }
    const { body } = await track(other.app, trackingId);
    expect(body.events.map((e: { status: string }) => e.status)).toEqual(['pickup_pending', 'at_sorting']);
    expect(body.events[1].hub).toMatchObject({ name: { en: 'Mirpur Hub' } });
  });

  it('drops every answer when a hub is renamed', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, ['at_sorting']);
    await vi.waitFor(async () => expect((await track(other.app, trackingId)).body.status).toBe('at_sorting'));
    const rename = (name: string) =>
      t.database.db.updateTable('hubs').set({ name_en: name }).where('id', '=', 'hub-dhaka-mirpur').execute();
    await rename('Mirpur Central Hub');
    try {
      await vi.waitFor(
        async () =>
          expect((await track(other.app, trackingId)).body.events[1].hub.name.en).toBe('Mirpur Central Hub'),
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await rename('Mirpur Hub');
    }
  });

  it('still counts every read against the per-IP limit, kept or not', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    const ip = '203.0.113.77';
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push((await track(other.app, trackingId, ip)).status);
    expect(seen).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('does not keep an unknown tracking ID: a parcel booked later shows at once', async () => {
    expect((await track(other.app, 'DK99999999')).status).toBe(404);
    expect((await track(other.app, 'DK99999999')).status).toBe(404);
  });
});

describe('the tracking cache', () => {
  it('does not keep a read that a NOTIFY overtook (it may have read before the commit)', async () => {
    const cache = createTrackingCache({ ttlMs: 60_000 });
    let release: (json: string) => void = () => {};
    const first = cache.get('DK1', () => new Promise((resolve) => (release = resolve)));
    cache.heard('DK1');
    release('old');
    expect(await first).toBe('old');
    let loads = 0;
    expect(await cache.get('DK1', async () => `new ${++loads}`)).toBe('new 1');
    expect(await cache.get('DK1', async () => `new ${++loads}`)).toBe('new 1');
  });

  it('keeps an answer for its time only, shares one read among concurrent misses, and forgets all on *', async () => {
    let at = 0;
    const cache = createTrackingCache({ ttlMs: 5_000, now: () => at });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    const [a, b] = await Promise.all([cache.get('DK2', load), cache.get('DK2', load)]);
    expect([a, b, loads]).toEqual(['answer 1', 'answer 1', 1]);
    at = 4_999;
    expect(await cache.get('DK2', load)).toBe('answer 1');
    at = 5_000;
    expect(await cache.get('DK2', load)).toBe('answer 2');
    cache.heard('*');
    expect(cache.size).toBe(0);
    expect(await cache.get('DK2', load)).toBe('answer 3');
  });

  it('with no time to keep answers, reads every time', async () => {
    const cache = createTrackingCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get('DK3', async () => `${++loads}`);
    await cache.get('DK3', async () => `${++loads}`);
    expect(loads).toBe(2);
  });
});
