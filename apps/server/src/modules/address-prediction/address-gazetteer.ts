import { readFile } from 'node:fs/promises';
import type { Gazetteer } from '@dak/domain/address-prediction';
import type { AreaKind } from '@dak/domain/geo';

/** The columns the address reader needs, as the database (or the seed files) hold them. */
export type GazetteerRows = {
  divisions: { id: string; name_en: string; name_bn: string; aliases: string[] }[];
  districts: { id: string; division_id: string; name_en: string; name_bn: string; aliases: string[] }[];
  areas: {
    id: string;
    district_id: string;
    kind: AreaKind;
    name_en: string;
    name_bn: string;
    aliases: string[];
    postcode: string | null;
  }[];
};

/** One row of seed/geo/postcodes.json (scripts/build-postcode-seed.ts). */
export type PostcodeRow = {
  postcode: string;
  district_id: string;
  area_ids: string[];
  post_office_en: string;
  post_office_bn: string;
};

/** One row of seed/geo/landmarks.json: a big city's street or landmark the areas' names leave out. */
export type LandmarkRow = {
  name_en: string;
  name_bn: string;
  aliases: string[];
  district_id: string;
  /** Null where the data has no delivery area for it (Khulna's and Rajshahi's city thanas). */
  area_id: string | null;
};

/** The landmark list is reference data checked in beside the geography seed (its README says how). */
export async function readLandmarkSeed(): Promise<LandmarkRow[]> {
  const url = new URL('../../db/seed/geo/landmarks.json', import.meta.url);
  return JSON.parse(await readFile(url, 'utf8')) as LandmarkRow[];
}

/** The postcode list is reference data checked in beside the geography seed. */
export async function readPostcodeSeed(): Promise<PostcodeRow[]> {
  const url = new URL('../../db/seed/geo/postcodes.json', import.meta.url);
  return JSON.parse(await readFile(url, 'utf8')) as PostcodeRow[];
}

/**
 * Rows → the matcher's gazetteer. Post offices become weak place names of the first area their
 * postcode serves (a village post office names its upazila); postcodes whose areas are all
 * unknown to the database keep only their district.
 */
export function toGazetteer(
  rows: GazetteerRows,
  postcodes: readonly PostcodeRow[],
  landmarks: readonly LandmarkRow[] = [],
): Gazetteer {
  const places = new Map<string, string[]>();
  const areaIds = new Set(rows.areas.map((a) => a.id));
  const districtIds = new Set(rows.districts.map((d) => d.id));
  const codes: Record<string, { districtId: string; areaIds: string[] }> = {};
  for (const p of postcodes) {
    if (!districtIds.has(p.district_id)) continue;
    const known = p.area_ids.filter((id) => areaIds.has(id));
    codes[p.postcode] = { districtId: p.district_id, areaIds: known };
    const first = known[0];
    if (first) {
      const list = places.get(first) ?? [];
      for (const name of [p.post_office_en, p.post_office_bn]) {
        if (name && name !== '-' && !list.includes(name)) list.push(name);
      }
      places.set(first, list);
    }
  }
  return {
    divisions: rows.divisions.map((d) => ({
      id: d.id,
      nameEn: d.name_en,
      nameBn: d.name_bn,
      aliases: d.aliases,
    })),
    districts: rows.districts.map((d) => ({
      id: d.id,
      nameEn: d.name_en,
      nameBn: d.name_bn,
      aliases: d.aliases,
      divisionId: d.division_id,
    })),
    areas: rows.areas.map((a) => ({
      id: a.id,
      districtId: a.district_id,
      kind: a.kind,
      nameEn: a.name_en,
      nameBn: a.name_bn,
      aliases: a.aliases,
      postcode: a.postcode,
      places: places.get(a.id) ?? [],
    })),
    postcodes: codes,
    // A landmark whose area or district the database lacks is left out, not guessed.
    landmarks: landmarks
      .filter((l) => districtIds.has(l.district_id) && (l.area_id === null || areaIds.has(l.area_id)))
      .map((l) => ({
        names: [l.name_en, l.name_bn, ...l.aliases].filter(Boolean),
        districtId: l.district_id,
        areaId: l.area_id,
      })),
  };
}
