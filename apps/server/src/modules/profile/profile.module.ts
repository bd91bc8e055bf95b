import type { Guards } from '../../plugins/auth';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';

/** The profile module: its service, and its routes for app.ts. */
export function profileModule(deps: Parameters<typeof createProfileService>[0] & { guards: Guards }) {
  const { guards, ...services } = deps;
  const service = createProfileService(services);
  return { service, routes: profileRoutes({ profile: service, guards }) };
}
