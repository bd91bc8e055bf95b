import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@dak/domain/auth';
import {
  type Hub,
  type HubDetail,
  operationsMessages,
  type Rider,
  type RiderCreate,
} from '@dak/domain/operations';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../auth/passwords';

/** The staff member asking; hub managers see and manage only their own hubs. */
export type HubViewer = { staffId: string; role: StaffRole };

/**
 * Hubs (read from the seed, address and phone editable), who works in which hub, and riders.
 * A rider is a staff member with the rider role and exactly one hub; they sign in with a code
 * sent to their phone (no password: the stored hash is of random bytes nobody knows).
 */
export function createHubsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  async function scope(viewer: HubViewer): Promise<string[] | null> {
    if (viewer.role === 'admin') return null;
    const rows = await db
      .selectFrom('staff_hubs')
      .select('hub_id')
      .where('staff_id', '=', viewer.staffId)
      .execute();
    return rows.map((r) => r.hub_id);
  }

  function hubRows() {
    return db
      .selectFrom('hubs as h')
      .innerJoin('districts as d', 'd.id', 'h.district_id')
      .select((eb) => [
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
        eb
          .selectFrom('staff_hubs as sh')
          .innerJoin('staff as s', 's.id', 'sh.staff_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('sh.hub_id', '=', 'h.id')
          .where('s.role', '!=', 'rider')
          .as('staff_count'),
        eb
          .selectFrom('staff_hubs as sh')
          .innerJoin('staff as s', 's.id', 'sh.staff_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('sh.hub_id', '=', 'h.id')
          .where('s.role', '=', 'rider')
          .where('s.active', '=', true)
          .as('rider_count'),
      ]);
  }

  type HubRow = Awaited<ReturnType<ReturnType<typeof hubRows>['execute']>>[number];
  const toHub = (r: HubRow): Hub => ({
    id: r.id,
    name: { en: r.name_en, bn: r.name_bn },
    kind: r.kind,
    district: { id: r.district_id, name: { en: r.district_en, bn: r.district_bn } },
    address: r.address,
    phone: r.phone,
    active: r.active,
    areaCount: r.area_count ?? 0,
    staffCount: r.staff_count ?? 0,
    riderCount: r.rider_count ?? 0,
  });

  async function assertHubVisible(viewer: HubViewer, hubId: string) {
    const hubs = await scope(viewer);
    const exists = await db.selectFrom('hubs').select('id').where('id', '=', hubId).executeTakeFirst();
    if (!exists || (hubs && !hubs.includes(hubId)))
      throw new AppError('NOT_FOUND', operationsMessages.hubNotFound);
  }

  function riderRows() {
    return db
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
  }
  type RiderRow = Awaited<ReturnType<ReturnType<typeof riderRows>['execute']>>[number];
  const toRider = (r: RiderRow): Rider => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    active: r.active,
    hub: { id: r.hub_id, name: { en: r.name_en, bn: r.name_bn } },
    createdAt: r.created_at,
  });

  async function rider(viewer: HubViewer, id: string): Promise<Rider> {
    const hubs = await scope(viewer);
    const row = await riderRows().where('s.id', '=', id).executeTakeFirst();
    if (!row || (hubs && !hubs.includes(row.hub_id)))
      throw new AppError('NOT_FOUND', operationsMessages.riderNotFound);
    return toRider(row);
  }

  return {
    async listHubs(viewer: HubViewer, query: { q?: string; limit: number; offset: number }) {
      const hubs = await scope(viewer);
      let q = hubRows();
      if (hubs) q = q.where('h.id', 'in', hubs.length ? hubs : ['']);
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([
            eb('h.id', 'ilike', like),
            eb('h.name_en', 'ilike', like),
            eb('h.name_bn', 'ilike', like),
            eb('d.name_en', 'ilike', like),
          ]),
        );
      }
      const all = await q.orderBy('d.name_en').orderBy('h.name_en').execute();
      return { items: all.slice(query.offset, query.offset + query.limit).map(toHub), count: all.length };
    },

    async hubDetail(viewer: HubViewer, id: string): Promise<HubDetail> {
      await assertHubVisible(viewer, id);
      const hub = await hubRows().where('h.id', '=', id).executeTakeFirstOrThrow();
      const areas = await db
        .selectFrom('areas')
        .select(['id', 'name_en', 'name_bn', 'postcode'])
        .where('hub_id', '=', id)
        .orderBy('name_en')
        .execute();
      const staff = await db
        .selectFrom('staff_hubs as sh')
        .innerJoin('staff as s', 's.id', 'sh.staff_id')
        .select(['s.id', 's.name', 's.phone', 's.role', 's.active'])
        .where('sh.hub_id', '=', id)
        .orderBy('s.role')
        .orderBy('s.name')
        .execute();
      return {
        ...toHub(hub),
        areas: areas.map((a) => ({ id: a.id, name: { en: a.name_en, bn: a.name_bn }, postcode: a.postcode })),
        staff,
      };
    },

    async updateHub(
      viewer: HubViewer,
      id: string,
      input: { address?: string | null; phone?: string | null },
    ) {
      await assertHubVisible(viewer, id);
      await db
        .updateTable('hubs')
        .set({
          ...(input.address !== undefined ? { address: input.address } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          updated_at: clock.now(),
        })
        .where('id', '=', id)
        .execute();
      return this.hubDetail(viewer, id);
    },

    /** Who works where: replaces a staff member's hubs. A rider keeps exactly one. */
    async setStaffHubs(staffId: string, hubIds: string[]) {
      const staff = await db
        .selectFrom('staff')
        .select(['id', 'role'])
        .where('id', '=', staffId)
        .executeTakeFirst();
      if (!staff) throw new AppError('NOT_FOUND', operationsMessages.staffNotFound);
      const unique = [...new Set(hubIds)];
      if (staff.role === 'rider' && unique.length !== 1) {
        throw new AppError('VALIDATION_FAILED', operationsMessages.riderOneHub, { field: 'hubIds' });
      }
      if (unique.length) {
        const found = await db.selectFrom('hubs').select('id').where('id', 'in', unique).execute();
        if (found.length !== unique.length) {
          throw new AppError('VALIDATION_FAILED', operationsMessages.hubNotFound, { field: 'hubIds' });
        }
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('staff_hubs').where('staff_id', '=', staffId).execute();
        if (unique.length) {
          await trx
            .insertInto('staff_hubs')
            .values(unique.map((hub_id) => ({ staff_id: staffId, hub_id })))
            .execute();
        }
      });
      return { staffId, hubIds: unique };
    },

    async listRiders(
      viewer: HubViewer,
      query: { hubId?: string; active?: 'true' | 'false'; q?: string; limit: number; offset: number },
    ) {
      const hubs = await scope(viewer);
      let q = riderRows();
      if (hubs) q = q.where('h.id', 'in', hubs.length ? hubs : ['']);
      if (query.hubId) q = q.where('h.id', '=', query.hubId);
      if (query.active) q = q.where('s.active', '=', query.active === 'true');
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const digits = query.q.replace(/\D/g, '').replace(/^(?:880|0)/, '');
        q = q.where((eb) =>
          eb.or([
            eb('s.name', 'ilike', like),
            ...(digits.length >= 3 ? [eb('s.phone', 'like', `%${digits}%`)] : []),
          ]),
        );
      }
      const all = await q.orderBy('h.name_en').orderBy('s.name').execute();
      return { items: all.slice(query.offset, query.offset + query.limit).map(toRider), count: all.length };
    },

    rider,

    async createRider(viewer: HubViewer, input: RiderCreate): Promise<Rider> {
      await assertHubVisible(viewer, input.hubId);
      const taken = await db
        .selectFrom('staff')
        .select('id')
        .where('phone', '=', input.phone)
        .executeTakeFirst();
      if (taken) throw new AppError('CONFLICT', operationsMessages.riderPhoneTaken, { field: 'phone' });
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const now = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('staff')
          .values({
            phone: input.phone,
            name: input.name,
            role: 'rider',
            password_hash: unusable,
            active: true,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('phone').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new AppError('CONFLICT', operationsMessages.riderPhoneTaken, { field: 'phone' });
        await trx.insertInto('staff_hubs').values({ staff_id: row.id, hub_id: input.hubId }).execute();
        return row.id;
      });
      return rider(viewer, id);
    },

    async updateRider(
      viewer: HubViewer,
      id: string,
      input: { name?: string; hubId?: string; active?: boolean },
    ): Promise<Rider> {
      await rider(viewer, id);
      if (input.hubId) await assertHubVisible(viewer, input.hubId);
      await db.transaction().execute(async (trx) => {
        if (input.name !== undefined || input.active !== undefined) {
          await trx
            .updateTable('staff')
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.active !== undefined ? { active: input.active } : {}),
              updated_at: clock.now(),
            })
            .where('id', '=', id)
            .execute();
        }
        if (input.hubId) {
          await trx.deleteFrom('staff_hubs').where('staff_id', '=', id).execute();
          await trx.insertInto('staff_hubs').values({ staff_id: id, hub_id: input.hubId }).execute();
        }
        // A rider switched off is signed out at once.
        if (input.active === false) {
          await trx
            .updateTable('sessions')
            .set({ revoked_at: clock.now() })
            .where('staff_id', '=', id)
            .where('revoked_at', 'is', null)
            .execute();
        }
      });
      return rider(viewer, id);
    },
  };
}

export type HubsService = ReturnType<typeof createHubsService>;
