import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../../plugins/auth';
import { createHubsRepository } from './hubs.repository';
import { hubsRoutes } from './hubs.routes';
import { createHubsService } from './hubs.service';

/** Hubs, who works in them, and riders: the module's repository, service and routes. */
export function hubsModule(deps: { db: Kysely<DB>; clock: Clock; guards: Guards }) {
  const service = createHubsService({ db: deps.db, clock: deps.clock, repo: createHubsRepository(deps.db) });
  return { service, routes: hubsRoutes({ hubs: service, guards: deps.guards }) };
}
