import { readFileSync } from 'node:fs';
import type { AddressPrediction } from '@dak/domain/address-prediction';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { DB } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import type { GazetteerRows, PostcodeRow } from './address-gazetteer';
import { createAddressPredictionService } from './address-prediction.service';

type ErrorBody = { error: { code: string; message: string; details?: { fields: { path: string }[] } } };

const predict = (t: TestApp, payload: unknown, remoteAddress = '198.51.100.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/areas/predict', payload: payload as object, remoteAddress });

describe('POST /areas/predict', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads an English address into its area and district, not cached', async () => {
    const res = await predict(t, { address: 'House 12, Road 5, Mirpur 10 golchottor er pashe, Dhaka 1216' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<AddressPrediction>();
    expect(body).toMatchObject({ areaId: 'dhaka-city--mirpur-10', districtId: 'dhaka' });
    expect(body.confidence).toBeGreaterThan(0.5);
    expect(body.candidates[0]).toEqual({
      areaId: 'dhaka-city--mirpur-10',
      districtId: 'dhaka',
      score: expect.any(Number),
      matched: expect.stringContaining('mirpur'),
    });
  });

  it('reads a Bengali address', async () => {
    const res = await predict(t, { address: 'বাসা ১৫, রোড ৩, উত্তরা সেক্টর ৭, ঢাকা' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ areaId: 'dhaka-city--uttara-west', districtId: 'dhaka' });
  });

  it('answers nulls when nothing credible names a place, and the district alone when only it is named', async () => {
    const nothing = await predict(t, { address: 'please call before coming' });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toEqual({ districtId: null, areaId: null, confidence: 0, candidates: [] });
    const districtOnly = await predict(t, { address: 'Dhaka' });
    expect(districtOnly.json()).toMatchObject({ districtId: 'dhaka', areaId: null });
  });

  it('refuses a missing, empty or too long address with 400 in the error shape', async () => {
    for (const payload of [
      {},
      { address: '' },
      { address: '   ' },
      { address: 'x'.repeat(501) },
      { address: 42 },
    ]) {
      const res = await predict(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details?.fields[0]?.path).toBe('body.address');
    }
    expect((await predict(t, { address: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it('lives beside the area list and search without clashing with them', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/v1/areas/search?q=mirpur' });
    expect(search.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/areas?districtId=dhaka' });
    expect(list.statusCode).toBe(200);
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/api/v1/areas/predict' });
    expect(wrongMethod.statusCode).toBe(404);
  });
});

describe('the rate limit of /areas/predict', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_AREA_PREDICT_PER_IP_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('counts calls per IP per minute and answers 429 past the limit', async () => {
    const body = { address: 'Chawkbazar, Ctg' };
    for (let i = 0; i < 3; i++) expect((await predict(limited, body, '203.0.113.7')).statusCode).toBe(200);
    const refused = await predict(limited, body, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('RATE_LIMITED');
    expect((await predict(limited, body, '203.0.113.8')).statusCode).toBe(200);
    limited.clock.advance(60_000);
    expect((await predict(limited, body, '203.0.113.7')).statusCode).toBe(200);
  });
});

describe('the address index cache', () => {
  const seed = <T>(name: string): T =>
    JSON.parse(readFileSync(new URL(`../../db/seed/geo/${name}.json`, import.meta.url), 'utf8')) as T;
  const rows: GazetteerRows = {
    divisions: seed('divisions'),
    districts: seed('districts'),
    areas: seed('areas'),
  };
  const postcodes = seed<PostcodeRow[]>('postcodes');

  function setUp(options: { fail?: boolean } = {}) {
    const clock = manualClock(new Date('2026-11-22T06:00:00Z'));
    let loads = 0;
    let fail = options.fail ?? false;
    const service = createAddressPredictionService({
      db: {} as Kysely<DB>,
      clock,
      rateLimiter: { consume: async () => {} },
      limits: { areaPredictPerIpPerMinute: 100 },
      repo: {
        async loadGazetteerRows() {
          loads += 1;
          if (fail) throw new Error('database down');
          return rows;
        },
      },
      loadPostcodes: async () => postcodes,
      ttlMs: 1000,
    });
    return {
      service,
      clock,
      loads: () => loads,
      recover: () => {
        fail = false;
      },
    };
  }
  const ask = (service: ReturnType<typeof setUp>['service']) =>
    service.predict({ address: 'Mirpur 10', ip: '1.2.3.4' });

  it('builds the index once, shares it between concurrent requests, and rebuilds after the TTL', async () => {
    const { service, clock, loads } = setUp();
    const [a, b] = await Promise.all([ask(service), ask(service)]);
    expect(a.areaId).toBe('dhaka-city--mirpur-10');
    expect(b).toEqual(a);
    await ask(service);
    expect(loads()).toBe(1);
    clock.advance(999);
    await ask(service);
    expect(loads()).toBe(1);
    clock.advance(1);
    await ask(service);
    expect(loads()).toBe(2);
    service.invalidate();
    await ask(service);
    expect(loads()).toBe(3);
  });

  it('does not keep a failed build: the next request tries again', async () => {
    const { service, loads, recover } = setUp({ fail: true });
    await expect(ask(service)).rejects.toThrow('database down');
    recover();
    expect((await ask(service)).areaId).toBe('dhaka-city--mirpur-10');
    expect(loads()).toBe(2);
  });
});
