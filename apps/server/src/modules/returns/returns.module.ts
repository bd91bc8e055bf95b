import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { autoReturnParcelsJob } from '../../jobs/auto-return-parcels.job';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../../plugins/auth';
import type { ParcelTransitionsService } from '../parcel-transitions/parcel-transitions.service';
import { createReturnsRepository } from './returns.repository';
import { returnsRoutes } from './returns.routes';
import { createReturnsService } from './returns.service';

/** Returns and reattempt approvals (issue 5, item 6): the service, its routes and the auto-return job. */
export function returnsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  jobs: Jobs;
  guards: Guards;
  transitions: ParcelTransitionsService;
  autoReturnHours: number;
  log?: (error: unknown, message: string) => void;
}) {
  const service = createReturnsService({
    db: deps.db,
    clock: deps.clock,
    repo: createReturnsRepository(deps.db),
    transitions: deps.transitions,
    autoReturnHours: deps.autoReturnHours,
    log: deps.log,
  });
  deps.jobs.register(autoReturnParcelsJob({ returns: service }));
  return { service, routes: returnsRoutes({ returns: service, guards: deps.guards }) };
}
