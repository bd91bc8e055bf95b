import type { Permission, ShopRole } from '@dak/domain/permissions';
import { rolePermissions } from '@dak/domain/permissions';
import {
  type ProductTypeId,
  type ShopCreate,
  type ShopDetail,
  type ShopReason,
  type ShopSettings,
  shopMessages,
} from '@dak/domain/shop';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { OtpService } from '../auth/otp.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { ShopsRepository } from './shops.repository';

/** The caller's place in a shop, as the guard found it. */
type Access = { shopId: string; role: ShopRole; permissions: readonly Permission[] };
type DetailRow = NonNullable<Awaited<ReturnType<ShopsRepository['findDetail']>>>;

/** The two numbers on a shop that only change with a code sent to the new number. */
export type ShopPhoneField = 'phone' | 'returnPhone';
const phoneFields = {
  phone: { column: 'phone', purpose: 'shop_phone_change' },
  returnPhone: { column: 'return_phone', purpose: 'return_phone_change' },
} as const;

function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

function place(row: DetailRow) {
  if (!row.area_id || !row.area_name_en || !row.area_name_bn || !row.district_id) return null;
  return {
    id: row.area_id,
    nameEn: row.area_name_en,
    nameBn: row.area_name_bn,
    districtId: row.district_id,
    districtNameEn: row.district_name_en ?? '',
    districtNameBn: row.district_name_bn ?? '',
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;

/** My shops, shop settings, the shop's phones and what each member may do. */
export function createShopsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ShopsRepository;
  otp: OtpService;
  pickups: Pick<PickupLocationsService, 'create' | 'hasActivePickupLocation'>;
}) {
  const { db, clock, repo, otp, pickups } = deps;

  async function requireArea(areaId: string) {
    if (!(await repo.findArea(areaId))) throw fieldError('areaId', shopMessages.areaNotFound);
  }

  async function detail(shopId: string, access: Pick<Access, 'role' | 'permissions'>): Promise<ShopDetail> {
    const row = await repo.findDetail(shopId);
    if (!row) throw new AppError('NOT_FOUND', 'Shop not found');
    return {
      id: row.id,
      name: row.name,
      role: access.role,
      merchantType: row.merchant_type,
      email: row.email,
      address: row.address,
      area: place(row),
      phone: row.phone,
      returnPhone: row.return_phone,
      reason: row.reason as ShopReason | null,
      productType: row.product_type as ProductTypeId | null,
      productSubType: row.product_sub_type,
      preferredDeliveryZone: row.preferred_zone_id,
      permissions: [...access.permissions],
      canBook: await pickups.hasActivePickupLocation(row.id),
      createdAt: row.created_at,
    };
  }

  return {
    /**
     * Opens a shop with the caller as owner, and selects it. With a pickup address the shop gets
     * its first pickup location there (named after the shop, at the shop's area and phone), so it
     * can book at once.
     */
    async create(input: ShopCreate & { userId: string }) {
      await requireArea(input.areaId);
      if (input.preferredDeliveryZone && !(await repo.findZone(input.preferredDeliveryZone))) {
        throw fieldError('preferredDeliveryZone', shopMessages.zoneNotFound);
      }
      const now = clock.now();
      const shopId = await db.transaction().execute(async (trx) => {
        const id = await repo.insertShop(
          {
            name: input.name,
            owner_user_id: input.userId,
            email: input.email,
            address: input.address,
            area_id: input.areaId,
            phone: input.phone,
            return_phone: input.returnPhone ?? null,
            reason: input.reason,
            product_type: input.productType,
            product_sub_type: input.productSubType,
            merchant_type: input.merchantType,
            preferred_zone_id: input.preferredDeliveryZone ?? null,
            referrer_code: input.referrerCode || null,
            terms_accepted_at: input.isCurrentTncAccepted ? now : null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        if (input.pickupAddress) {
          await pickups.create(
            {
              shopId: id,
              userId: input.userId,
              name: input.name,
              address: input.pickupAddress,
              areaId: input.areaId,
              phone: input.phone,
            },
            trx,
          );
        }
        return id;
      });
      return detail(shopId, { role: 'owner', permissions: rolePermissions.owner });
    },

    async list(userId: string) {
      const rows = await repo.listOfUser(userId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          role: r.role,
          merchantType: r.merchant_type,
          lastSelectedAt: r.last_selected_at,
        })),
        count: rows.length,
      };
    },

    /** Makes the shop the caller's current one (first in their list) and says what they may do there. */
    async select(access: Access, userId: string) {
      await repo.markSelected(access.shopId, userId, clock.now());
      return { role: access.role, permissions: [...access.permissions] };
    },

    async allPermissions(userId: string) {
      const rows = await repo.rolesOfUser(userId);
      return {
        items: rows.map((r) => ({
          shopId: r.shop_id,
          role: r.role,
          permissions: [...rolePermissions[r.role]],
        })),
      };
    },

    detail: (access: Access) => detail(access.shopId, access),

    async update(access: Access, changes: ShopSettings) {
      if (changes.areaId !== undefined) await requireArea(changes.areaId);
      await repo.update(access.shopId, {
        name: changes.name,
        email: changes.email,
        address: changes.address,
        area_id: changes.areaId,
        reason: changes.reason,
        product_type: changes.productType,
        product_sub_type: changes.productSubType,
        updated_at: clock.now(),
      });
      return detail(access.shopId, access);
    },

    /** What anyone may know of a shop: its name and area. */
    async publicInfo(shopId: string) {
      const row = await repo.findDetail(shopId);
      if (!row) throw new AppError('NOT_FOUND', 'Shop not found');
      const area = place(row);
      return {
        id: row.id,
        name: row.name,
        area: area && {
          nameEn: area.nameEn,
          nameBn: area.nameBn,
          districtId: area.districtId,
          districtNameEn: area.districtNameEn,
          districtNameBn: area.districtNameBn,
        },
      };
    },

    /** Sends a code to the number that is to become the shop's phone (or return phone). */
    async requestPhoneOtp(input: { shopId: string; field: ShopPhoneField; phone: string; ip: string }) {
      const { column, purpose } = phoneFields[input.field];
      const row = await repo.findDetail(input.shopId);
      if (row?.[column] === input.phone) throw fieldError('phone', shopMessages.samePhone);
      return otp.request({ phone: input.phone, purpose, ip: input.ip, context: input.shopId });
    },

    /** Sets the number once the code sent to it comes back; a wrong code changes nothing. */
    async changePhone(input: { access: Access; field: ShopPhoneField; phone: string; code: string }) {
      const { column, purpose } = phoneFields[input.field];
      const row = await repo.findDetail(input.access.shopId);
      if (row?.[column] === input.phone) throw fieldError('phone', shopMessages.samePhone);
      await otp.verify({
        phone: input.phone,
        purpose,
        context: input.access.shopId,
        code: input.code,
        consume: true,
      });
      await repo.update(input.access.shopId, { [column]: input.phone, updated_at: clock.now() });
      return detail(input.access.shopId, input.access);
    },
  };
}
