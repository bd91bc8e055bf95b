import { createSiteLoaders } from './site.loaders';
import { createSiteRendererLoader } from './site.renderer';
import { siteRoutes } from './site.routes';

/**
 * The public site: pages rendered from our services and, for other modules' content, their
 * public API answered in process (`api`); `webDist` when a built web app is served.
 */
export function siteModule(
  deps: Parameters<typeof createSiteLoaders>[0] & {
    webDist: string | undefined;
    publicUrl: string | undefined;
  },
) {
  const { webDist, publicUrl, ...sources } = deps;
  return {
    routes: siteRoutes({
      loaders: createSiteLoaders(sources),
      renderer: createSiteRendererLoader(webDist),
      publicUrl,
    }),
  };
}
