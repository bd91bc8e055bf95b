import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import type { AreaSeed, DistrictSeed, DivisionSeed, HubSeed, ZoneSeed } from './geo-rules';
import { readSeed, upsertSeedRows } from './upsert';

/**
 * Loads the reference geography (divisions, districts, zones, hubs, delivery areas) from the
 * checked-in seed files in ./geo, written by scripts/build-geo-seed.ts. Safe to run on every
 * start: rows are upserted in one transaction, rows that did not change are not rewritten, and
 * the flags staff change (areas.is_covered, hubs.active) are never touched once a row exists.
 * Rows that disappear from the seed stay: parcels and addresses may point at them.
 */
export async function seedGeography(db: Kysely<DB>): Promise<{ areas: number }> {
  const [divisions, districts, zones, hubs, areas] = await Promise.all([
    readSeed<DivisionSeed>('geo/divisions'),
    readSeed<DistrictSeed>('geo/districts'),
    readSeed<ZoneSeed>('geo/zones'),
    readSeed<HubSeed>('geo/hubs'),
    readSeed<AreaSeed>('geo/areas'),
  ]);

  const divisionColumns = ['name_en', 'name_bn', 'aliases', 'lat', 'lng'] as const;
  const districtColumns = ['division_id', ...divisionColumns] as const;
  const zoneColumns = ['name_en', 'name_bn', 'sort_order'] as const;
  const hubColumns = ['district_id', 'name_en', 'name_bn', 'kind'] as const;
  const areaColumns = [
    'district_id',
    'kind',
    'city',
    'parent_upazila_id',
    'name_en',
    'name_bn',
    'aliases',
    'postcode',
    'zone_id',
    'hub_id',
    'search_text',
    'search_names',
  ] as const;

  await db.transaction().execute(async (trx) => {
    // Parents before children; one multi-row statement per table (686 areas × 13 values is far
    // below PostgreSQL's 65 535 parameters). Upazilas precede city areas in the file, and the
    // parent_upazila_id check runs at the end of the statement anyway.
    await upsertSeedRows(trx, 'divisions', divisions, { key: 'id', columns: divisionColumns });
    await upsertSeedRows(trx, 'districts', districts, { key: 'id', columns: districtColumns });
    await upsertSeedRows(trx, 'zones', zones, { key: 'id', columns: zoneColumns });
    // hubs.active is left out of the update: staff switch hubs on and off.
    await upsertSeedRows(trx, 'hubs', hubs, { key: 'id', columns: hubColumns });
    // areas.is_covered is left out of the update: coverage is the staff's call.
    await upsertSeedRows(trx, 'areas', areas, { key: 'id', columns: areaColumns });
  });
  return { areas: areas.length };
}
