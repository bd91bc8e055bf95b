import type pg from 'pg';
import type { ModuleDeps } from '../../lib/module';
import { createPgListener } from '../../lib/pg-listener';
import { geoRoutes } from './geo.routes';
import { createGeoService } from './geo.service';

/** The channel the areas, districts and zones notify on (migration 20261201050000). */
export const geoChangedChannel = 'dak_geo_changed';

/**
 * The geo module: its service, its routes for app.ts, and the listener that keeps the in-memory
 * area search fresh in this process (a change in any process arrives as a NOTIFY; after a lost
 * connection the index is reloaded too, since changes in the gap were not heard).
 */
export function geoModule(
  deps: Pick<ModuleDeps, 'db'> & {
    connection: pg.ClientConfig;
    log: { warn(obj: object, message: string): void };
  },
) {
  const service = createGeoService({ db: deps.db });
  const listener = createPgListener({
    connection: deps.connection,
    channels: [geoChangedChannel],
    name: 'dak-geo-listen',
    heard: () => service.invalidate(),
    connected: () => service.invalidate(),
    log: deps.log,
  });
  return { service, listener, routes: geoRoutes({ geo: service }) };
}
