import type { OpsShopDetail } from '@dak/domain/ops';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { pageOf } from '../../lib/paging';
import type { NidService } from '../nid/nid.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { SmsService } from '../sms/sms.service';
import type { TermsService } from '../terms/terms.service';
import { createOpsRepository } from './ops.repository';

export type OpsService = ReturnType<typeof createOpsService>;

/**
 * The operations console's view of merchants: find a shop, see its people, pickup locations (from
 * the pickup-locations module),
 * payment method (masked, as merchants see it), NID status and terms; and the SMS outbox.
 */
export function createOpsService(deps: {
  db: Kysely<DB>;
  paymentMethods: PaymentMethodsService;
  pickups: Pick<PickupLocationsService, 'list'>;
  nid: NidService;
  terms: TermsService;
  sms: SmsService;
}) {
  const repo = createOpsRepository(deps.db);

  return {
    async listShops(filter: { q?: string; limit: number; offset: number }) {
      return pageOf(await repo.searchShops(filter), (s) => ({
        id: s.id,
        name: s.name,
        merchantType: s.merchant_type,
        owner: { id: s.owner_id, phone: s.owner_phone, name: s.owner_name },
        memberCount: Number(s.member_count ?? 0),
        createdAt: s.created_at,
      }));
    },

    async shopDetail(shopId: string): Promise<OpsShopDetail> {
      const shop = await repo.findShop(shopId);
      if (!shop) throw new AppError('NOT_FOUND', 'Shop not found');
      const [members, pickups, paymentMethod, nid, terms] = await Promise.all([
        repo.members(shopId),
        deps.pickups.list({ shopId, limit: 100, offset: 0 }),
        deps.paymentMethods.current(shopId),
        deps.nid.viewForShop(shopId),
        deps.terms.forShop(shopId),
      ]);
      return {
        shop: {
          id: shop.id,
          name: shop.name,
          merchantType: shop.merchant_type,
          dailyParcelCount: shop.daily_parcel_count,
          createdAt: shop.created_at,
        },
        owner: {
          id: shop.owner_id,
          phone: shop.owner_phone,
          name: shop.owner_name,
          fullName: shop.owner_full_name,
        },
        members: members.map((m) => ({
          userId: m.user_id,
          phone: m.phone,
          name: m.display_name,
          role: m.role,
          status: m.status,
          since: m.created_at,
        })),
        pickupLocations: pickups.items.map((p) => ({
          id: p.id,
          name: p.name,
          address: p.address,
          areaId: p.area.id,
          phone: p.phone,
          status: p.status,
        })),
        paymentMethod,
        nid: {
          status: nid.status,
          nidNumberMasked: nid.nidNumberMasked,
          reason: nid.reason,
          submittedAt: nid.submittedAt,
        },
        terms: { currentVersion: terms.current.version, accepted: terms.accepted },
      };
    },

    smsOutbox(filter: { to?: string; limit: number; offset: number }) {
      return deps.sms.list(filter);
    },
  };
}
