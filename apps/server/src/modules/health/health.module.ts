import type { ModuleDeps } from '../../lib/module';
import { healthRoutes } from './health.routes';

/** GET /health: 200 only when the database answers. */
export function healthModule(deps: Pick<ModuleDeps, 'db'>) {
  return { routes: healthRoutes({ db: deps.db }) };
}
