import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { phoneticKey, weightedDistance } from '@dak/domain/address-prediction';
import { normalizeSearchText } from '@dak/domain/geo';
import type { AreaSeed, DistrictSeed } from '../src/db/seed/geo-rules';

/**
 * Writes src/db/seed/geo/postcodes.json: each postcode of the shared bd-geo data with its
 * district, the delivery areas it serves and its post office's names, for the address reader
 * (modules/address-prediction). The server never reads the shared folder; re-run this after the
 * shared data or areas.json changes, then review the diff:
 *   npx tsx apps/server/scripts/build-postcode-seed.ts [path/to/bd-geo]
 *
 * A postcode's areas, most specific first: the city areas whose own postcode it is (the one
 * named like the postal thana first), then the upazila the data links it to; where the data
 * has no upazila (526 of 1,347), the upazila of its district spelt like its postal thana or,
 * failing that, its post office (phonetic keys, a small edit distance, one clear winner).
 * Nothing found: the postcode still gives its district.
 */
type RawPostcode = {
  postcode: string;
  post_office_en: string;
  post_office_bn: string;
  thana_en: string;
  thana_bn: string;
  district_id: string;
  upazila_id: string | null;
};

export type PostcodeSeed = {
  postcode: string;
  district_id: string;
  area_ids: string[];
  post_office_en: string;
  post_office_bn: string;
};

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? join(here, '../../../../shared/data/bd-geo'));
const seedDir = join(here, '../src/db/seed/geo');

const readJson = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;
const raw = await readJson<RawPostcode[]>(join(source, 'postcodes.json'));
const areas = await readJson<AreaSeed[]>(join(seedDir, 'areas.json'));
const districts = await readJson<DistrictSeed[]>(join(seedDir, 'districts.json'));
const districtIds = new Set(districts.map((d) => d.id));
const areaIds = new Set(areas.map((a) => a.id));

/** Post-office suffixes that are not part of the place's name. */
const officeSuffix = /\s*\b(t\.?s\.?o|s\.?o|u\.?p\.?o|h\.?o|g\.?p\.?o|sub office|post office)\s*$/i;
const cleanOffice = (name: string) => name.replace(officeSuffix, '').replace(/\s+/g, ' ').trim();
const compactKey = (text: string) =>
  normalizeSearchText(text)
    .split(' ')
    .filter((w) => w && w !== 'sadar' && w !== 'সদর' && w !== 'thana' && w !== 'upazila')
    .map(phoneticKey)
    .join('');

/** The one upazila of the district spelt like `name`, or undefined when none or several are close. */
function upazilaLike(districtId: string, names: string[]): string | undefined {
  const keys = names.map(compactKey).filter((k) => k.length >= 3);
  let best: { id: string; distance: number } | undefined;
  let runnerUp = Number.POSITIVE_INFINITY;
  for (const area of areas) {
    if (area.district_id !== districtId || area.kind !== 'upazila') continue;
    const own = [area.name_en, area.name_bn, ...area.aliases].map(compactKey);
    let distance = Number.POSITIVE_INFINITY;
    for (const k of keys) for (const o of own) distance = Math.min(distance, weightedDistance(k, o, 1.5));
    if (!best || distance < best.distance) {
      runnerUp = best?.distance ?? runnerUp;
      best = { id: area.id, distance };
    } else runnerUp = Math.min(runnerUp, distance);
  }
  if (!best || best.distance > 1.3 || runnerUp - best.distance < 0.5) return undefined;
  return best.id;
}

const rows: PostcodeSeed[] = [];
let linked = 0;
let spelt = 0;
for (const p of raw) {
  if (!districtIds.has(p.district_id))
    throw new Error(`postcode ${p.postcode}: unknown district ${p.district_id}`);
  const ids: string[] = [];
  const thanaKey = compactKey(p.thana_en);
  const cityAreas = areas
    .filter((a) => a.postcode === p.postcode && a.district_id === p.district_id && a.kind !== 'upazila')
    .sort((a, b) => {
      const named = (x: AreaSeed) => (compactKey(x.name_en) === thanaKey || x.kind === 'thana' ? 0 : 1);
      return named(a) - named(b) || a.id.localeCompare(b.id);
    });
  ids.push(...cityAreas.map((a) => a.id));
  if (p.upazila_id) {
    if (!areaIds.has(p.upazila_id))
      throw new Error(`postcode ${p.postcode}: unknown upazila ${p.upazila_id}`);
    ids.push(p.upazila_id);
    linked++;
  } else if (cityAreas.length === 0) {
    const found =
      upazilaLike(p.district_id, [p.thana_en, p.thana_bn]) ??
      upazilaLike(p.district_id, [cleanOffice(p.post_office_en), cleanOffice(p.post_office_bn)]);
    if (found) {
      ids.push(found);
      spelt++;
    }
  }
  rows.push({
    postcode: p.postcode,
    district_id: p.district_id,
    area_ids: [...new Set(ids)],
    post_office_en: cleanOffice(p.post_office_en),
    post_office_bn: cleanOffice(p.post_office_bn),
  });
}
rows.sort((a, b) => a.postcode.localeCompare(b.postcode));
await writeFile(
  join(seedDir, 'postcodes.json'),
  `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`,
);
const none = rows.filter((r) => r.area_ids.length === 0).length;
console.log(
  `postcodes from ${source}: ${rows.length} written to ${seedDir}/postcodes.json\n` +
    `  linked by the data: ${linked}; by spelling of thana or office: ${spelt}; ` +
    `city areas: ${rows.filter((r) => r.area_ids.some((id) => !id.includes('--') || /city|suburbs/.test(id))).length}; ` +
    `district only: ${none}`,
);
