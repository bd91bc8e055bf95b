import type { ParcelExportsService } from '../modules/parcel-exports/parcel-exports.service';
import { scheduledJob } from './jobs';

/**
 * Deletes parcel list exports older than EXPORT_TTL_HOURS, with their files.
 * Trigger: the schedule, every hour at minute 17.
 */
export function expireParcelExportsJob(deps: { exports: ParcelExportsService }) {
  return scheduledJob({
    name: 'expire-parcel-exports',
    trigger: 'schedule: hourly',
    cron: '17 * * * *',
    run: () => deps.exports.expire(),
  });
}
