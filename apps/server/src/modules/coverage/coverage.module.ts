import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import type { GeoService } from '../geo/geo.service';
import type { PricingService } from '../pricing/pricing.service';
import { coverageRoutes } from './coverage.routes';
import { createCoverageService } from './coverage.service';

/** The coverage module: its service, and its routes for app.ts. */
export function coverageModule(
  deps: Pick<ModuleDeps, 'db'> & LimitedDeps & { geo: GeoService; pricing: PricingService },
) {
  const service = createCoverageService(deps);
  return { service, routes: coverageRoutes({ coverage: service }) };
}
