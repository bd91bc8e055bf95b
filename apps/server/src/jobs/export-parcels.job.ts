import { z } from 'zod';
import {
  exportParcelsJobName,
  type ParcelExportsService,
} from '../modules/parcel-exports/parcel-exports.service';
import type { JobDefinition } from './jobs';

/**
 * Builds one parcel list export (xlsx) and stores it.
 * Trigger: POST /shops/:shopId/parcel-exports. Not retried by the queue: a failure is recorded on
 * the export and the merchant exports again.
 */
export function exportParcelsJob(deps: {
  exports: ParcelExportsService;
}): JobDefinition<{ exportId: string }> {
  return {
    name: exportParcelsJobName,
    trigger: 'POST /shops/:shopId/parcel-exports',
    data: z.object({ exportId: z.uuid() }),
    retryLimit: 0,
    expireInSeconds: 30 * 60,
    run: ({ exportId }) => deps.exports.run(exportId),
  };
}
