import type { ModuleDeps } from '../../lib/module';
import { createPickupLocationsRepository } from './pickup-locations.repository';
import { pickupLocationsRoutes } from './pickup-locations.routes';
import { createPickupLocationsService } from './pickup-locations.service';

/** The pickup locations module: its service, and its routes for app.ts. */
export function pickupLocationsModule(deps: ModuleDeps) {
  const { db, clock } = deps;
  const service = createPickupLocationsService({ db, clock, repo: createPickupLocationsRepository(db) });
  return { service, routes: pickupLocationsRoutes({ pickups: service, guards: deps.guards }) };
}
