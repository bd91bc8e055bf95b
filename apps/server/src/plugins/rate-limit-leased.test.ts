import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { AppError } from '../errors';
import { manualClock } from '../lib/clock';
import { createRateLimiter } from './rate-limit';
import { createLeasedRateLimiter } from './rate-limit-leased';

/**
 * The hot routes' limiter: never past the limit, across processes too (two limiters here are two
 * processes on one database), a window that slides, and far fewer transactions than requests.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function limiter(clock = manualClock(new Date('2026-11-26T10:00:00Z')), maxLease?: number) {
  const db = t.database.db;
  return {
    leased: createLeasedRateLimiter({ db, clock, exact: createRateLimiter({ db, clock }), maxLease }),
    clock,
  };
}

async function outcome(promise: Promise<void>): Promise<number | 'ok'> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error === null) return 'ok';
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('RATE_LIMITED');
  return ((error as AppError).details as { retryAfterSeconds: number }).retryAfterSeconds;
}

/** The key's hits in the table (a lease row holds several) and how many rows carry them. */
const hitsOf = async (key: string) => {
  const row = await t.database.db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll<string>().as('rows'), eb.fn.sum<string>('hits').as('hits')])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), hits: Number(row.hits ?? 0) };
};

describe('the leased rate limiter', () => {
  it('lets exactly the limit through across two processes taking turns, then refuses with Retry-After', async () => {
    const start = new Date('2026-11-26T11:00:00Z');
    const a = limiter(manualClock(start));
    const b = limiter(manualClock(start));
    const seen: (number | 'ok')[] = [];
    for (let i = 0; i < 12; i++)
      seen.push(await outcome((i % 2 ? b : a).leased.consume('test:turns', 10, 60)));
    expect(seen.slice(0, 10)).toEqual(Array(10).fill('ok'));
    expect(seen.slice(10)).toEqual([60, 60]);
    expect((await hitsOf('test:turns')).hits).toBe(10);
  });

  it('slides: past the window the key opens again', async () => {
    const { leased, clock } = limiter();
    for (let i = 0; i < 3; i++) expect(await outcome(leased.consume('test:slide', 3, 60))).toBe('ok');
    clock.advance(30_000);
    expect(await outcome(leased.consume('test:slide', 3, 60))).toBe(30);
    clock.advance(30_001);
    expect(await outcome(leased.consume('test:slide', 3, 60))).toBe('ok');
  });

  it('answers a busy key from memory: 1 000 hits under a large limit take a handful of writes, and none is lost', async () => {
    const { leased } = limiter();
    for (let i = 0; i < 1_000; i++) await leased.consume('test:busy', 1_000_000, 60);
    // Leases of up to 100 hits, one row each, each counted for everyone; the tenth lease, half
    // spent, has had the eleventh taken ahead (in the background: waited for here).
    await vi.waitFor(async () => expect(await hitsOf('test:busy')).toEqual({ rows: 11, hits: 1_100 }));
    const other = limiter().leased;
    // Another process sees them all at once: with 1 100 counted, a limit of 1 100 is full.
    expect(await outcome(other.consume('test:busy', 1_100, 60))).toBe(60);
  });

  it('takes leases as large as the cap the app sets, still a quarter of what is left at most', async () => {
    // The app's cap (1 000): 1 000 hits under a large limit are one lease and the next, ahead.
    const big = limiter(undefined, 1_000).leased;
    for (let i = 0; i < 1_000; i++) await big.consume('test:cap', 1_000_000, 60);
    await vi.waitFor(async () => expect(await hitsOf('test:cap')).toEqual({ rows: 2, hits: 2_000 }));
    // Under a real limit (60 a minute) the quarter rule, not the cap, sizes the lease.
    await big.consume('test:cap-small', 60, 60);
    expect(await hitsOf('test:cap-small')).toEqual({ rows: 1, hits: 15 });
  });

  it('takes a busy key’s next lease before the current one runs out, so no request waits for it', async () => {
    const { leased } = limiter();
    for (let i = 0; i < 50; i++) await leased.consume('test:ahead', 1_000_000, 60);
    // Half of the first lease spent: the second is written without a request asking for it.
    await vi.waitFor(async () => expect(await hitsOf('test:ahead')).toEqual({ rows: 2, hits: 200 }));
    // The next 150 requests are served from the two leases held; the third lease is taken ahead.
    for (let i = 0; i < 150; i++) await leased.consume('test:ahead', 1_000_000, 60);
    await vi.waitFor(async () => expect(await hitsOf('test:ahead')).toEqual({ rows: 3, hits: 300 }));
  });

  it('counts a hit at once with a lease in hand (consumeHeld), and leaves the rest to consume', async () => {
    const { leased, clock } = limiter();
    // No lease yet: nothing counted, the caller must consume (which takes one).
    expect(leased.consumeHeld?.('test:held', 40, 60)).toBe(false);
    expect(await hitsOf('test:held')).toEqual({ rows: 0, hits: 0 });
    let served = 0;
    for (let i = 0; i < 60; i++) {
      if (leased.consumeHeld?.('test:held', 40, 60)) served += 1;
      else if ((await outcome(leased.consume('test:held', 40, 60))) === 'ok') served += 1;
    }
    // Leases of a quarter of what is left, most hits spent without a promise, never past 40.
    expect(served).toBeLessThanOrEqual(40);
    expect(served).toBeGreaterThanOrEqual(36);
    await vi.waitFor(async () => expect((await hitsOf('test:held')).hits).toBeLessThanOrEqual(40));
    // A lease whose window ended is not spent.
    clock.advance(60_000);
    expect(leased.consumeHeld?.('test:held', 40, 60)).toBe(false);
  });

  it('never lets two processes racing on one key past the limit together', async () => {
    const start = new Date('2026-11-26T12:00:00Z');
    const processes = [limiter(manualClock(start)), limiter(manualClock(start)), limiter(manualClock(start))];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        outcome((processes[i % 3] as ReturnType<typeof limiter>).leased.consume('test:race', 40, 60)),
      ),
    );
    expect(results.filter((r) => r === 'ok').length).toBeLessThanOrEqual(40);
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(30);
    expect((await hitsOf('test:race')).hits).toBeLessThanOrEqual(40);
  });
});
