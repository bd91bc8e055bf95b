import {
  type CoverageHit,
  type CoverageSearchQuery,
  type CoverageSearchResult,
  type CoverageSummary,
  coverageQuoteGrams,
} from '@dak/domain/coverage';
import { pricingMessages } from '@dak/domain/pricing';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { GeoService } from '../geo/geo.service';
import type { PricingService } from '../pricing/pricing.service';
import { createCoverageRepository } from './coverage.repository';

export type CoverageService = ReturnType<typeof createCoverageService>;

/** The public coverage lookup: counts from the data, and a search with zone, hub and charge. */
export function createCoverageService(deps: {
  db: Kysely<DB>;
  geo: GeoService;
  pricing: PricingService;
  rateLimiter: RateLimiter;
  limits: RateLimits;
}) {
  const { geo, pricing } = deps;
  const repo = createCoverageRepository(deps.db);

  return {
    async summary(): Promise<CoverageSummary> {
      const row = await repo.counts();
      return {
        districts: row.districts,
        coveredDistricts: row.covered_districts,
        upazilas: row.upazilas,
        coveredUpazilas: row.covered_upazilas,
        cityAreas: row.city_areas,
        coveredCityAreas: row.covered_city_areas,
      };
    },

    /** A search quotes up to `limit` charges, so it is counted per IP like the calculator. */
    async search(query: CoverageSearchQuery & { ip: string }): Promise<CoverageSearchResult> {
      await deps.rateLimiter.consume(`coverage:ip:${query.ip}`, deps.limits.chargePerIpPerMinute, 60);
      const [hits, zones, hubs, fromAreas] = await Promise.all([
        geo.searchAreas({ q: query.q, limit: query.limit }),
        geo.listZones(),
        geo.listHubs({}),
        query.fromAreaId ? geo.findAreas([query.fromAreaId]) : Promise.resolve(new Map()),
      ]);
      const fromArea = query.fromAreaId ? fromAreas.get(query.fromAreaId) : undefined;
      if (query.fromAreaId && !fromArea) {
        throw new AppError('VALIDATION_FAILED', pricingMessages.unknownPickupArea, {
          fields: [{ field: 'fromAreaId', message: pricingMessages.unknownPickupArea }],
        });
      }
      let from: CoverageSearchResult['from'] = null;
      if (fromArea) {
        const districts = await geo.listDistricts();
        const district = districts.items.find((d) => d.id === fromArea.districtId);
        from = {
          id: fromArea.id,
          nameEn: fromArea.nameEn,
          nameBn: fromArea.nameBn,
          districtNameEn: district?.nameEn ?? '',
          districtNameBn: district?.nameBn ?? '',
        };
      }
      const zoneById = new Map(zones.items.map((z) => [z.id, z]));
      const hubById = new Map(hubs.items.map((h) => [h.id, h]));
      const items: CoverageHit[] = await Promise.all(
        hits.items.map(async (hit) => {
          const zone = zoneById.get(hit.zoneId);
          const hub = hubById.get(hit.hubId);
          const charge =
            fromArea?.isCovered && hit.isCovered
              ? await pricing.quoteDefault({
                  pickupAreaId: fromArea.id,
                  deliveryAreaId: hit.id,
                  weight: coverageQuoteGrams,
                  cash: 0,
                  exchange: false,
                })
              : null;
          return {
            id: hit.id,
            nameEn: hit.nameEn,
            nameBn: hit.nameBn,
            districtNameEn: hit.districtNameEn,
            districtNameBn: hit.districtNameBn,
            kind: hit.kind,
            isCovered: hit.isCovered,
            zone: { nameEn: zone?.nameEn ?? hit.zoneId, nameBn: zone?.nameBn ?? hit.zoneId },
            hub: hub ? { nameEn: hub.nameEn, nameBn: hub.nameBn } : null,
            charge: charge
              ? {
                  deliveryCharge: charge.deliveryCharge,
                  rateClass: charge.rateClass,
                  deliveryPromiseDays: charge.deliveryPromiseDays,
                }
              : null,
          };
        }),
      );
      return { items, count: items.length, from };
    },
  };
}
