import { z } from 'zod';
import type { ParcelExportsService } from '../modules/parcel-exports/parcel-exports.service';
import type { JobDefinition } from './jobs';

/**
 * Deletes parcel list exports older than EXPORT_TTL_HOURS, with their files.
 * Trigger: the schedule, every hour at minute 17.
 */
export function expireParcelExportsJob(deps: { exports: ParcelExportsService }): JobDefinition<object> {
  return {
    name: 'expire-parcel-exports',
    trigger: 'schedule: hourly',
    cron: '17 * * * *',
    data: z.object({}),
    run: async () => {
      await deps.exports.expire();
    },
  };
}
