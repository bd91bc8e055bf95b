import { type Kysely, sql, type Transaction } from 'kysely';
import { containing } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

/** Limits a list to `hubs` (null: every hub; empty: none). */
const inHubs = (hubs: readonly string[] | null) => (hubs && hubs.length === 0 ? [''] : hubs);

/** SQL of hubs, who works in which hub (staff_hubs) and riders; every method takes an optional transaction. */
export function createHubsRepository(db: Kysely<DB>) {
  const hubRows = (trx: Executor) =>
    trx
      .selectFrom('hubs as h')
      .innerJoin('districts as d', 'd.id', 'h.district_id')
      .select((eb) => {
        const staffOfHub = () =>
          eb
            .selectFrom('staff_hubs as sh')
            .innerJoin('staff as s', 's.id', 'sh.staff_id')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('sh.hub_id', '=', 'h.id');
        return [
          'h.id',
          'h.name_en',
          'h.name_bn',
          'h.kind',
          'h.address',
          'h.phone',
          'h.active',
          'd.id as district_id',
          'd.name_en as district_en',
          'd.name_bn as district_bn',
          eb
            .selectFrom('areas')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('areas.hub_id', '=', 'h.id')
            .as('area_count'),
          staffOfHub().where('s.role', '!=', 'rider').as('staff_count'),
          staffOfHub().where('s.role', '=', 'rider').where('s.active', '=', true).as('rider_count'),
        ];
      });

  const riderRows = (trx: Executor) =>
    trx
      .selectFrom('staff as s')
      .innerJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
      .innerJoin('hubs as h', 'h.id', 'sh.hub_id')
      .select([
        's.id',
        's.name',
        's.phone',
        's.active',
        's.created_at',
        'h.id as hub_id',
        'h.name_en',
        'h.name_bn',
      ])
      .where('s.role', '=', 'rider');

  /** Replaces a staff member's hubs. */
  async function setStaffHubs(trx: Executor, staffId: string, hubIds: string[]) {
    await trx.deleteFrom('staff_hubs').where('staff_id', '=', staffId).execute();
    if (hubIds.length) {
      await trx
        .insertInto('staff_hubs')
        .values(hubIds.map((hub_id) => ({ staff_id: staffId, hub_id })))
        .execute();
    }
  }

  return {
    /** Of `ids`, those that are hubs. */
    async existingHubs(ids: string[], trx: Executor = db) {
      if (ids.length === 0) return [];
      const rows = await trx.selectFrom('hubs').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    listHubs(where: { hubs: readonly string[] | null; q?: string }, trx: Executor = db) {
      let q = hubRows(trx);
      const hubs = inHubs(where.hubs);
      if (hubs) q = q.where('h.id', 'in', hubs);
      if (where.q) {
        const like = containing(where.q);
        q = q.where((eb) =>
          eb.or([
            eb('h.id', 'ilike', like),
            eb('h.name_en', 'ilike', like),
            eb('h.name_bn', 'ilike', like),
            eb('d.name_en', 'ilike', like),
          ]),
        );
      }
      return q.orderBy('d.name_en').orderBy('h.name_en').execute();
    },

    hub: (id: string, trx: Executor = db) => hubRows(trx).where('h.id', '=', id).executeTakeFirst(),

    hubAreas(hubId: string, trx: Executor = db) {
      return trx
        .selectFrom('areas')
        .select(['id', 'name_en', 'name_bn', 'postcode'])
        .where('hub_id', '=', hubId)
        .orderBy('name_en')
        .execute();
    },

    hubStaff(hubId: string, trx: Executor = db) {
      return trx
        .selectFrom('staff_hubs as sh')
        .innerJoin('staff as s', 's.id', 'sh.staff_id')
        .select(['s.id', 's.name', 's.phone', 's.role', 's.active'])
        .where('sh.hub_id', '=', hubId)
        .orderBy('s.role')
        .orderBy('s.name')
        .execute();
    },

    async updateHub(
      id: string,
      set: { address?: string | null; phone?: string | null; at: Date },
      trx: Executor = db,
    ) {
      const { at, ...contact } = set;
      await trx
        .updateTable('hubs')
        .set({ ...contact, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    staffMember(id: string, trx: Executor = db) {
      return trx.selectFrom('staff').select(['id', 'role']).where('id', '=', id).executeTakeFirst();
    },

    async phoneTaken(phone: string, trx: Executor = db) {
      return Boolean(
        await trx.selectFrom('staff').select('id').where('phone', '=', phone).executeTakeFirst(),
      );
    },

    setStaffHubs: (staffId: string, hubIds: string[], trx: Executor = db) =>
      setStaffHubs(trx, staffId, hubIds),

    riders(
      where: { hubs: readonly string[] | null; id?: string; hubId?: string; active?: boolean; q?: string },
      trx: Executor = db,
    ) {
      let q = riderRows(trx);
      const hubs = inHubs(where.hubs);
      if (hubs) q = q.where('h.id', 'in', hubs);
      if (where.id) q = q.where('s.id', '=', where.id);
      if (where.hubId) q = q.where('h.id', '=', where.hubId);
      if (where.active !== undefined) q = q.where('s.active', '=', where.active);
      if (where.q) {
        const like = containing(where.q);
        const digits = where.q.replace(/\D/g, '').replace(/^(?:880|0)/, '');
        q = q.where((eb) =>
          eb.or([
            eb('s.name', 'ilike', like),
            ...(digits.length >= 3 ? [eb('s.phone', 'like', `%${digits}%`)] : []),
          ]),
        );
      }
      return q.orderBy('h.name_en').orderBy('s.name').execute();
    },

    /** A new rider in one hub; null when the phone is taken (by a concurrent sign-up too). */
    async insertRider(
      trx: Transaction<DB>,
      row: { phone: string; name: string; hubId: string; passwordHash: string; at: Date },
    ) {
      const staff = await trx
        .insertInto('staff')
        .values({
          phone: row.phone,
          name: row.name,
          role: 'rider',
          password_hash: row.passwordHash,
          active: true,
          created_at: row.at,
          updated_at: row.at,
        })
        .onConflict((oc) => oc.column('phone').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!staff) return null;
      await setStaffHubs(trx, staff.id, [row.hubId]);
      return staff.id;
    },

    async updateStaff(trx: Transaction<DB>, id: string, set: { name?: string; active?: boolean; at: Date }) {
      const { at, ...fields } = set;
      await trx
        .updateTable('staff')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Signs a staff member out everywhere. */
    async revokeSessions(trx: Transaction<DB>, staffId: string, at: Date) {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('staff_id', '=', staffId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type HubsRepository = ReturnType<typeof createHubsRepository>;
