import type { ModuleDeps } from '../../lib/module';
import { termsRoutes } from './terms.routes';
import { createTermsService } from './terms.service';

/** The terms module: its service, and its routes for app.ts. */
export function termsModule(deps: ModuleDeps) {
  const service = createTermsService({ db: deps.db, clock: deps.clock });
  return { service, routes: termsRoutes({ terms: service, guards: deps.guards }) };
}
