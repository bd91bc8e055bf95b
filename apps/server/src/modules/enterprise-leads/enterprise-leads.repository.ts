import type { Kysely } from 'kysely';
import { pageWithCount } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

type LeadStatus = 'new' | 'contacted' | 'won' | 'lost';

/** SQL for enterprise leads and their status history; every method takes an optional transaction. */
export function createEnterpriseLeadsRepository(db: Kysely<DB>) {
  return {
    insert(
      values: {
        name: string;
        email: string;
        phone: string;
        company: string;
        requirement: string;
        ip: string;
      },
      trx: Executor = db,
    ) {
      return trx.insertInto('enterprise_leads').values(values).returning('id').executeTakeFirstOrThrow();
    },
    async list(filter: { status?: LeadStatus; limit: number; offset: number }, trx: Executor = db) {
      let query = trx.selectFrom('enterprise_leads');
      if (filter.status) query = query.where('status', '=', filter.status);
      return pageWithCount(query, filter, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'));
    },
    find(id: string, trx: Executor = db) {
      return trx.selectFrom('enterprise_leads').selectAll().where('id', '=', id).executeTakeFirst();
    },
    history(leadIds: string[], trx: Executor = db) {
      if (leadIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('enterprise_lead_events as e')
        .leftJoin('staff', 'staff.id', 'e.staff_id')
        .select([
          'e.lead_id',
          'e.from_status',
          'e.to_status',
          'e.note',
          'e.created_at',
          'staff.name as staff_name',
        ])
        .where('e.lead_id', 'in', leadIds)
        .orderBy('e.id')
        .execute();
    },
    /** Moves the lead only if it is still in `from` (two staff at once: one wins). */
    move(id: string, from: LeadStatus, to: LeadStatus, at: Date, trx: Executor = db) {
      return trx
        .updateTable('enterprise_leads')
        .set({ status: to, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },
    addEvent(
      values: {
        lead_id: string;
        from_status: string;
        to_status: string;
        note: string;
        staff_id: string;
        created_at: Date;
      },
      trx: Executor = db,
    ) {
      return trx.insertInto('enterprise_lead_events').values(values).execute();
    },
  };
}
