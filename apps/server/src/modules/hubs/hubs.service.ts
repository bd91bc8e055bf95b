import { randomBytes } from 'node:crypto';
import {
  type Hub,
  type HubDetail,
  operationsMessages,
  type Rider,
  type RiderCreate,
} from '@dak/domain/operations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { assertHub, hubFilter, type StaffScope } from '../../lib/staff-scope';
import { hashPassword } from '../auth/passwords';
import type { HubsRepository } from './hubs.repository';

/** The staff member asking, with their hubs (staffOf); hub managers see and manage only their own. */
export type HubViewer = StaffScope;

type HubRow = NonNullable<Awaited<ReturnType<HubsRepository['hub']>>>;
type RiderRow = Awaited<ReturnType<HubsRepository['riders']>>[number];

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

const toRider = (r: RiderRow): Rider => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  active: r.active,
  hub: { id: r.hub_id, name: { en: r.name_en, bn: r.name_bn } },
  createdAt: r.created_at,
});

/** One page of a list read whole (hubs and riders are few). */
const page = <R, T>(all: R[], query: { limit: number; offset: number }, to: (r: R) => T) => ({
  items: all.slice(query.offset, query.offset + query.limit).map(to),
  count: all.length,
});

/**
 * Hubs (read from the seed, address and phone editable), who works in which hub, and riders.
 * A rider is a staff member with the rider role and exactly one hub; they sign in with a code
 * sent to their phone (no password: the stored hash is of random bytes nobody knows).
 */
export function createHubsService(deps: { db: Kysely<DB>; clock: Clock; repo: HubsRepository }) {
  const { db, clock, repo } = deps;
  const hubNotFound = () => new AppError('NOT_FOUND', operationsMessages.hubNotFound);

  async function assertHubVisible(viewer: HubViewer, hubId: string) {
    if ((await repo.existingHubs([hubId])).length === 0) throw hubNotFound();
    assertHub(viewer, hubId, hubNotFound);
  }

  async function rider(viewer: HubViewer, id: string): Promise<Rider> {
    const [row] = await repo.riders({ hubs: hubFilter(viewer), id });
    if (!row) throw new AppError('NOT_FOUND', operationsMessages.riderNotFound);
    return toRider(row);
  }

  const service = {
    async listHubs(viewer: HubViewer, query: { q?: string; limit: number; offset: number }) {
      return page(await repo.listHubs({ hubs: hubFilter(viewer), q: query.q }), query, toHub);
    },

    async hubDetail(viewer: HubViewer, id: string): Promise<HubDetail> {
      await assertHubVisible(viewer, id);
      const [hub, areas, staff] = await Promise.all([repo.hub(id), repo.hubAreas(id), repo.hubStaff(id)]);
      if (!hub) throw hubNotFound();
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
      await repo.updateHub(id, { address: input.address, phone: input.phone, at: clock.now() });
      return service.hubDetail(viewer, id);
    },

    /** Who works where: replaces a staff member's hubs. A rider keeps exactly one. */
    async setStaffHubs(staffId: string, hubIds: string[]) {
      const staff = await repo.staffMember(staffId);
      if (!staff) throw new AppError('NOT_FOUND', operationsMessages.staffNotFound);
      const unique = [...new Set(hubIds)];
      if (staff.role === 'rider' && unique.length !== 1) {
        throw new AppError('VALIDATION_FAILED', operationsMessages.riderOneHub, { field: 'hubIds' });
      }
      if ((await repo.existingHubs(unique)).length !== unique.length) {
        throw new AppError('VALIDATION_FAILED', operationsMessages.hubNotFound, { field: 'hubIds' });
      }
      await db.transaction().execute((trx) => repo.setStaffHubs(staffId, unique, trx));
      return { staffId, hubIds: unique };
    },

    async listRiders(
      viewer: HubViewer,
      query: { hubId?: string; active?: 'true' | 'false'; q?: string; limit: number; offset: number },
    ) {
      const rows = await repo.riders({
        hubs: hubFilter(viewer),
        hubId: query.hubId,
        active: query.active ? query.active === 'true' : undefined,
        q: query.q,
      });
      return page(rows, query, toRider);
    },

    rider,

    async createRider(viewer: HubViewer, input: RiderCreate): Promise<Rider> {
      await assertHubVisible(viewer, input.hubId);
      const phoneTaken = () =>
        new AppError('CONFLICT', operationsMessages.riderPhoneTaken, { field: 'phone' });
      if (await repo.phoneTaken(input.phone)) throw phoneTaken();
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const at = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const id = await repo.insertRider(trx, { ...input, passwordHash, at });
        if (!id) throw phoneTaken();
        return id;
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
      const { hubId } = input;
      await db.transaction().execute(async (trx) => {
        const at = clock.now();
        if (input.name !== undefined || input.active !== undefined) {
          await repo.updateStaff(trx, id, { name: input.name, active: input.active, at });
        }
        if (hubId) await repo.setStaffHubs(id, [hubId], trx);
        // A rider switched off is signed out at once.
        if (input.active === false) await repo.revokeSessions(trx, id, at);
      });
      return rider(viewer, id);
    },
  };
  return service;
}

export type HubsService = ReturnType<typeof createHubsService>;
