import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { expireCallRecordingsJob } from '../../jobs/expire-call-recordings.job';
import { fetchCallRecordingJob } from '../../jobs/fetch-call-recording.job';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { Guards } from '../../plugins/auth';
import { createCallsRepository } from './calls.repository';
import { callsRoutes } from './calls.routes';
import { createCallsService } from './calls.service';
import { createHttpTelephonyProvider } from './telephony.providers';

/** Call logs (issue 5, item 8): the service, its routes and its two recording jobs. */
export function callsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  storage: Storage;
  jobs: Jobs;
  guards: Guards;
  telephony: Config['telephony'];
  retentionDays: number;
}) {
  const { telephony } = deps;
  const service = createCallsService({
    db: deps.db,
    clock: deps.clock,
    repo: createCallsRepository(deps.db),
    storage: deps.storage,
    jobs: deps.jobs,
    provider:
      telephony.apiUrl && telephony.apiKey
        ? createHttpTelephonyProvider({ apiUrl: telephony.apiUrl, apiKey: telephony.apiKey })
        : null,
    webhookSecret: telephony.webhookSecret,
    toleranceSeconds: telephony.toleranceSeconds,
    retentionDays: deps.retentionDays,
  });
  deps.jobs.register(fetchCallRecordingJob({ calls: service }));
  deps.jobs.register(expireCallRecordingsJob({ calls: service }));
  return { service, routes: callsRoutes({ calls: service, guards: deps.guards }) };
}
