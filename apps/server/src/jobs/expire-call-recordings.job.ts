import type { CallsService } from '../modules/calls/calls.service';
import { scheduledJob } from './jobs';

/**
 * Deletes call recordings older than CALL_RECORDING_RETENTION_DAYS (45); the calls stay listed.
 * Trigger: the schedule, daily at 21:40 UTC (03:40 in Dhaka).
 */
export function expireCallRecordingsJob(deps: { calls: CallsService }) {
  return scheduledJob({
    name: 'expire-call-recordings',
    trigger: 'schedule: daily',
    cron: '40 21 * * *',
    run: () => deps.calls.expireRecordings(),
  });
}
