import type { ModuleDeps } from '../../lib/module';
import { flagsRoutes } from './flags.routes';
import { createFlagsService } from './flags.service';

/** The flags module: its service, and its routes for app.ts. */
export function flagsModule(deps: ModuleDeps) {
  const service = createFlagsService({ db: deps.db, clock: deps.clock });
  return { service, routes: flagsRoutes({ flags: service, guards: deps.guards }) };
}
