import {
  type Notification,
  type NotificationKind,
  type NotificationParams,
  type NotificationSmsJob,
  notificationChannelsFor,
  notificationParamsSchema,
  notificationPermissionOf,
  notificationSms,
} from '@dak/domain/notifications';
import { can, type ShopRole } from '@dak/domain/permissions';
import { readNotificationPrefs } from '@dak/domain/settings';
import type { Kysely, Transaction } from 'kysely';
import type { DB, Executor } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository';

/** The job that texts a notification (jobs/send-notification-sms.job.ts registers it). */
export const sendNotificationSmsJobName = 'send-notification-sms';

export type NotificationCause = {
  kind: NotificationKind;
  params: NotificationParams;
  /** The panel path a click opens (none: the dashboard). */
  link?: string | null;
  at: Date;
} & (
  | { shopId: string; userId?: undefined }
  /** One user (an invitation), in the context of the shop that caused it. */
  | { shopId: string; userId: string }
);

/**
 * Tells the shop's people (or one user) about an event, in the cause's transaction: a row for each
 * who wants it in the app (with its NOTIFY, heard on commit), and the SMS job for each who wants a
 * text (queued in the same transaction, so it goes out only if the cause commits). The other
 * modules call this with their transaction, as they call the ledger's post.
 */
export async function notify(trx: Transaction<DB> | Executor, jobs: Jobs, cause: NotificationCause) {
  const repo = createNotificationsRepository(trx as Kysely<DB>);
  const people = cause.userId
    ? [await repo.user(trx, cause.userId)].filter((u) => u !== undefined)
    : (await repo.recipients(trx, cause.shopId)).filter((m) =>
        can(m.role as ShopRole, notificationPermissionOf[cause.kind]),
      );
  // An invitation names the shop: the invited person does not know it yet.
  const params =
    cause.kind === 'team_invitation' && !cause.params.shopName
      ? { ...cause.params, shopName: (await repo.shopName(trx, cause.shopId)) ?? '' }
      : cause.params;
  for (const person of people) {
    const channels = notificationChannelsFor(cause.kind, readNotificationPrefs(person.notification_prefs));
    if (channels.inApp) {
      await repo.insert(trx, {
        userId: person.id,
        shopId: cause.shopId,
        kind: cause.kind,
        params,
        link: cause.link ?? null,
        at: cause.at,
      });
    }
    if (channels.sms) {
      await jobs.sendWithin(trx as Transaction<DB>, sendNotificationSmsJobName, {
        userId: person.id,
        kind: cause.kind,
        params,
      });
    }
  }
}

export function notificationView(row: NotificationRow): Notification {
  const params = notificationParamsSchema.safeParse(row.params);
  return {
    id: row.id,
    kind: row.kind,
    params: params.success ? params.data : {},
    link: row.link,
    readAt: row.read_at,
    createdAt: row.created_at,
  };
}

/** The notification centre of a user in a shop: its pages, unread count and marking read. */
export function createNotificationsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createNotificationsRepository(deps.db);
  return {
    async list(userId: string, shopId: string, page: { limit: number; offset: number; unread: boolean }) {
      return pageOf(await repo.page(userId, shopId, page), notificationView);
    },
    async unreadCount(userId: string, shopId: string) {
      return { count: await repo.unreadCount(userId, shopId) };
    },
    /** Marks one read (again: no change); another user's or shop's answers as not found. */
    async markRead(userId: string, shopId: string, id: string) {
      await repo.markRead(userId, shopId, deps.clock.now(), id);
      const row = await repo.find(userId, shopId, id);
      if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
      return notificationView(row);
    },
    async markAllRead(userId: string, shopId: string) {
      return { marked: await repo.markRead(userId, shopId, deps.clock.now()) };
    },
    /** The SMS of a queued notification, in its user's language now; none when the user is gone. */
    async smsOf(job: NotificationSmsJob) {
      const user = await repo.user(deps.db, job.userId);
      if (!user) return undefined;
      return { to: user.phone, body: notificationSms(job, user.language) };
    },
    /** One row for the event stream (the listener heard its id). */
    async find(userId: string, shopId: string, id: string) {
      const row = await repo.find(userId, shopId, id);
      return row ? notificationView(row) : undefined;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
