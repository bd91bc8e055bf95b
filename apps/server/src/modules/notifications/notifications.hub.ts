import type { Notification } from '@dak/domain/notifications';
import type pg from 'pg';
import { createPgListener } from '../../lib/pg-listener';
import { notificationsChannel } from './notifications.repository';
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
  notifications: Pick<NotificationsService, 'find'>;
  log: { warn(obj: object, message: string): void };
}) {
  const subscribers = new Map<string, Set<Subscriber>>();
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

  const listener = createPgListener({
    connection: deps.connection,
    channels: [notificationsChannel],
    name: 'dak-listen',
    heard: (_channel, payload) => {
      heard(payload).catch((error: Error) => deps.log.warn({ err: error }, 'notification not streamed'));
    },
    log: deps.log,
  });

  return {
    start: () => listener.start(),
    stop: () => listener.stop(),
    /** Whether the listener's connection is up (the two-process test waits for it). */
    get listening() {
      return listener.listening;
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
