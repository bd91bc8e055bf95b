import type { Jobs } from '../../jobs/jobs';
import type { ModuleDeps } from '../../lib/module';
import type { Storage } from '../../lib/storage';
import { nidRoutes } from './nid.routes';
import { createNidService } from './nid.service';

/** The nid module: its service, and its routes for app.ts. */
export function nidModule(deps: ModuleDeps & { storage: Storage; jobs?: Jobs }) {
  const service = createNidService({
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    jobs: deps.jobs,
  });
  return { service, routes: nidRoutes({ nid: service, guards: deps.guards }) };
}
