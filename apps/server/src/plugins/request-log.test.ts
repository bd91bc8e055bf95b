import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, registerMerchant, smsReceiver } from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { manualClock } from '../lib/clock';
import { maskPhonesInUrl } from './request-log';

/** The whole API with its real logger, writing into `lines` instead of stdout. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  const sms = smsReceiver();
  app = await buildApp({
    config,
    database,
    clock: manualClock(new Date('2026-11-22T06:00:00Z')),
    logStream: stream,
    onSmsSent: sms.onSmsSent,
  });
  sms.attach(app);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the request log (issue 11)', () => {
  it("never holds a customer's phone from a URL, however it is spelt or named", async () => {
    const merchant = await registerMerchant(app);
    const auth = { authorization: `Bearer ${merchant.token}` };
    const shop = `/api/v1/shops/${merchant.shop.id}`;
    const urls = [
      '/api/v1/tracking?invoiceId=INV-42&phone=01712345678',
      '/api/v1/tracking?phone=%2B8801712345678&invoiceId=INV-42',
      '/api/v1/dev/outbox?to=8801712345678&limit=1',
      `${shop}/customers/by-phone?phone=017-1234-5678`,
      `${shop}/customers/success-rate?phone=01712%20345678`,
      `${shop}/parcels?q=+880+1712+345678`,
    ];
    lines.length = 0;
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
    }
    const logged = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).filter((l) => l.req);
    expect(logged.map((l) => l.req?.url)).toEqual([
      '/api/v1/tracking?invoiceId=INV-42&phone=[phone]',
      '/api/v1/tracking?phone=[phone]&invoiceId=INV-42',
      '/api/v1/dev/outbox?to=[phone]&limit=1',
      `${shop}/customers/by-phone?phone=[phone]`,
      `${shop}/customers/success-rate?phone=[phone]`,
      `${shop}/parcels?q=[phone]`,
    ]);
    const all = lines.join('\n');
    for (const digits of ['1712345678', '1712-345678', '1712%20345678', '345678']) {
      expect(all).not.toContain(digits);
    }
  });

  it('leaves IDs, tracking IDs and other numbers as they were', () => {
    for (const url of [
      '/api/v1/shops/00000000-0000-4000-8000-017123456789/parcels?page=2&perPage=50',
      '/api/v1/tracking/DK7MQ2XH4BK',
      '/api/v1/parcels?q=INV017123456789',
      '/api/v1/areas?q=Mirpur%2010',
    ]) {
      expect(maskPhonesInUrl(url)).toBe(url);
    }
    expect(maskPhonesInUrl('/x/01712345678/y?a=%E0%A6%95&b=%ZZ01712345678&c=INV01712345678')).toBe(
      '/x/[phone]/y?a=%E0%A6%95&b=%ZZ[phone]&c=INV[phone]',
    );
  });

  it('logs the hot public reads only at warn and above; other requests at info, with their request id', async () => {
    lines.length = 0;
    const hot = [
      '/api/v1/districts',
      '/api/v1/areas/search?q=mirpur',
      '/api/v1/charge?pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan-1&weight=500',
      '/api/v1/tracking/DK99999999',
    ];
    for (const url of hot) {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'hot-read-1' } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(lines.filter((l) => l.includes('hot-read-1'))).toEqual([]);
    await app.inject({ method: 'GET', url: '/api/v1/zones', headers: { 'x-request-id': 'cold-read-1' } });
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
    expect(logged.filter((l) => l.reqId === 'cold-read-1').map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});
