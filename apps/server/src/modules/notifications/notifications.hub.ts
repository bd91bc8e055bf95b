import type { Notification } from '@dak/domain/notifications';
import pg from 'pg';
import type { NotificationsRepository } from './notifications.repository';
import type { NotificationsService } from './notifications.service';

type Subscriber = (notification: Notification) => void;

/**
 * One process's ear on PostgreSQL: a dedicated connection (not the pool's) LISTENs on the
 * notifications channel; each NOTIFY (sent by the writing transaction, so heard on its commit, by
 * every process) is read once here when someone in this process streams that user's shop, and
 * handed to each open stream in memory. A lost connection is opened again after a second; a
 * stream that was open meanwhile may miss what was written in that gap (the centre still lists it).
 */
export function createNotificationsHub(deps: {
  connection: pg.ClientConfig;
  repo: Pick<NotificationsRepository, 'listen'>;
  notifications: Pick<NotificationsService, 'find'>;
  log: { warn(obj: object, message: string): void };
}) {
  const subscribers = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let stopped = true;
  let retry: NodeJS.Timeout | undefined;
  const keyOf = (userId: string, shopId: string) => `${userId}:${shopId}`;

  async function heard(payload: string | undefined) {
    let message: { userId?: string; shopId?: string; id?: string };
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (!message.userId || !message.shopId || !message.id) return;
    const listeners = subscribers.get(keyOf(message.userId, message.shopId));
    if (!listeners || listeners.size === 0) return;
    const notification = await deps.notifications.find(message.userId, message.shopId, message.id);
    if (!notification) return;
    for (const listener of listeners) listener(notification);
  }

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ ...deps.connection, application_name: 'dak-listen' });
    const again = (error?: Error) => {
      if (error) deps.log.warn({ err: error }, 'notification listener connection lost');
      if (client === next) client = null;
      next.removeAllListeners();
      next.on('error', () => {});
      next.end().catch(() => {});
      if (!stopped && !retry)
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, 1000);
    };
    next.on('notification', (msg) => {
      heard(msg.payload).catch((error: Error) => deps.log.warn({ err: error }, 'notification not streamed'));
    });
    next.on('error', again);
    next.on('end', () => again());
    try {
      await next.connect();
      await deps.repo.listen(next);
      client = next;
    } catch (error) {
      again(error as Error);
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await connect();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = undefined;
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => {});
        await open.end().catch(() => {});
      }
    },
    /** Whether the listener's connection is up (the two-process test waits for it). */
    get listening() {
      return client !== null;
    },
    /** Streams a user's new notifications in a shop to `fn` until the returned function is called. */
    subscribe(userId: string, shopId: string, fn: Subscriber) {
      const key = keyOf(userId, shopId);
      let set = subscribers.get(key);
      if (!set) {
        set = new Set();
        subscribers.set(key, set);
      }
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) subscribers.delete(key);
      };
    },
    get streams() {
      let n = 0;
      for (const set of subscribers.values()) n += set.size;
      return n;
    },
  };
}
export type NotificationsHub = ReturnType<typeof createNotificationsHub>;
