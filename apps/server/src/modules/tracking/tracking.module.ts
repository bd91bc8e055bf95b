import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import type { Queryable } from './tracking.repository';
import { trackingRoutes } from './tracking.routes';
import { createTrackingService } from './tracking.service';

/** The tracking module: its service, and its routes for app.ts. */
export function trackingModule(deps: Omit<ModuleDeps, 'clock'> & LimitedDeps & { pool: Queryable }) {
  const { db, pool, rateLimiter, limits } = deps;
  const service = createTrackingService({ db, pool, rateLimiter, limits });
  return { service, routes: trackingRoutes({ tracking: service, guards: deps.guards }) };
}
