import type { Kysely, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { DB, Executor, ParcelsTable } from '../../db/schema';

/** SQL for parcel edits, notes and the audit log; every method takes an optional transaction. */
export function createParcelEditsRepository(db: Kysely<DB>) {
  /** The parcel's notes that are not removed, with their authors' names. */
  const notesOf = (trx: Executor, parcelId: string) =>
    trx
      .selectFrom('parcel_notes as n')
      .innerJoin('users as u', 'u.id', 'n.author_user_id')
      .select(['n.id', 'n.note', 'n.author_user_id', 'n.created_at'])
      .select(sql<string | null>`coalesce(u.full_name, u.display_name)`.as('author_name'))
      .where('n.parcel_id', '=', parcelId)
      .where('n.removed_at', 'is', null);

  return {
    async updateParcel(id: string, values: Updateable<ParcelsTable>, trx: Executor = db) {
      await trx.updateTable('parcels').set(values).where('id', '=', id).execute();
    },

    async insertNote(
      values: { parcel_id: string; author_user_id: string; note: string; created_at: Date },
      trx: Executor = db,
    ) {
      const row = await trx
        .insertInto('parcel_notes')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A note of the parcel that is not removed, with its author's name. */
    findNote(parcelId: string, noteId: string, trx: Executor = db) {
      return notesOf(trx, parcelId).where('n.id', '=', noteId).executeTakeFirst();
    },

    latestNote(parcelId: string, trx: Executor = db) {
      return notesOf(trx, parcelId)
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .executeTakeFirst();
    },

    /** Marks a note removed unless it already is; false when another request removed it first. */
    async removeNote(
      noteId: string,
      values: { removed_at: Date; removed_by_user_id: string },
      trx: Executor = db,
    ) {
      const row = await trx
        .updateTable('parcel_notes')
        .set(values)
        .where('id', '=', noteId)
        .where('removed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    auditLog(parcelId: string, trx: Executor = db) {
      return trx
        .selectFrom('parcel_audit_log as l')
        .leftJoin('users as u', 'u.id', 'l.actor_user_id')
        .leftJoin('staff as s', 's.id', 'l.actor_staff_id')
        .select([
          'l.at',
          'l.action',
          'l.field',
          'l.old_value',
          'l.new_value',
          'l.actor_user_id',
          'l.actor_staff_id',
          'l.ip',
          'l.user_agent',
        ])
        .select(sql<string | null>`coalesce(u.full_name, u.display_name, s.name)`.as('actor_name'))
        .where('l.parcel_id', '=', parcelId)
        .orderBy('l.at')
        .orderBy('l.id')
        .execute();
    },
  };
}

export type ParcelEditsRepository = ReturnType<typeof createParcelEditsRepository>;
