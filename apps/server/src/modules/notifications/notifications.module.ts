import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ModuleDeps } from '../../lib/module';
import { createNotificationsHub } from './notifications.hub';
import { notificationsRoutes, type SessionCheck } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/**
 * The notifications module: the centre's service, the process's listener (started with the app,
 * on its own connection) and the routes. Other modules write notifications with `notify` from
 * notifications.service.ts in their own transaction.
 */
export function notificationsModule(
  deps: ModuleDeps & {
    connection: pg.ClientConfig;
    sessionOpen: SessionCheck;
    heartbeatSeconds: number;
    log: FastifyBaseLogger;
  },
) {
  const service = createNotificationsService({ db: deps.db, clock: deps.clock });
  const hub = createNotificationsHub({
    connection: deps.connection,
    notifications: service,
    log: deps.log,
  });
  return {
    service,
    hub,
    routes: notificationsRoutes({
      notifications: service,
      hub,
      guards: deps.guards,
      sessionOpen: deps.sessionOpen,
      heartbeatSeconds: deps.heartbeatSeconds,
    }),
  };
}
