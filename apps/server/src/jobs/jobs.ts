import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Transaction } from 'kysely';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { DB } from '../db/schema';
import { transactionIdOf } from './jobs.repository';

/**
 * Background jobs, queued in PostgreSQL by pg-boss (schema `pgboss`, installed by pg-boss on first
 * start). One small file per job in this folder: its name, what sends it (`trigger`), its data
 * schema, an optional cron schedule, and `run`. Modules send jobs by name; app.ts registers the
 * definitions. Modes (config JOBS):
 * - `in-process` (default): this process sends, works and schedules jobs;
 * - `send-only`: this process only sends; a `worker` process (`npm run worker`) works them;
 * - `inline` (tests only): `send` runs the job at once in this process, without the queue, and
 *   `idle()` waits for it. The queue itself is covered by the tests that start in-process.
 * `sendWithin` queues in the caller's transaction (pg-boss's `db` option), so a job and the change
 * it follows are committed together or not at all: a move's follow-ups (SMS) are never lost after
 * a commit nor sent for a move that rolled back.
 */
export type JobDefinition<T> = {
  name: string;
  /** What sends it: a route, another job, or the schedule. */
  trigger: string;
  data: z.ZodType<T>;
  /** A cron line for jobs that run on a schedule, read in `tz` (UTC unless given). */
  cron?: string;
  /** The time zone of `cron` (an IANA name, e.g. 'Asia/Dhaka'). */
  tz?: string;
  /** Tries after the first failure; 0 for jobs whose failure is recorded by the job itself. */
  retryLimit?: number;
  /** How long one run may take before pg-boss gives up on it. */
  expireInSeconds?: number;
  /**
   * How many of this job one process runs at once (default 1): for jobs that mostly wait on
   * someone else (a webhook receiver), so one slow receiver does not hold up the queue.
   */
  concurrency?: number;
  /** `jobId` stays the same across the retries of one job (a key for work done at most once). */
  run(data: T, context: { jobId: string }): Promise<void>;
};

/**
 * A job the schedule sends (no data): its name, how often (`trigger`, for people; `cron`, UTC) and
 * what it does.
 */
export function scheduledJob(job: {
  name: string;
  trigger: string;
  cron: string;
  tz?: string;
  run: () => Promise<unknown>;
}): JobDefinition<object> {
  return {
    name: job.name,
    trigger: job.trigger,
    cron: job.cron,
    ...(job.tz ? { tz: job.tz } : {}),
    data: z.object({}),
    run: async () => {
      await job.run();
    },
  };
}

export type JobsMode = 'in-process' | 'send-only' | 'inline';

export type Jobs = {
  readonly mode: JobsMode;
  // biome-ignore lint/suspicious/noExplicitAny: definitions of any data type live in one list.
  register(definition: JobDefinition<any>): void;
  /** Whether a job of this name is registered. */
  has(name: string): boolean;
  /** Queues a job (its data checked against the job's schema); returns the job id. */
  send(name: string, data: unknown): Promise<string>;
  /**
   * Queues a job in the caller's transaction: it exists, and runs, only once that transaction has
   * committed (inline mode too: the run waits for the commit, and is dropped on a rollback).
   */
  sendWithin(trx: Transaction<DB>, name: string, data: unknown): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Waits until no job sent so far is running (inline mode; a no-op otherwise but for wake-ups). */
  idle(): Promise<void>;
};

export function createJobs(deps: {
  pool: pg.Pool;
  mode: JobsMode;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for work; sending in-process wakes it at once anyway. */
  pollingIntervalSeconds?: number;
  /**
   * How often a working process fails jobs past their expiry (a worker that died mid-job), so
   * they are retried; pg-boss's maintenance interval (config JOBS_SUPERVISE_SECONDS).
   */
  superviseSeconds?: number;
  /** The first wait before a failed job is tried again, doubled each time (JOBS_RETRY_DELAY_SECONDS). */
  retryDelaySeconds?: number;
}): Jobs {
  const { mode, log } = deps;
  // biome-ignore lint/suspicious/noExplicitAny: see register.
  const definitions = new Map<string, JobDefinition<any>>();
  const workerIds = new Map<string, string>();
  const running = new Set<Promise<void>>();
  let boss: PgBoss | undefined;
  let started = false;

  function definitionOf(name: string) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`unknown job ${name}`);
    return definition;
  }

  // biome-ignore lint/suspicious/noExplicitAny: see register.
  async function runOne(definition: JobDefinition<any>, id: string, data: unknown) {
    const started = Date.now();
    try {
      await definition.run(definition.data.parse(data), { jobId: id });
      log.info({ job: definition.name, jobId: id, ms: Date.now() - started }, 'job done');
    } catch (error) {
      log.error({ job: definition.name, jobId: id, err: error }, 'job failed');
      throw error;
    }
  }

  function track(work: Promise<void>) {
    const tracked = work.catch(() => {}).finally(() => running.delete(tracked));
    running.add(tracked);
  }

  /**
   * Resolves once the transaction has ended: true if it committed. Asked of PostgreSQL
   * (pg_xact_status) on the pool, shortly and then less often; transactions that send jobs are
   * short, and after a minute the answer is taken as "not committed" (the queue still has it).
   */
  async function committed(xid: string): Promise<boolean> {
    const deadline = Date.now() + 60_000;
    for (let wait = 2; Date.now() < deadline; wait = Math.min(wait * 2, 50)) {
      const { rows } = await deps.pool.query<{ status: string | null }>(
        'select pg_xact_status($1::xid8) as status',
        [xid],
      );
      const status = rows[0]?.status;
      if (status !== 'in progress') return status === 'committed';
      await new Promise((r) => setTimeout(r, wait));
    }
    log.warn({ xid }, 'a transaction that sent a job is still open after a minute');
    return false;
  }

  return {
    mode,
    register(definition) {
      if (started) throw new Error('register jobs before start');
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
      definitions.set(definition.name, definition);
    },

    has(name) {
      return definitions.has(name);
    },

    async send(name, data) {
      const definition = definitionOf(name);
      const parsed = definition.data.parse(data);
      if (mode === 'inline') {
        const id = randomUUID();
        track(runOne(definition, id, parsed));
        return id;
      }
      if (!boss || !started) throw new Error('jobs are not started');
      const id = await boss.send(name, parsed as object);
      if (!id) throw new Error(`pg-boss did not queue ${name}`);
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },

    async sendWithin(trx, name, data) {
      const definition = definitionOf(name);
      const parsed = definition.data.parse(data);
      if (mode === 'inline') {
        const id = randomUUID();
        const xid = await transactionIdOf(trx);
        track(
          committed(xid).then((yes) => {
            if (yes) return runOne(definition, id, parsed);
          }),
        );
        return id;
      }
      if (!boss || !started) throw new Error('jobs are not started');
      const id = await boss.send(name, parsed as object, {
        db: { executeSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values)) },
      });
      if (!id) throw new Error(`pg-boss did not queue ${name}`);
      const workerId = workerIds.get(name);
      if (workerId) {
        // The worker would find the job at its next poll; woken after the commit, it runs now.
        const xid = await transactionIdOf(trx);
        track(
          committed(xid).then((yes) => {
            if (yes && boss) boss.notifyWorker(workerId);
          }),
        );
      }
      return id;
    },

    async start() {
      if (started) return;
      started = true;
      if (mode === 'inline') return;
      const working = mode === 'in-process';
      boss = new PgBoss({
        db: { executeSql: (text, values) => deps.pool.query(text, values) },
        schema: 'pgboss',
        // Only a process that works jobs also maintains the queues and fires schedules.
        supervise: working,
        schedule: working,
        maintenanceIntervalSeconds: deps.superviseSeconds ?? 60,
        // Finished jobs move to pgboss.archive after a minute, not pg-boss's 12 hours: every
        // fetch scans its queue's partition of pgboss.job, finished jobs included, so the fetch
        // grew with the day (29 % of PostgreSQL's time in the day bench at 12 h; still 83 % at a
        // quarter of the day with 5 minutes, 17 000 finished SMS jobs read by every fetch).
        archiveCompletedAfterSeconds: 60,
      });
      boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
      await boss.start();
      for (const definition of definitions.values()) {
        const policy = {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 2,
          retryDelay: deps.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        };
        await boss.createQueue(definition.name, policy);
        // A queue made by an earlier start keeps its settings; the configured ones win.
        await boss.updateQueue(definition.name, policy);
        if (!working) continue;
        const workerId = await boss.work(
          definition.name,
          {
            pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2,
            batchSize: definition.concurrency ?? 1,
          },
          async (jobs) => {
            if (jobs.length === 1) {
              const [job] = jobs;
              if (job) await runOne(definition, job.id, job.data);
            } else {
              // A batch runs at once; each job that failed is failed on its own (so it is retried
              // by its policy), and the rest are completed when this returns.
              const outcomes = await Promise.allSettled(
                jobs.map((job) => runOne(definition, job.id, job.data)),
              );
              for (const [i, outcome] of outcomes.entries()) {
                const job = jobs[i];
                if (outcome.status === 'rejected' && job && boss) {
                  await boss.fail(definition.name, job.id, { message: String(outcome.reason) });
                }
              }
            }
            // pg-boss waits a whole polling interval after every fetch, even with more queued: a
            // backlog (a delivery run's 40 SMS) would drain at one job per interval. Having found
            // work, fetch again at once; an empty fetch waits as usual.
            const self = workerIds.get(definition.name);
            if (self && boss) boss.notifyWorker(self);
          },
        );
        workerIds.set(definition.name, workerId);
        if (definition.cron)
          await boss.schedule(definition.name, definition.cron, {}, { tz: definition.tz ?? 'UTC' });
        else await boss.unschedule(definition.name).catch(() => {});
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      await Promise.allSettled([...running]);
      if (boss) {
        // Waits (up to the timeout) for running jobs; unfinished ones are failed and retried later.
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
        boss = undefined;
      }
      workerIds.clear();
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
