import type { Insertable, Kysely } from 'kysely';
import { pageWithCount } from '../../db/queries';
import type { DB, SmsOutboxTable } from '../../db/schema';

type OutboxRow = Insertable<SmsOutboxTable>;
type Status = SmsOutboxTable['status'];

/** SQL of `sms_outbox`: every message sent or recorded, with its outcome. */
export function createSmsRepository(db: Kysely<DB>) {
  return {
    async insert(row: OutboxRow) {
      await db.insertInto('sms_outbox').values(row).execute();
    },

    /**
     * Inserts a keyed row unless a row of its key holds it (any status but failed): the new row's
     * id, or undefined when the key was held.
     */
    async claim(row: OutboxRow & { dedupe_key: string | null }) {
      const claimed = await db
        .insertInto('sms_outbox')
        .values(row)
        .onConflict((oc) => oc.column('dedupe_key').where('status', '<>', 'failed').doNothing())
        .returning('id')
        .executeTakeFirst();
      return claimed?.id;
    },

    /** Records an outcome; with `from`, only on a row still in that status. */
    async setOutcome(
      id: number,
      values: { status: Status; provider_message_id?: string | null; error?: string | null },
      from?: Status,
    ) {
      let query = db.updateTable('sms_outbox').set(values).where('id', '=', id);
      if (from) query = query.where('status', '=', from);
      await query.execute();
    },

    /** The row holding a key (any status but failed). */
    findHeld(once: string) {
      return db
        .selectFrom('sms_outbox')
        .select(['id', 'status'])
        .where('dedupe_key', '=', once)
        .where('status', '<>', 'failed')
        .executeTakeFirst();
    },

    latestTo(to: string, limit: number) {
      return db
        .selectFrom('sms_outbox')
        .select(['to_phone', 'body', 'created_at'])
        .where('to_phone', '=', to)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A page of messages, newest first, optionally to one phone, and how many there are. */
    async page(filter: { to?: string; limit: number; offset: number }) {
      let query = db.selectFrom('sms_outbox');
      if (filter.to) query = query.where('to_phone', '=', filter.to);
      return pageWithCount(query, filter, (q) =>
        q
          .select(['id', 'to_phone', 'body', 'purpose', 'provider', 'status', 'error', 'created_at'])
          .orderBy('id', 'desc'),
      );
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
