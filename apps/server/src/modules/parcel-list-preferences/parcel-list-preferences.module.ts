import type { ModuleDeps } from '../../lib/module';
import { parcelListPreferencesRoutes } from './parcel-list-preferences.routes';
import { createParcelListPreferencesService } from './parcel-list-preferences.service';

/** The parcel list preferences module: its service, and its routes for app.ts. */
export function parcelListPreferencesModule(deps: ModuleDeps) {
  const service = createParcelListPreferencesService({ db: deps.db, clock: deps.clock });
  return { service, routes: parcelListPreferencesRoutes({ preferences: service, guards: deps.guards }) };
}
