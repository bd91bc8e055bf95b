import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import { trackingRoutes } from './tracking.routes';
import { createTrackingService } from './tracking.service';

/** The tracking module: its service, and its routes for app.ts. */
export function trackingModule(deps: Omit<ModuleDeps, 'clock'> & LimitedDeps) {
  const service = createTrackingService({ db: deps.db, rateLimiter: deps.rateLimiter, limits: deps.limits });
  return { service, routes: trackingRoutes({ tracking: service, guards: deps.guards }) };
}
