import { listSchema, pageQuery } from '@dak/domain/lists';
import { notificationSchema } from '@dak/domain/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../lib/routes';
import { noBody } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { NotificationsHub } from './notifications.hub';
import type { NotificationsService } from './notifications.service';

/** Whether the bearer token still opens a session (the stream ends at sign-out). */
export type SessionCheck = (token: string) => Promise<boolean>;

/**
 * The merchant's notification centre in a shop and its live stream (issue 14, item 3). The stream
 * is server-sent events over a plain GET with the bearer header (the web reads it with fetch, not
 * EventSource, so no token ever sits in a URL or a log).
 */
export function notificationsRoutes(deps: {
  notifications: NotificationsService;
  hub: NotificationsHub;
  guards: Guards;
  sessionOpen: SessionCheck;
  heartbeatSeconds: number;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { notifications, hub, guards } = deps;
    const route = routeOptions({ tags: ['notifications'], guards });
    const open = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const end of [...open]) end();
    });

    r.get(
      '/shops/:shopId/notifications',
      route.shop('parcel.view', {
        summary: 'Your notifications in this shop, newest first',
        querystring: z.object({
          ...pageQuery(100, 20),
          unread: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
        }),
        response: { 200: listSchema(notificationSchema) },
      }),
      (request) => notifications.list(userOf(request).userId, shopOf(request).shopId, request.query),
    );
    r.get(
      '/shops/:shopId/notifications/unread-count',
      route.shop('parcel.view', {
        summary: 'How many of your notifications in this shop are unread (the bell)',
        response: { 200: z.object({ count: z.number().int() }) },
      }),
      (request) => notifications.unreadCount(userOf(request).userId, shopOf(request).shopId),
    );
    r.post(
      '/shops/:shopId/notifications/read-all',
      route.shop('parcel.view', {
        summary: 'Mark all your notifications in this shop read',
        body: noBody,
        response: { 200: z.object({ marked: z.number().int() }) },
      }),
      (request) => notifications.markAllRead(userOf(request).userId, shopOf(request).shopId),
    );
    r.post(
      '/shops/:shopId/notifications/:notificationId/read',
      route.shop('parcel.view', {
        summary: 'Mark one of your notifications read',
        params: z.object({ shopId: z.uuid(), notificationId: z.uuid({ error: 'Notification not found' }) }),
        body: noBody,
        response: { 200: notificationSchema },
      }),
      (request) =>
        notifications.markRead(userOf(request).userId, shopOf(request).shopId, request.params.notificationId),
    );

    r.get(
      '/shops/:shopId/events',
      route.shop('parcel.view', {
        summary: 'Your new notifications in this shop as they happen (server-sent events)',
        description:
          'text/event-stream: `event: notification` with the notification as JSON, a comment line as heartbeat. ' +
          'Send the bearer token as the Authorization header (read the stream with fetch). The stream ends ' +
          'when the session ends (sign-out), checked at each heartbeat.',
      }),
      async (request, reply) => {
        const { userId } = userOf(request);
        const { shopId } = shopOf(request);
        const token = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
          'x-request-id': request.id,
        });
        res.write('retry: 3000\n: connected\n\n');
        const unsubscribe = hub.subscribe(userId, shopId, (n) => {
          res.write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
        });
        const beat = setInterval(() => {
          deps
            .sessionOpen(token)
            .then((valid) => {
              if (valid) res.write(': heartbeat\n\n');
              else end();
            })
            .catch(() => end());
        }, deps.heartbeatSeconds * 1000);
        function end() {
          clearInterval(beat);
          unsubscribe();
          open.delete(end);
          if (!res.writableEnded) res.end();
        }
        open.add(end);
        request.raw.on('close', end);
        res.on('close', end);
      },
    );
  };
}
