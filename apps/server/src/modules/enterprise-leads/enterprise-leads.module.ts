import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import { enterpriseLeadsRoutes } from './enterprise-leads.routes';
import { createEnterpriseLeadsService } from './enterprise-leads.service';

/** The enterprise leads module: its service, and its routes for app.ts. */
export function enterpriseLeadsModule(deps: ModuleDeps & LimitedDeps) {
  const { db, clock, rateLimiter, limits } = deps;
  const service = createEnterpriseLeadsService({ db, clock, rateLimiter, limits });
  return { service, routes: enterpriseLeadsRoutes({ leads: service, guards: deps.guards }) };
}
