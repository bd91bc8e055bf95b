import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../lib/clock';
import { pruneRateLimitHits } from '../plugins/rate-limit';
import { scheduledJob } from './jobs';

/**
 * Deletes rate-limit hits older than the longest window: a key nobody uses again (one phone, one
 * address) would otherwise keep its rows for ever. Trigger: the schedule, every hour at minute 41.
 */
export function pruneRateLimitHitsJob(deps: { db: Kysely<DB>; clock: Clock }) {
  return scheduledJob({
    name: 'prune-rate-limit-hits',
    trigger: 'schedule: hourly',
    cron: '41 * * * *',
    run: () => pruneRateLimitHits(deps.db, deps.clock.now()),
  });
}
