import {
  type Area,
  type AreaSearchHit,
  type District,
  type Hub,
  normalizeSearchText,
  type Zone,
} from '@dak/domain/geo';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { type AreaSearchIndex, createAreaSearchIndex } from './area-search-index';
import { createGeoRepository, type GeoRepository } from './geo.repository';

type List<T> = { items: T[]; count: number };
const list = <T>(items: T[]): List<T> => ({ items, count: items.length });

type AreaRow = Awaited<ReturnType<GeoRepository['listAreasOfDistrict']>>[number];

function toArea(row: AreaRow): Area {
  return {
    id: row.id,
    nameEn: row.name_en,
    nameBn: row.name_bn,
    kind: row.kind,
    districtId: row.district_id,
    zoneId: row.zone_id,
    hubId: row.hub_id,
    postcode: row.postcode,
    isCovered: row.is_covered,
    parentUpazilaId: row.parent_upazila_id,
  };
}

/**
 * The district list is the same for every caller and clients may keep it an hour, so one answer
 * is shared for a few seconds: a burst of merchants opening the picker costs one query. A staff
 * change of coverage shows in the counts within this time.
 */
const districtsTtlMs = 5_000;

export type GeoService = ReturnType<typeof createGeoService>;

/** Reference geography for pickers, pricing and routing: read-only, public. */
export function createGeoService(deps: { db: Kysely<DB>; repo?: GeoRepository; now?: () => number }) {
  const repo = deps.repo ?? createGeoRepository(deps.db);
  const now = deps.now ?? Date.now;
  let districts: { expires: number; value: Promise<List<District>> } | undefined;
  let searchIndex: Promise<AreaSearchIndex> | undefined;

  function loadIndex(): Promise<AreaSearchIndex> {
    const loading = repo.listAreasForSearch().then(createAreaSearchIndex);
    // A failed load is not kept: the next search tries again.
    loading.catch(() => {
      if (searchIndex === loading) searchIndex = undefined;
    });
    return loading;
  }

  function areaIndex(): Promise<AreaSearchIndex> {
    searchIndex ??= loadIndex();
    return searchIndex;
  }

  async function requireDistrict(id: string) {
    const district = await repo.findDistrict(id);
    if (!district) throw new AppError('NOT_FOUND', 'District not found');
    return district;
  }

  async function loadDistricts(): Promise<List<District>> {
    const rows = await repo.listDistricts();
    return list(
      rows.map((r) => ({
        id: r.id,
        nameEn: r.name_en,
        nameBn: r.name_bn,
        divisionId: r.division_id,
        divisionNameEn: r.division_name_en,
        divisionNameBn: r.division_name_bn,
        areaCount: r.area_count,
        coveredAreaCount: r.covered_area_count,
      })),
    );
  }

  return {
    listDistricts(): Promise<List<District>> {
      if (districts && districts.expires > now()) return districts.value;
      // The promise is shared, so requests arriving while the query runs wait for it too.
      const value = loadDistricts();
      districts = { expires: now() + districtsTtlMs, value };
      value.catch(() => {
        if (districts?.value === value) districts = undefined;
      });
      return value;
    },

    /** Areas by id (pricing reads the pickup and delivery areas in one query); unknown ids are missing. */
    /** `trx`: read inside the caller's transaction (never a second connection while it holds one). */
    async findAreas(ids: readonly string[], trx?: Kysely<DB> | Transaction<DB>): Promise<Map<string, Area>> {
      const rows = await repo.findAreas([...new Set(ids)], trx);
      return new Map(rows.map((r) => [r.id, toArea(r)]));
    },

    async listAreas(districtId: string): Promise<List<Area>> {
      await requireDistrict(districtId);
      return list((await repo.listAreasOfDistrict(districtId)).map(toArea));
    },

    /** English or Bengali, prefix or near spelling, from memory; see area-search-index.ts. */
    async searchAreas(input: { q: string; limit: number }): Promise<List<AreaSearchHit>> {
      const text = normalizeSearchText(input.q);
      // Only punctuation: nothing to look for.
      if (!text) return list([]);
      const rows = (await areaIndex()).search(text, input.limit);
      return list(
        rows.map((r) => ({
          ...toArea(r),
          districtNameEn: r.district_name_en,
          districtNameBn: r.district_name_bn,
        })),
      );
    },

    /**
     * The geography changed (a NOTIFY from the areas, districts or zones, in any process): the
     * next search waits for a fresh index, and the district list is read again.
     */
    invalidate() {
      districts = undefined;
      searchIndex = loadIndex();
    },

    async listZones(): Promise<List<Zone>> {
      const rows = await repo.listZones();
      return list(rows.map((r) => ({ id: r.id, nameEn: r.name_en, nameBn: r.name_bn })));
    },

    async listHubs(filter: { districtId?: string }): Promise<List<Hub>> {
      if (filter.districtId) await requireDistrict(filter.districtId);
      const rows = await repo.listHubs(filter);
      return list(
        rows.map((r) => ({
          id: r.id,
          nameEn: r.name_en,
          nameBn: r.name_bn,
          districtId: r.district_id,
          kind: r.kind,
          active: r.active,
        })),
      );
    },
  };
}
