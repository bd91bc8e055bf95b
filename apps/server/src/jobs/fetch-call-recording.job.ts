import { z } from 'zod';
import type { CallsService } from '../modules/calls/calls.service';
import type { JobDefinition } from './jobs';

/**
 * Copies a call's recording from the telephony provider into our storage.
 * Trigger: the telephony webhook, for a finished call whose recording is given by URL.
 */
export function fetchCallRecordingJob(deps: {
  calls: CallsService;
}): JobDefinition<{ callLogId: string; url: string }> {
  return {
    name: 'fetch-call-recording',
    trigger: 'route: POST /webhooks/telephony',
    data: z.object({ callLogId: z.uuid(), url: z.url() }),
    retryLimit: 5,
    run: async ({ callLogId, url }) => {
      await deps.calls.fetchRecording(callLogId, url);
    },
  };
}
