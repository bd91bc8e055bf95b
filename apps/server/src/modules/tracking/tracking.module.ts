import type pg from 'pg';
import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import { createPgListener } from '../../lib/pg-listener';
import { geoChangedChannel } from '../geo/geo.module';
import type { Queryable } from './tracking.repository';
import { trackingRoutes } from './tracking.routes';
import { createTrackingService } from './tracking.service';
import { createTrackingCache, trackingChangedChannel } from './tracking-cache';

/**
 * The tracking module: its service, its routes for app.ts, and the listener that drops this
 * process's kept public answers when a parcel changes anywhere (issue 16). With the cache off
 * (`cacheMs` 0) there is nothing to drop and no listener connection.
 */
export function trackingModule(
  deps: Omit<ModuleDeps, 'clock'> &
    LimitedDeps & {
      pool: Queryable;
      connection: pg.ClientConfig;
      cacheMs: number;
      log: { warn(obj: object, message: string): void };
    },
) {
  const { db, pool, rateLimiter, limits } = deps;
  const cache = createTrackingCache<Buffer>({ ttlMs: deps.cacheMs });
  const service = createTrackingService({ db, pool, rateLimiter, limits, cache });
  const listener = cache.enabled
    ? createPgListener({
        connection: deps.connection,
        channels: [trackingChangedChannel, geoChangedChannel],
        name: 'dak-tracking-listen',
        heard: (channel, payload) =>
          channel === trackingChangedChannel ? cache.heard(payload) : cache.forgetAll(),
        connected: () => cache.forgetAll(),
        log: deps.log,
      })
    : null;
  return {
    service,
    cache,
    listener,
    routes: trackingRoutes({ tracking: service, guards: deps.guards }),
  };
}
