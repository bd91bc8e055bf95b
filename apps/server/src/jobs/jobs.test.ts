import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/helpers';
import { createJobs, type Jobs } from './jobs';

/** The queue itself: pg-boss on the test's own real PostgreSQL database. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A job's state in pg-boss, as a worker in another process would see it. */
async function stateOf(id: string): Promise<string | undefined> {
  return (await database.pool.query('select state from pgboss.job where id = $1', [id])).rows[0]?.state;
}

/** Waits (polling) until the job is in `state`. */
async function expectState(id: string, state: string) {
  await expect.poll(() => stateOf(id), { timeout: 10_000, interval: 200 }).toBe(state);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('jobs in-process (pg-boss)', () => {
  let jobs: Jobs;
  const seen: string[] = [];
  const done = deferred<string>();
  let failures = 0;

  beforeAll(async () => {
    jobs = createJobs({ pool: database.pool, mode: 'in-process', log, pollingIntervalSeconds: 1 });
    jobs.register({
      name: 'say-hello',
      trigger: 'test',
      data: z.object({ name: z.string().min(1) }),
      run: async ({ name }) => {
        seen.push(name);
        done.resolve(name);
      },
    });
    jobs.register({
      name: 'always-fails',
      trigger: 'test',
      data: z.object({}),
      retryLimit: 0,
      run: async () => {
        failures += 1;
        throw new Error('boom');
      },
    });
    jobs.register({
      name: 'tidy-up',
      trigger: 'schedule',
      cron: '17 * * * *',
      data: z.object({}),
      run: async () => {},
    });
    await jobs.start();
  });
  afterAll(() => jobs.stop());

  it('installs pg-boss in its own schema and queues each registered job', async () => {
    const queues = await database.pool.query<{ name: string }>(
      "select name from pgboss.queue where name not like '__pgboss%' order by name",
    );
    expect(queues.rows.map((q) => q.name)).toEqual(['always-fails', 'say-hello', 'tidy-up']);
    const schedules = await database.pool.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule',
    );
    expect(schedules.rows).toEqual([{ name: 'tidy-up', cron: '17 * * * *' }]);
  });

  it('runs a sent job in this process and marks it completed', async () => {
    const id = await jobs.send('say-hello', { name: 'Karim' });
    expect(await done.promise).toBe('Karim');
    expect(seen).toEqual(['Karim']);
    await expectState(id, 'completed');
  });

  it('records a job that throws as failed', async () => {
    const id = await jobs.send('always-fails', {});
    await expectState(id, 'failed');
    expect(failures).toBe(1);
  });

  it('refuses data that does not fit the job, and unknown jobs, before queueing', async () => {
    await expect(jobs.send('say-hello', { name: '' })).rejects.toThrow();
    await expect(jobs.send('no-such-job', {})).rejects.toThrow('unknown job no-such-job');
    const queued = await database.pool.query(
      "select count(*)::int as n from pgboss.job where name = 'say-hello' and state = 'created'",
    );
    expect(queued.rows[0].n).toBe(0);
  });

  it('refuses new definitions once started', () => {
    expect(() =>
      jobs.register({ name: 'late', trigger: 'test', data: z.object({}), run: async () => {} }),
    ).toThrow('register jobs before start');
  });
});

describe('jobs sent in a transaction (in-process)', () => {
  let jobs: Jobs;
  const seen: string[] = [];

  beforeAll(async () => {
    // A slow poll: a job run within seconds was woken by the commit, not found by polling.
    jobs = createJobs({ pool: database.pool, mode: 'in-process', log, pollingIntervalSeconds: 30 });
    jobs.register({
      name: 'greet-after-commit',
      trigger: 'test',
      data: z.object({ name: z.string().min(1) }),
      run: async ({ name }) => {
        seen.push(name);
      },
    });
    await jobs.start();
  });
  afterAll(() => jobs.stop());

  it('runs the job after the commit, woken at once, and never after a rollback', async () => {
    const committed = await database.db.transaction().execute(async (trx) => {
      const id = await jobs.sendWithin(trx, 'greet-after-commit', { name: 'Rahim' });
      // Not visible to anyone else, so not worked, while the transaction is open.
      const outside = await database.pool.query('select 1 from pgboss.job where id = $1', [id]);
      expect(outside.rowCount).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
      return id;
    });
    await expect.poll(() => seen, { timeout: 3000, interval: 20 }).toEqual(['Rahim']);
    await expectState(committed, 'completed');

    let rolledBack = '';
    await expect(
      database.db.transaction().execute(async (trx) => {
        rolledBack = await jobs.sendWithin(trx, 'greet-after-commit', { name: 'Never' });
        throw new Error('the move was refused');
      }),
    ).rejects.toThrow('the move was refused');
    expect(rolledBack).not.toBe('');
    const gone = await database.pool.query('select 1 from pgboss.job where id = $1', [rolledBack]);
    expect(gone.rowCount).toBe(0);
    await jobs.idle();
    expect(seen).toEqual(['Rahim']);
  });
});

describe('jobs send-only', () => {
  it('queues without working: the job waits in pg-boss for a worker process', async () => {
    let ran = false;
    const sender = createJobs({ pool: database.pool, mode: 'send-only', log });
    sender.register({
      name: 'later',
      trigger: 'test',
      data: z.object({}),
      run: async () => {
        ran = true;
      },
    });
    await sender.start();
    const id = await sender.send('later', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stateOf(id)).toBe('created');
    expect(ran).toBe(false);
    await sender.stop();

    // A worker (in-process) picks it up.
    const worker = createJobs({ pool: database.pool, mode: 'in-process', log, pollingIntervalSeconds: 0.5 });
    const finished = deferred<void>();
    worker.register({
      name: 'later',
      trigger: 'test',
      data: z.object({}),
      run: async () => {
        ran = true;
        finished.resolve();
      },
    });
    await worker.start();
    await finished.promise;
    expect(ran).toBe(true);
    await worker.stop();
  });
});

describe('a worker process with a backlog', () => {
  it('works queued jobs one after another without waiting a polling interval between them', async () => {
    const sender = createJobs({ pool: database.pool, mode: 'send-only', log });
    const job = { name: 'backlog', trigger: 'test', data: z.object({ n: z.number() }) };
    sender.register({ ...job, run: async () => {} });
    await sender.start();
    for (let n = 0; n < 12; n++) await sender.send('backlog', { n });
    await sender.stop();

    // A 5 s interval: twelve jobs one per interval would take a minute.
    const worker = createJobs({ pool: database.pool, mode: 'in-process', log, pollingIntervalSeconds: 5 });
    const done: number[] = [];
    const all = deferred<void>();
    worker.register({
      ...job,
      run: async ({ n }) => {
        done.push(n);
        if (done.length === 12) all.resolve();
      },
    });
    await worker.start();
    const waited = await Promise.race([
      all.promise.then(() => 'all done'),
      new Promise((r) => setTimeout(() => r(`${done.length} of 12 done`), 20_000)),
    ]);
    await worker.stop();
    expect(waited).toBe('all done');
  }, 40_000);
});

describe('jobs inline (tests)', () => {
  it('runs the job right after sending and idle() waits for it', async () => {
    const jobs = createJobs({ pool: database.pool, mode: 'inline', log });
    const seen: number[] = [];
    jobs.register({
      name: 'count',
      trigger: 'test',
      data: z.object({ n: z.number() }),
      run: async ({ n }) => {
        await new Promise((r) => setTimeout(r, 20));
        seen.push(n);
      },
    });
    await jobs.start();
    await jobs.send('count', { n: 1 });
    await jobs.send('count', { n: 2 });
    await jobs.idle();
    expect(seen.sort()).toEqual([1, 2]);
    await jobs.stop();
  });

  it('runs a job sent in a transaction only once it commits, and drops it on a rollback', async () => {
    const jobs = createJobs({ pool: database.pool, mode: 'inline', log });
    const seen: number[] = [];
    jobs.register({
      name: 'count',
      trigger: 'test',
      data: z.object({ n: z.number() }),
      run: async ({ n }) => {
        seen.push(n);
      },
    });
    await jobs.start();
    await database.db.transaction().execute(async (trx) => {
      await jobs.sendWithin(trx, 'count', { n: 1 });
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([]);
    });
    await jobs.idle();
    expect(seen).toEqual([1]);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await jobs.sendWithin(trx, 'count', { n: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await jobs.idle();
    expect(seen).toEqual([1]);
    await expect(
      database.db.transaction().execute((trx) => jobs.sendWithin(trx, 'count', { n: 'three' })),
    ).rejects.toThrow();
    await jobs.stop();
  });
});

describe('a job with concurrency', () => {
  it('runs a batch at once, completes the good ones and fails the bad one on its own', async () => {
    let inFlight = 0;
    let most = 0;
    const gate = deferred<void>();
    const definition = {
      name: 'wait-on-receiver',
      trigger: 'test',
      data: z.object({ n: z.number() }),
      retryLimit: 0,
      concurrency: 5,
      run: async ({ n }: { n: number }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        if (most >= 3) gate.resolve();
        await Promise.race([gate.promise, new Promise((r) => setTimeout(r, 3_000))]);
        inFlight -= 1;
        if (n === 2) throw new Error('receiver said no');
      },
    };
    // Queued by another process before the worker starts, so its first fetch takes them together.
    const sender = createJobs({ pool: database.pool, mode: 'send-only', log });
    sender.register(definition);
    await sender.start();
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(await sender.send('wait-on-receiver', { n }));
    await sender.stop();
    const jobs = createJobs({ pool: database.pool, mode: 'in-process', log, pollingIntervalSeconds: 1 });
    jobs.register(definition);
    await jobs.start();
    try {
      for (const [n, id] of ids.entries()) await expectState(id, n === 2 ? 'failed' : 'completed');
      expect(most).toBeGreaterThanOrEqual(3);
    } finally {
      await jobs.stop();
    }
  });
});
