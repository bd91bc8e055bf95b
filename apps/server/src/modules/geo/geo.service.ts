import {
  type Area,
  type AreaSearchHit,
  areaSearchResultSchema,
  type District,
  districtListSchema,
  type Hub,
  normalizeSearchText,
  type Zone,
} from '@dak/domain/geo';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { type PrebuiltAnswer, prebuiltAnswer, serialiseAnswer } from '../../lib/json-answer';
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

/**
 * Search answers kept as sent, per index snapshot (a new index starts empty): the pickers send the
 * same few prefixes over and over. Past this many distinct searches the store starts again.
 */
const maxKeptSearches = 1_000;

export type GeoService = ReturnType<typeof createGeoService>;

/** Reference geography for pickers, pricing and routing: read-only, public. */
export function createGeoService(deps: { db: Kysely<DB>; repo?: GeoRepository; now?: () => number }) {
  const repo = deps.repo ?? createGeoRepository(deps.db);
  const now = deps.now ?? Date.now;
  let districts:
    | { expires: number; value: Promise<{ list: List<District>; json: string; answer: PrebuiltAnswer }> }
    | undefined;
  let searchIndex: Promise<AreaSearchIndex> | undefined;
  let areasVersion = 0;
  const searchAnswers = new WeakMap<AreaSearchIndex, Map<string, Buffer>>();

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

  async function loadDistricts(): Promise<{ list: List<District>; json: string; answer: PrebuiltAnswer }> {
    const list = await readDistricts();
    const json = serialiseAnswer(districtListSchema, list);
    return { list, json, answer: prebuiltAnswer(json) };
  }

  function sharedDistricts() {
    if (districts && districts.expires > now()) return districts.value;
    // The promise is shared, so requests arriving while the query runs wait for it too.
    const value = loadDistricts();
    districts = { expires: now() + districtsTtlMs, value };
    value.catch(() => {
      if (districts?.value === value) districts = undefined;
    });
    return value;
  }

  function searchIn(index: AreaSearchIndex, text: string, limit: number): List<AreaSearchHit> {
    return list(
      index.search(text, limit).map((r) => ({
        ...toArea(r),
        districtNameEn: r.district_name_en,
        districtNameBn: r.district_name_bn,
      })),
    );
  }

  async function readDistricts(): Promise<List<District>> {
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

  /** A search's answer as UTF-8 bytes, serialised and encoded once per query and index snapshot. */
  async function searchAreasBody(input: { q: string; limit: number }): Promise<Buffer> {
    const text = normalizeSearchText(input.q);
    if (!text) return Buffer.from(serialiseAnswer(areaSearchResultSchema, list([])), 'utf8');
    const index = await areaIndex();
    let answers = searchAnswers.get(index);
    if (!answers) {
      answers = new Map();
      searchAnswers.set(index, answers);
    }
    const key = `${input.limit}:${text}`;
    const kept = answers.get(key);
    if (kept !== undefined) return kept;
    const body = Buffer.from(
      serialiseAnswer(areaSearchResultSchema, searchIn(index, text, input.limit)),
      'utf8',
    );
    if (answers.size >= maxKeptSearches) answers.clear();
    answers.set(key, body);
    return body;
  }

  return {
    async listDistricts(): Promise<List<District>> {
      return (await sharedDistricts()).list;
    },

    /** The district list as the route sends it, serialised once per shared answer (issue 16). */
    async districtsJson(): Promise<string> {
      return (await sharedDistricts()).json;
    },

    /** The same, as UTF-8 bytes with their ETag: what the route sends (issue 16). */
    async districtsAnswer(): Promise<PrebuiltAnswer> {
      return (await sharedDistricts()).answer;
    },

    /**
     * Areas by id from the in-memory snapshot the search uses (the public calculator, issue 16):
     * no query; a change of coverage arrives with the geography's NOTIFY, a moment after commit.
     */
    async areasFromMemory(ids: readonly string[]): Promise<Map<string, Area>> {
      const index = await areaIndex();
      const found = new Map<string, Area>();
      for (const id of ids) {
        const row = index.get(id);
        if (row) found.set(id, toArea(row));
      }
      return found;
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
      return searchIn(await areaIndex(), text, input.limit);
    },

    /**
     * The search's answer as the route sends it: the same search, serialised once per query and
     * index snapshot and then sent as kept (issue 16).
     */
    async searchAreasJson(input: { q: string; limit: number }): Promise<string> {
      return (await searchAreasBody(input)).toString('utf8');
    },

    /** The same as UTF-8 bytes, encoded once and kept: what the route sends (issue 16). */
    searchAreasBody,

    /**
     * The geography changed (a NOTIFY from the areas, districts or zones, in any process): the
     * next search waits for a fresh index, and the district list is read again.
     */
    invalidate() {
      districts = undefined;
      searchIndex = loadIndex();
      areasVersion += 1;
    },

    /** Changes whenever the geography may have: what the calculator's kept answers depend on. */
    areasVersion: () => areasVersion,

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
