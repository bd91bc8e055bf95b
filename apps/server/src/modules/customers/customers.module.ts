import type { ModuleDeps } from '../../lib/module';
import type { GeoService } from '../geo/geo.service';
import { createCustomersRepository } from './customers.repository';
import { customersRoutes } from './customers.routes';
import { createCustomersService } from './customers.service';

/** The customers module: its service, and its routes for app.ts. */
export function customersModule(deps: ModuleDeps & { geo: GeoService }) {
  const { db, clock, geo } = deps;
  const service = createCustomersService({ db, clock, repo: createCustomersRepository(db), geo });
  return { service, routes: customersRoutes({ customers: service, guards: deps.guards }) };
}
