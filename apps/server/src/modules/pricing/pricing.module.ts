import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import type { GeoService } from '../geo/geo.service';
import { pricingRoutes } from './pricing.routes';
import { createPricingService } from './pricing.service';

/** The pricing module: its service, and its routes for app.ts. */
export function pricingModule(deps: ModuleDeps & LimitedDeps & { geo: GeoService }) {
  const { db, clock, geo, rateLimiter, limits } = deps;
  const service = createPricingService({ db, clock, geo, rateLimiter, limits });
  return { service, routes: pricingRoutes({ pricing: service, guards: deps.guards }) };
}
