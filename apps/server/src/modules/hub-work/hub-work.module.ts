import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../../plugins/auth';
import type { ParcelTransitionsService } from '../parcel-transitions/parcel-transitions.service';
import { createHubWorkRepository } from './hub-work.repository';
import { hubWorkRoutes } from './hub-work.routes';
import { createHubWorkService } from './hub-work.service';

/** Pickups, scan-in, bags and line-haul trips: the module's repository, services and routes. */
export function hubWorkModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  transitions: ParcelTransitionsService;
  guards: Guards;
  jobs?: Jobs;
}) {
  const service = createHubWorkService({
    db: deps.db,
    clock: deps.clock,
    repo: createHubWorkRepository(deps.db),
    transitions: deps.transitions,
    jobs: deps.jobs,
  });
  return { service, routes: hubWorkRoutes({ hubWork: service, guards: deps.guards }) };
}
