import type { Guards } from '../../plugins/auth';
import { opsRoutes } from './ops.routes';
import { createOpsService } from './ops.service';

/** The ops module: its service, and its routes for app.ts. */
export function opsModule(deps: Parameters<typeof createOpsService>[0] & { guards: Guards }) {
  const { guards, ...services } = deps;
  const service = createOpsService(services);
  return { service, routes: opsRoutes({ ops: service, guards }) };
}
