import { type AreaKind, type HubKind, normalizeSearchText } from '@dak/domain/geo';

/**
 * The pure part of the geography seed: how the shared bd-geo facts become our divisions,
 * districts, zones, hubs and delivery areas. scripts/build-geo-seed.ts reads the shared files,
 * calls buildGeoSeed and writes src/db/seed/geo/*.json; the rules are explained in
 * src/db/seed/geo/README.md. Any inconsistency throws, so a bad data update fails the generator
 * instead of seeding a wrong area.
 */

// The shared data's shapes (only the fields we read) -------------------------------------------

export type RawDivision = {
  id: string;
  name_en: string;
  name_bn: string;
  aliases: string[];
  lat: number | null;
  lng: number | null;
};
export type RawDistrict = RawDivision & { division_id: string };
export type RawUpazila = {
  id: string;
  name_en: string;
  name_bn: string;
  district_id: string;
  aliases: string[];
};
export type RawCityArea = {
  id: string;
  name_en: string;
  name_bn: string;
  city: string;
  kind: string;
  thana_en: string;
  thana_bn: string;
  zone: string;
  district_id: string;
  upazila_id: string | null;
  postcode: string | null;
  aliases: string[];
};
export type RawGeo = {
  divisions: RawDivision[];
  districts: RawDistrict[];
  upazilas: RawUpazila[];
  cityAreas: RawCityArea[];
};

// Our seed rows (column names as in the tables) ------------------------------------------------

export type DivisionSeed = RawDivision;
export type DistrictSeed = RawDistrict;
export type ZoneSeed = { id: string; name_en: string; name_bn: string; sort_order: number };
export type HubSeed = { id: string; district_id: string; name_en: string; name_bn: string; kind: HubKind };
export type AreaSeed = {
  id: string;
  district_id: string;
  kind: AreaKind;
  city: string | null;
  parent_upazila_id: string | null;
  name_en: string;
  name_bn: string;
  aliases: string[];
  postcode: string | null;
  zone_id: string;
  hub_id: string;
  search_text: string;
  search_names: string[];
};
export type GeoSeed = {
  divisions: DivisionSeed[];
  districts: DistrictSeed[];
  zones: ZoneSeed[];
  hubs: HubSeed[];
  areas: AreaSeed[];
};

// Zones -----------------------------------------------------------------------------------------

export const outsideZone = 'outside_dhaka';

/** sort_order doubles as the search tie-break: on equal match, metro areas come first. */
export const zones: ZoneSeed[] = [
  { id: 'dhaka_city', name_en: 'Dhaka City', name_bn: 'ঢাকা সিটি', sort_order: 1 },
  { id: 'dhaka_suburbs', name_en: 'Dhaka Suburbs', name_bn: 'ঢাকার শহরতলি', sort_order: 2 },
  { id: 'chattogram_city', name_en: 'Chattogram City', name_bn: 'চট্টগ্রাম সিটি', sort_order: 3 },
  { id: outsideZone, name_en: 'Outside Dhaka', name_bn: 'ঢাকার বাইরে', sort_order: 4 },
];

/**
 * An upazila takes the zone of the city areas that point into it (Savar, Keraniganj, Gazipur
 * Sadar, Narayanganj Sadar, Bandar, Sonargaon, Rupganj → dhaka_suburbs; Karnaphuli →
 * chattogram_city), so an address read as the upazila is priced like one read as its city area;
 * every other upazila is outside_dhaka. City areas of one upazila that disagree are a data error.
 */
export function upazilaZone(
  upazilaId: string,
  cityAreas: readonly Pick<RawCityArea, 'id' | 'zone' | 'upazila_id'>[],
): string {
  const inside = cityAreas.filter((a) => a.upazila_id === upazilaId);
  const zonesFound = [...new Set(inside.map((a) => a.zone))];
  if (zonesFound.length > 1) {
    throw new Error(`City areas of upazila ${upazilaId} disagree on the zone: ${zonesFound.join(', ')}`);
  }
  return zonesFound[0] ?? outsideZone;
}

// Hubs ------------------------------------------------------------------------------------------

/** Hubs besides the one per district: metro clusters of Dhaka, its suburbs, Chattogram city. */
export const extraHubs: HubSeed[] = [
  { id: 'hub-dhaka-mirpur', district_id: 'dhaka', name_en: 'Mirpur Hub', name_bn: 'মিরপুর হাব', kind: 'city' },
  { id: 'hub-dhaka-uttara', district_id: 'dhaka', name_en: 'Uttara Hub', name_bn: 'উত্তরা হাব', kind: 'city' },
  { id: 'hub-dhaka-gulshan', district_id: 'dhaka', name_en: 'Gulshan Hub', name_bn: 'গুলশান হাব', kind: 'city' },
  {
    id: 'hub-dhaka-tejgaon',
    district_id: 'dhaka',
    name_en: 'Tejgaon Hub',
    name_bn: 'তেজগাঁও হাব',
    kind: 'city',
  },
  {
    id: 'hub-dhaka-dhanmondi',
    district_id: 'dhaka',
    name_en: 'Dhanmondi Hub',
    name_bn: 'ধানমন্ডি হাব',
    kind: 'city',
  },
  {
    id: 'hub-dhaka-motijheel',
    district_id: 'dhaka',
    name_en: 'Motijheel Hub',
    name_bn: 'মতিঝিল হাব',
    kind: 'city',
  },
  {
    id: 'hub-dhaka-old-dhaka',
    district_id: 'dhaka',
    name_en: 'Old Dhaka Hub',
    name_bn: 'পুরান ঢাকা হাব',
    kind: 'city',
  },
  {
    id: 'hub-dhaka-jatrabari',
    district_id: 'dhaka',
    name_en: 'Jatrabari Hub',
    name_bn: 'যাত্রাবাড়ী হাব',
    kind: 'city',
  },
  { id: 'hub-dhaka-savar', district_id: 'dhaka', name_en: 'Savar Hub', name_bn: 'সাভার হাব', kind: 'city' },
  {
    id: 'hub-dhaka-keraniganj',
    district_id: 'dhaka',
    name_en: 'Keraniganj Hub',
    name_bn: 'কেরানীগঞ্জ হাব',
    kind: 'city',
  },
  {
    id: 'hub-chattogram-city',
    district_id: 'chattogram',
    name_en: 'Chattogram City Hub',
    name_bn: 'চট্টগ্রাম সিটি হাব',
    kind: 'city',
  },
];

/**
 * Dhaka's 50 DMP thanas grouped into eight clusters of neighbouring thanas, one hub each (loosely
 * the DMP crime divisions; an operations choice that staff can change later). A neighbourhood goes
 * with the thana the data puts it in.
 */
const dhakaClusters: Record<string, string[]> = {
  'hub-dhaka-mirpur': [
    'Mirpur Model',
    'Pallabi',
    'Kafrul',
    'Shah Ali',
    'Darus Salam',
    'Rupnagar',
    'Bhashantek',
    'Cantonment',
  ],
  'hub-dhaka-uttara': [
    'Uttara East',
    'Uttara West',
    'Bimanbandar',
    'Dakshinkhan',
    'Uttarkhan',
    'Turag',
    'Khilkhet',
  ],
  'hub-dhaka-gulshan': ['Gulshan', 'Banani', 'Badda', 'Bhatara', 'Rampura'],
  'hub-dhaka-tejgaon': ['Tejgaon', 'Tejgaon Industrial Area', 'Hatirjheel', 'Sher-e-Bangla Nagar'],
  'hub-dhaka-dhanmondi': ['Dhanmondi', 'Kalabagan', 'New Market', 'Hazaribagh', 'Mohammadpur', 'Adabor'],
  'hub-dhaka-motijheel': [
    'Motijheel',
    'Paltan Model',
    'Ramna Model',
    'Shahbagh',
    'Shahjahanpur',
    'Khilgaon',
    'Sabujbagh',
    'Mugda',
  ],
  'hub-dhaka-old-dhaka': [
    'Lalbagh',
    'Chawkbazar',
    'Kotwali',
    'Bangshal',
    'Sutrapur',
    'Wari',
    'Gendaria',
    'Kamrangirchar',
  ],
  'hub-dhaka-jatrabari': ['Jatrabari', 'Kadamtali', 'Shyampur', 'Demra'],
};
export const dhakaHubByThana: ReadonlyMap<string, string> = new Map(
  Object.entries(dhakaClusters).flatMap(([hub, thanas]) => thanas.map((thana) => [thana, hub] as const)),
);

/** Upazilas served by a hub other than their district's (the suburb hubs, Karnaphuli in the city). */
const upazilaHubs: ReadonlyMap<string, string> = new Map([
  ['dhaka--savar', 'hub-dhaka-savar'],
  ['dhaka--keraniganj', 'hub-dhaka-keraniganj'],
  ['chattogram--karnafuli', 'hub-chattogram-city'],
]);

export const districtHubId = (districtId: string) => `hub-${districtId}`;

/**
 * The serving hub of an area, first rule that applies: a Dhaka-district city area by its DMP
 * thana's cluster (this also catches the Demra outskirts, a suburb inside DMP's Demra thana);
 * any other Chattogram city area → the Chattogram city hub; an area in (or being) an upazila with
 * its own hub → that hub; else the district hub. City areas of Gazipur and Narayanganj therefore
 * go to those district hubs.
 */
export function areaHub(area: {
  id: string;
  district_id: string;
  city: string | null;
  thana_en: string | null;
  parent_upazila_id: string | null;
}): string {
  if (area.district_id === 'dhaka' && area.city === 'dhaka' && area.thana_en) {
    const hub = dhakaHubByThana.get(area.thana_en);
    if (hub) return hub;
    if (!area.parent_upazila_id)
      throw new Error(`Dhaka city area ${area.id}: thana ${area.thana_en} has no hub`);
  }
  if (area.city === 'chattogram') return 'hub-chattogram-city';
  const upazilaId = area.parent_upazila_id ?? (area.city === null ? area.id : null);
  const upazilaHub = upazilaId ? upazilaHubs.get(upazilaId) : undefined;
  return upazilaHub ?? districtHubId(area.district_id);
}

function districtHub(district: RawDistrict): HubSeed {
  // "Dhaka Hub" would read as the city's; the district hub serves Dhaka's outer upazilas.
  if (district.id === 'dhaka') {
    return {
      id: 'hub-dhaka',
      district_id: 'dhaka',
      name_en: 'Dhaka District Hub',
      name_bn: 'ঢাকা জেলা হাব',
      kind: 'district',
    };
  }
  return {
    id: districtHubId(district.id),
    district_id: district.id,
    name_en: `${district.name_en} Hub`,
    name_bn: `${district.name_bn} হাব`,
    kind: 'district',
  };
}

// Search text -----------------------------------------------------------------------------------

/**
 * Words a few Bengali typists would type that the data only has in English: the data gives
 * Mirpur Model thana the alias "Mirpur", so মিরপুর should find it too.
 */
const extraAliases: Record<string, string[]> = {
  'dhaka-city--mirpur-model': ['মিরপুর'],
};

const unique = (values: string[]) => [...new Set(values.filter((v) => v.length > 0))];

/**
 * search_names: each name and alias on its own, normalised (exact and prefix matching);
 * search_text: those plus the city area's thana, space-joined (word prefix and trigram matching).
 * The district's name is left out, or "Dhaka" would match every area of the district.
 */
export function searchFields(names: string[], extra: string[] = []) {
  const searchNames = unique(names.map(normalizeSearchText));
  const searchText = unique([...searchNames, ...extra.map(normalizeSearchText)]).join(' ');
  return { search_names: searchNames, search_text: searchText };
}

const areaKindOf = (kind: string): AreaKind => {
  if (kind === 'thana' || kind === 'neighbourhood' || kind === 'suburb') return kind;
  throw new Error(`Unknown city area kind: ${kind}`);
};

// The whole seed --------------------------------------------------------------------------------

export function buildGeoSeed(raw: RawGeo): GeoSeed {
  const divisions = raw.divisions.map(({ id, name_en, name_bn, aliases, lat, lng }) => ({
    id,
    name_en,
    name_bn,
    aliases,
    lat,
    lng,
  }));
  const districts = raw.districts.map(({ id, name_en, name_bn, aliases, lat, lng, division_id }) => ({
    id,
    division_id,
    name_en,
    name_bn,
    aliases,
    lat,
    lng,
  }));
  const divisionIds = new Set(divisions.map((d) => d.id));
  for (const d of districts)
    if (!divisionIds.has(d.division_id)) throw new Error(`District ${d.id}: unknown division`);

  const hubs = [...raw.districts.map(districtHub), ...extraHubs];
  const hubDistrict = new Map(hubs.map((h) => [h.id, h.district_id]));
  const zoneIds = new Set(zones.map((z) => z.id));
  const districtIds = new Set(districts.map((d) => d.id));
  const upazilaDistrict = new Map(raw.upazilas.map((u) => [u.id, u.district_id]));

  const upazilaAreas: AreaSeed[] = raw.upazilas.map((u) => ({
    id: u.id,
    district_id: u.district_id,
    kind: 'upazila',
    city: null,
    parent_upazila_id: null,
    name_en: u.name_en,
    name_bn: u.name_bn,
    aliases: u.aliases,
    postcode: null,
    zone_id: upazilaZone(u.id, raw.cityAreas),
    hub_id: areaHub({
      id: u.id,
      district_id: u.district_id,
      city: null,
      thana_en: null,
      parent_upazila_id: null,
    }),
    ...searchFields([u.name_en, u.name_bn, ...u.aliases, ...(extraAliases[u.id] ?? [])]),
  }));

  const cityAreas: AreaSeed[] = raw.cityAreas.map((c) => {
    const aliases = [...c.aliases, ...(extraAliases[c.id] ?? [])];
    if (c.upazila_id && upazilaDistrict.get(c.upazila_id) !== c.district_id) {
      throw new Error(`City area ${c.id}: upazila ${c.upazila_id} is not in district ${c.district_id}`);
    }
    return {
      id: c.id,
      district_id: c.district_id,
      kind: areaKindOf(c.kind),
      city: c.city,
      parent_upazila_id: c.upazila_id,
      name_en: c.name_en,
      name_bn: c.name_bn,
      aliases: c.aliases,
      postcode: c.postcode,
      zone_id: c.zone,
      hub_id: areaHub({
        id: c.id,
        district_id: c.district_id,
        city: c.city,
        thana_en: c.thana_en,
        parent_upazila_id: c.upazila_id,
      }),
      ...searchFields([c.name_en, c.name_bn, ...aliases], [c.thana_en, c.thana_bn]),
    };
  });

  const areas = [...upazilaAreas, ...cityAreas];
  const seen = new Set<string>();
  for (const a of areas) {
    if (seen.has(a.id)) throw new Error(`Duplicate area id ${a.id}`);
    seen.add(a.id);
    if (!districtIds.has(a.district_id)) throw new Error(`Area ${a.id}: unknown district ${a.district_id}`);
    if (!zoneIds.has(a.zone_id)) throw new Error(`Area ${a.id}: unknown zone ${a.zone_id}`);
    if (hubDistrict.get(a.hub_id) !== a.district_id) {
      throw new Error(`Area ${a.id}: hub ${a.hub_id} is not in its district ${a.district_id}`);
    }
  }
  return { divisions, districts, zones, hubs, areas };
}
