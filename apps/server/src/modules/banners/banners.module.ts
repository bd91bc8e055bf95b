import type { ModuleDeps } from '../../lib/module';
import type { Storage } from '../../lib/storage';
import { bannersRoutes } from './banners.routes';
import { createBannersService } from './banners.service';

/** Campaign banners and what's new: its service, and its routes for app.ts. */
export function bannersModule(deps: ModuleDeps & { storage: Storage }) {
  const service = createBannersService({ db: deps.db, clock: deps.clock, storage: deps.storage });
  return { service, routes: bannersRoutes({ banners: service, guards: deps.guards }) };
}
