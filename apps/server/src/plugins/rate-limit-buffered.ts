import { messages } from '@dak/domain/errors';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';
import type { RateLimiter } from './rate-limit';
import { createRateLimitRepository } from './rate-limit.repository';

/**
 * The same sliding-window limits as rate-limit.ts, shared by every process through the same
 * `rate_limit_hits` rows, for the hot routes where a transaction per request would be most of the
 * request's cost (public tracking, the charge calculator, the coverage search, API keys: issue 16).
 *
 * Each process counts its own hits in memory, exactly, and writes them in one statement every
 * `flushMs`, reading back every active key's count in the window in the same round. A request
 * costs no query unless its key is new here or its count is older than `staleMs` (then one
 * read). What a process does not see is the other processes' hits since its last read, at most
 * `flushMs` old: a few hits of slack on a per-minute limit, never more than one flush's worth.
 * Sign-in, OTP and password limits stay on the exact limiter.
 */
export type BufferedRateLimiter = RateLimiter & {
  /** Writes this process's counted hits and refreshes every active key's count. */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

type Entry = {
  windowSeconds: number;
  /** Hits in the window when last read from the database (this process's written ones included). */
  known: number;
  /** The oldest hit in the window at that read, for Retry-After. */
  oldestKnown: number | null;
  /** When (clock ms) the count was read. */
  readAt: number;
  /** This process's hits since that read, not yet in `known` (ms). */
  local: number[];
  reading?: Promise<void>;
};

export function createBufferedRateLimiter(deps: {
  db: Kysely<DB>;
  clock: Clock;
  /** The exact limiter, for everything but `consume` (nothing on the hot path uses the rest). */
  exact: RateLimiter;
  flushMs?: number;
  staleMs?: number;
  log?: { warn(obj: object, message: string): void };
}): BufferedRateLimiter {
  const { clock } = deps;
  const repo = createRateLimitRepository(deps.db);
  const flushMs = deps.flushMs ?? 200;
  const staleMs = deps.staleMs ?? 1_000;
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  // One sync at a time: two at once would both write the same counted hits.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => {});
    return next;
  };

  /** Writes the hits of `keys` counted here, then reads their counts in their windows: one round each. */
  async function sync(keys: string[]) {
    const now = clock.now().getTime();
    const taken = new Map<string, number>();
    const rows: { key: string; at: Date }[] = [];
    for (const key of keys) {
      const entry = entries.get(key);
      if (!entry) continue;
      taken.set(key, entry.local.length);
      for (const at of entry.local) rows.push({ key, at: new Date(at) });
    }
    await repo.insertHits(rows);
    const since = keys.map((key) => new Date(now - (entries.get(key)?.windowSeconds ?? 0) * 1000));
    for (const row of await repo.countsSince(keys, since)) {
      const entry = entries.get(row.key);
      if (!entry) continue;
      entry.known = row.hits;
      entry.oldestKnown = row.oldest?.getTime() ?? null;
      entry.readAt = now;
      // The hits written in this round are in `known` now; later ones stay local.
      entry.local = entry.local.slice(taken.get(row.key) ?? 0);
    }
  }

  async function flushAll() {
    const now = clock.now().getTime();
    for (const [key, entry] of entries) {
      // A key nobody asked for in a whole window is forgotten here (it is still in the table).
      if (entry.local.length === 0 && now - entry.readAt > entry.windowSeconds * 1000) entries.delete(key);
    }
    if (entries.size > 0) await serial(() => sync([...entries.keys()]));
  }

  function flush(): Promise<void> {
    flushing ??= flushAll().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  async function fresh(key: string, windowSeconds: number): Promise<Entry> {
    let entry = entries.get(key);
    if (!entry) {
      entry = { windowSeconds, known: 0, oldestKnown: null, readAt: Number.NEGATIVE_INFINITY, local: [] };
      entries.set(key, entry);
    }
    entry.windowSeconds = Math.max(entry.windowSeconds, windowSeconds);
    if (clock.now().getTime() - entry.readAt > staleMs) {
      const current = entry;
      current.reading ??= serial(() => sync([key])).finally(() => {
        current.reading = undefined;
      });
      await current.reading;
      // Forgotten by a flush meanwhile (idle for a window): start again with a new entry.
      if (entries.get(key) !== current) return fresh(key, windowSeconds);
    }
    return entry;
  }

  return {
    async consume(key, limit, windowSeconds) {
      const entry = await fresh(key, windowSeconds);
      const now = clock.now().getTime();
      const hits = entry.known + entry.local.length;
      if (hits >= limit) {
        const oldest = entry.oldestKnown ?? entry.local[0] ?? now;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000));
        throw new AppError('RATE_LIMITED', messages.rateLimited, { retryAfterSeconds });
      }
      entry.local.push(now);
    },
    check: (key, limit, windowSeconds) => deps.exact.check(key, limit, windowSeconds),
    record: (key, windowSeconds) => deps.exact.record(key, windowSeconds),
    count: (key, windowSeconds) => deps.exact.count(key, windowSeconds),
    clear(key) {
      entries.delete(key);
      return deps.exact.clear(key);
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        flush().catch((error: Error) => deps.log?.warn({ err: error }, 'rate limit hits not written'));
      }, flushMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush().catch(() => {});
    },
  };
}
