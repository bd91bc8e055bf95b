import {
  type PickupLocation,
  type PickupLocationCreate,
  type PickupLocationUpdate,
  type PickupStatus,
  pickupMessages,
  shopMessages,
} from '@dak/domain/shop';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import type { PickupLocationsRepository } from './pickup-locations.repository';

type Executor = Kysely<DB> | Transaction<DB>;
type Row = NonNullable<Awaited<ReturnType<PickupLocationsRepository['find']>>>;

function toPickupLocation(row: Row): PickupLocation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    area: {
      id: row.area_id,
      nameEn: row.area_name_en,
      nameBn: row.area_name_bn,
      districtId: row.district_id,
      districtNameEn: row.district_name_en,
      districtNameBn: row.district_name_bn,
    },
    phone: row.phone,
    alternatePhone: row.alternate_phone,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A body field the schema could not judge alone (it needs the database), in the handler's shape. */
function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

export type PickupLocationsService = ReturnType<typeof createPickupLocationsService>;

/** Where riders collect a shop's parcels: list, add, edit, switch off. Callers pass the shop they checked. */
export function createPickupLocationsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: PickupLocationsRepository;
}) {
  const { db, clock, repo } = deps;

  /** Riders only go where we deliver: a pickup area must exist and be covered. */
  async function requireCoveredArea(areaId: string, trx: Executor) {
    const area = await repo.findArea(areaId, trx);
    if (!area) throw fieldError('areaId', shopMessages.areaNotFound);
    if (!area.is_covered) throw fieldError('areaId', pickupMessages.areaNotCovered);
  }

  async function load(shopId: string, id: string, trx: Executor = db) {
    const row = await repo.find(shopId, id, trx);
    if (!row) throw new AppError('NOT_FOUND', pickupMessages.notFound);
    return row;
  }

  return {
    async list(input: { shopId: string; status?: PickupStatus; q?: string; limit: number; offset: number }) {
      return pageOf(await repo.list({ ...input, q: input.q || undefined }), toPickupLocation);
    },

    async get(shopId: string, id: string, trx: Executor = db) {
      return toPickupLocation(await load(shopId, id, trx));
    },

    /** Adds an active pickup location; `trx` lets shop creation add the first one with the shop. */
    async create(input: PickupLocationCreate & { shopId: string; userId: string }, trx: Executor = db) {
      await requireCoveredArea(input.areaId, trx);
      const now = clock.now();
      const id = await repo.insert(
        {
          shop_id: input.shopId,
          name: input.name,
          address: input.address,
          area_id: input.areaId,
          phone: input.phone,
          alternate_phone: input.alternatePhone ?? null,
          created_by_user_id: input.userId,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      return toPickupLocation(await load(input.shopId, id, trx));
    },

    async update(input: { shopId: string; pickupLocationId: string; changes: PickupLocationUpdate }) {
      const { shopId, pickupLocationId, changes } = input;
      return db.transaction().execute(async (trx) => {
        const current = await load(shopId, pickupLocationId, trx);
        if (changes.areaId !== undefined && changes.areaId !== current.area_id) {
          await requireCoveredArea(changes.areaId, trx);
        }
        const phone = changes.phone ?? current.phone;
        const alternatePhone =
          changes.alternatePhone === undefined ? current.alternate_phone : changes.alternatePhone;
        if (alternatePhone && alternatePhone === phone) {
          throw fieldError('alternatePhone', shopMessages.alternateSamePhone);
        }
        await repo.update(
          shopId,
          pickupLocationId,
          {
            name: changes.name,
            address: changes.address,
            area_id: changes.areaId,
            phone: changes.phone,
            alternate_phone: changes.alternatePhone,
            status: changes.status,
            updated_at: clock.now(),
          },
          trx,
        );
        return toPickupLocation(await load(shopId, pickupLocationId, trx));
      });
    },

    /** A shop books parcels only once it has an active pickup location (riders need somewhere to go). */
    hasActivePickupLocation(shopId: string, trx: Executor = db) {
      return repo.hasActive(shopId, trx);
    },
  };
}
