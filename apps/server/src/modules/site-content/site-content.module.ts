import type { ModuleDeps } from '../../lib/module';
import type { Storage } from '../../lib/storage';
import { siteContentRoutes } from './site-content.routes';
import { createSiteContentService } from './site-content.service';

/** The site content module: its service, and its routes for app.ts. */
export function siteContentModule(deps: ModuleDeps & { storage: Storage }) {
  const service = createSiteContentService({ db: deps.db, clock: deps.clock, storage: deps.storage });
  return { service, routes: siteContentRoutes({ content: service, guards: deps.guards }) };
}
