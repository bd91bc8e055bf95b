import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema';
import type { Clock } from '../lib/clock';
import { pruneRateLimitHits } from '../plugins/rate-limit';
import type { JobDefinition } from './jobs';

/**
 * Deletes rate-limit hits older than the longest window: a key nobody uses again (one phone, one
 * address) would otherwise keep its rows for ever. Trigger: the schedule, every hour at minute 41.
 */
export function pruneRateLimitHitsJob(deps: { db: Kysely<DB>; clock: Clock }): JobDefinition<object> {
  return {
    name: 'prune-rate-limit-hits',
    trigger: 'schedule: hourly',
    cron: '41 * * * *',
    data: z.object({}),
    run: async () => {
      await pruneRateLimitHits(deps.db, deps.clock.now());
    },
  };
}
