import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGeoSeed, type GeoSeed, type RawGeo } from '../src/db/seed/geo-rules';

/**
 * Rebuilds src/db/seed/geo/*.json from the shared bd-geo data, so the server never reads the
 * shared folder at run time or in tests. Re-run when that data changes, then review the diff:
 *   npx tsx apps/server/scripts/build-geo-seed.ts [path/to/bd-geo]
 */
const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? join(here, '../../../../shared/data/bd-geo'));
const target = join(here, '../src/db/seed/geo');

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(join(source, name), 'utf8')) as T;
}

const raw: RawGeo = {
  divisions: await readJson('divisions.json'),
  districts: await readJson('districts.json'),
  upazilas: await readJson('upazilas.json'),
  cityAreas: await readJson('city-areas.json'),
};
const seed = buildGeoSeed(raw);

// One record per line: compact, yet a data change shows up as a one-line diff in review.
const toJson = (rows: readonly object[]) => `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`;

for (const name of [
  'divisions',
  'districts',
  'zones',
  'hubs',
  'areas',
] as const satisfies (keyof GeoSeed)[]) {
  await writeFile(join(target, `${name}.json`), toJson(seed[name]));
}
const byZone = new Map<string, number>();
for (const area of seed.areas) byZone.set(area.zone_id, (byZone.get(area.zone_id) ?? 0) + 1);
console.log(
  `bd-geo from ${source}\n` +
    `wrote ${seed.divisions.length} divisions, ${seed.districts.length} districts, ${seed.zones.length} zones, ` +
    `${seed.hubs.length} hubs, ${seed.areas.length} areas to ${target}\n` +
    [...byZone].map(([zone, count]) => `  ${zone}: ${count}`).join('\n'),
);
