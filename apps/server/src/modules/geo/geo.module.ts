import type { ModuleDeps } from '../../lib/module';
import { geoRoutes } from './geo.routes';
import { createGeoService } from './geo.service';

/** The geo module: its service, and its routes for app.ts. */
export function geoModule(deps: Pick<ModuleDeps, 'db'>) {
  const service = createGeoService({ db: deps.db });
  return { service, routes: geoRoutes({ geo: service }) };
}
