import type { ReturnsService } from '../modules/returns/returns.service';
import { scheduledJob } from './jobs';

/**
 * Returns failed parcels whose merchant neither asked for a reattempt nor confirmed the return
 * within AUTO_RETURN_HOURS (default 24) of the failed attempt.
 * Trigger: the schedule, every 15 minutes.
 */
export function autoReturnParcelsJob(deps: { returns: ReturnsService }) {
  return scheduledJob({
    name: 'auto-return-parcels',
    trigger: 'schedule: every 15 minutes',
    cron: '*/15 * * * *',
    run: () => deps.returns.autoReturn(),
  });
}
