import { z } from 'zod';
import type { ReturnsService } from '../modules/returns/returns.service';
import type { JobDefinition } from './jobs';

/**
 * Returns failed parcels whose merchant neither asked for a reattempt nor confirmed the return
 * within AUTO_RETURN_HOURS (default 24) of the failed attempt.
 * Trigger: the schedule, every 15 minutes.
 */
export function autoReturnParcelsJob(deps: { returns: ReturnsService }): JobDefinition<object> {
  return {
    name: 'auto-return-parcels',
    trigger: 'schedule: every 15 minutes',
    cron: '*/15 * * * *',
    data: z.object({}),
    run: async () => {
      await deps.returns.autoReturn();
    },
  };
}
