import type { ModuleDeps } from '../../lib/module';
import { settingsRoutes } from './settings.routes';
import { createSettingsService } from './settings.service';

/** The settings module: its service, and its routes for app.ts. */
export function settingsModule(deps: ModuleDeps) {
  const service = createSettingsService({ db: deps.db, clock: deps.clock });
  return { service, routes: settingsRoutes({ settings: service, guards: deps.guards }) };
}
