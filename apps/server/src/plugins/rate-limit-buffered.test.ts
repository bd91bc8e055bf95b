import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { AppError } from '../errors';
import { manualClock } from '../lib/clock';
import { createRateLimiter } from './rate-limit';
import { createBufferedRateLimiter } from './rate-limit-buffered';

/**
 * The hot routes' limiter: exact within a process, shared with every other process through the
 * database rows (two limiters here are two processes), and a window that slides.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function limiter(clock = manualClock(new Date('2026-11-26T10:00:00Z'))) {
  const db = t.database.db;
  const buffered = createBufferedRateLimiter({ db, clock, exact: createRateLimiter({ db, clock }) });
  return { buffered, clock };
}

async function refusal(promise: Promise<void>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('RATE_LIMITED');
  return (error as AppError).details as { retryAfterSeconds: number };
}

const hitsOf = async (key: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the buffered rate limiter', () => {
  it('refuses the hit past the limit in one process, with Retry-After, and writes the hits on flush', async () => {
    const { buffered, clock } = limiter();
    for (let i = 0; i < 3; i++) await buffered.consume('test:one', 3, 60);
    const refused = await refusal(buffered.consume('test:one', 3, 60));
    expect(refused.retryAfterSeconds).toBe(60);
    expect(await hitsOf('test:one')).toBe(0);
    await buffered.flush();
    expect(await hitsOf('test:one')).toBe(3);
    // The window slides: 30 s on, still closed; past a minute, open again.
    clock.advance(30_000);
    expect((await refusal(buffered.consume('test:one', 3, 60))).retryAfterSeconds).toBe(30);
    clock.advance(30_001);
    await buffered.consume('test:one', 3, 60);
    await buffered.flush();
    expect(await hitsOf('test:one')).toBe(4);
  });

  it("counts another process's hits once they are written", async () => {
    const start = new Date('2026-11-26T11:00:00Z');
    const a = limiter(manualClock(start));
    const b = limiter(manualClock(start));
    await a.buffered.consume('test:shared', 3, 60);
    await a.buffered.consume('test:shared', 3, 60);
    await a.buffered.flush();
    // B reads the key on its first hit: two are taken, one is left.
    await b.buffered.consume('test:shared', 3, 60);
    await refusal(b.buffered.consume('test:shared', 3, 60));
    await b.buffered.flush();
    // A's count is refreshed at its next flush (or when it is older than a second).
    await a.buffered.flush();
    await refusal(a.buffered.consume('test:shared', 3, 60));
    expect(await hitsOf('test:shared')).toBe(3);
  });

  it('never writes a hit twice when a first read and a flush overlap', async () => {
    const { buffered } = limiter();
    await Promise.all([
      ...Array.from({ length: 20 }, () => buffered.consume('test:race', 100, 60)),
      buffered.flush(),
      buffered.flush(),
    ]);
    await Promise.all([buffered.flush(), buffered.consume('test:race', 100, 60), buffered.flush()]);
    await buffered.flush();
    expect(await hitsOf('test:race')).toBe(21);
  });
});
