import type { NotificationKind, NotificationParams } from '@dak/domain/notifications';
import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** The one channel every API process listens on; a payload names the user, the shop and the row. */
export const notificationsChannel = 'dak_notifications';

export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  params: unknown;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
};

const columns = ['id', 'kind', 'params', 'link', 'read_at', 'created_at'] as const;

/** SQL for the notifications: writing them with their NOTIFY, the centre's reads, the listener. */
export function createNotificationsRepository(db: Kysely<DB>) {
  return {
    /** Everyone who works in the shop now (the owner included), with how they want to be told. */
    recipients(trx: Executor, shopId: string) {
      return trx
        .selectFrom('shop_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.phone', 'u.language', 'u.notification_prefs', 'm.role'])
        .where('m.shop_id', '=', shopId)
        .where('m.status', '=', 'active')
        .orderBy('u.id')
        .execute();
    },
    async shopName(trx: Executor, shopId: string) {
      return (await trx.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst())?.name;
    },
    user(trx: Executor, userId: string) {
      return trx
        .selectFrom('users')
        .select(['id', 'phone', 'language', 'notification_prefs'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
    /**
     * The row, and its NOTIFY in the same transaction: PostgreSQL delivers it to the listeners on
     * commit, and never for a rollback.
     */
    async insert(
      trx: Executor,
      row: {
        userId: string;
        shopId: string;
        kind: NotificationKind;
        params: NotificationParams;
        link: string | null;
        at: Date;
      },
    ) {
      const inserted = await trx
        .insertInto('notifications')
        .values({
          user_id: row.userId,
          shop_id: row.shopId,
          kind: row.kind,
          params: JSON.stringify(row.params),
          link: row.link,
          created_at: row.at,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      const payload = JSON.stringify({ userId: row.userId, shopId: row.shopId, id: inserted.id });
      await sql`select pg_notify(${notificationsChannel}, ${payload})`.execute(trx);
      return inserted as NotificationRow;
    },
    find(userId: string, shopId: string, id: string) {
      return db
        .selectFrom('notifications')
        .select(columns)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('shop_id', '=', shopId)
        .executeTakeFirst() as Promise<NotificationRow | undefined>;
    },
    async page(userId: string, shopId: string, page: { limit: number; offset: number; unread: boolean }) {
      let query = db.selectFrom('notifications').where('user_id', '=', userId).where('shop_id', '=', shopId);
      if (page.unread) query = query.where('read_at', 'is', null);
      const [rows, count] = await Promise.all([
        query.select(columns).orderBy('seq', 'desc').limit(page.limit).offset(page.offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as NotificationRow[], count: Number(count.n) };
    },
    async unreadCount(userId: string, shopId: string) {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('shop_id', '=', shopId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Marks one (or, without an id, every) unread notification read; how many changed. */
    async markRead(userId: string, shopId: string, at: Date, id?: string) {
      let query = db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('shop_id', '=', shopId)
        .where('read_at', 'is', null);
      if (id) query = query.where('id', '=', id);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** The listener's own connection subscribes to the channel. */
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
