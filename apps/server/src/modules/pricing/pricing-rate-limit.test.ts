import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/** The public calculator's per-IP limit, on answers it computes and on answers it kept (issue 16). */
const base = { pickupAreaId: 'dhaka-city--mirpur-10', deliveryAreaId: 'dhaka-city--gulshan', weight: '750' };
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { code: string } }).error;

describe('the public calculator’s rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_CHARGE_PER_IP_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('counts every call, kept answers too, under a limit large enough for leases (issue 16)', async () => {
    const roomy = await createTestApp({ RATE_CHARGE_PER_IP_PER_MINUTE: '40' });
    try {
      const call = () =>
        roomy.app.inject({
          method: 'GET',
          url: `/api/v1/charge?${new URLSearchParams(base)}`,
          remoteAddress: '203.0.113.9',
        });
      const first = await call();
      expect(first.statusCode).toBe(200);
      // Leases of a quarter of what is left: most of the 40 are answered from memory, each with
      // the first answer's body and headers (the security headers too), and each counted.
      const { date: _d, 'x-request-id': _id, ...headers } = first.headers;
      expect(headers['content-security-policy']).toBeDefined();
      let ok = 1;
      for (let i = 0; i < 45; i++) {
        const res = await call();
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBe(429);
          expect(errorOf(res).code).toBe('RATE_LIMITED');
          break;
        }
        ok += 1;
        expect(res.body).toBe(first.body);
        expect(res.headers).toMatchObject(headers);
        expect(res.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      }
      // A lease not spent before the window ends is lost, so never more than 40, at most a few less.
      expect(ok).toBeLessThanOrEqual(40);
      expect(ok).toBeGreaterThanOrEqual(36);
    } finally {
      await roomy.close();
    }
  });

  it('counts calls per IP per minute and answers 429 past the limit', async () => {
    const call = (remoteAddress: string) =>
      limited.app.inject({
        method: 'GET',
        url: `/api/v1/charge?${new URLSearchParams(base)}`,
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await call('203.0.113.7')).statusCode).toBe(200);
    const refused = await call('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    expect((await call('203.0.113.8')).statusCode).toBe(200);
    limited.clock.advance(60_000);
    expect((await call('203.0.113.7')).statusCode).toBe(200);
  });
});
