import { type AreaKind, normalizeSearchText } from '../geo';
import {
  connectorKeys,
  droppableTailKeys,
  extraDistrictNames,
  genericKeys,
  houseMarkerKeys,
  sadarKey,
  type Token,
  tokenize,
} from './normalise';
import { bengaliScript } from './phonetic';
import { addEntry, type Entry, type Lookup, newLookup } from './scoring';

/** The gazetteer (the data the matcher reads) and the index built from it once. */

// Gazetteer (the data the matcher reads) -------------------------------------------------------------

export type GazetteerArea = {
  id: string;
  districtId: string;
  kind: AreaKind;
  nameEn: string;
  nameBn: string;
  aliases: readonly string[];
  postcode?: string | null;
  /** Weaker place names inside the area, e.g. its post offices. */
  places?: readonly string[];
};
export type GazetteerDistrict = {
  id: string;
  nameEn: string;
  nameBn: string;
  aliases: readonly string[];
  divisionId?: string;
};
export type GazetteerDivision = { id: string; nameEn: string; nameBn: string; aliases: readonly string[] };
/**
 * A well-known street, neighbourhood or landmark of a big city that the areas' names leave out
 * ("Pragati Sarani", "Zindabazar", "Sonadanga"): it names its area, or only its district where the
 * data has no delivery area for it (the city thanas of Khulna and Rajshahi).
 */
export type GazetteerLandmark = { names: readonly string[]; districtId: string; areaId?: string | null };
export type Gazetteer = {
  areas: readonly GazetteerArea[];
  districts: readonly GazetteerDistrict[];
  divisions?: readonly GazetteerDivision[];
  /** Postcode → its district and the areas it serves (first: the main one). */
  postcodes?: Readonly<Record<string, { districtId: string; areaIds: readonly string[] }>>;
  landmarks?: readonly GazetteerLandmark[];
};

export type IndexedArea = GazetteerArea & { rank: number; divisionId: string | undefined };

export type AddressIndex = {
  areas: IndexedArea[];
  districts: GazetteerDistrict[];
  names: Lookup;
  numbered: Lookup;
  districtNames: Lookup;
  /** Landmarks that name only their district (exact spellings): a weaker district mention. */
  districtPlaces: Lookup;
  /** Division key → its districts; for "Sreemangal, Sylhet" (the division, not the district). */
  divisionNames: Map<string, Set<string>>;
  postcodes: Map<string, { districtId: string; areaIds: Set<string>; primary: string | undefined }>;
  areaById: Map<string, number>;
};

const placeWeight = 0.8;
/** A landmark names its area a little more surely than a post office does. */
const landmarkWeight = 0.85;
const kindRank: Record<AreaKind, number> = { neighbourhood: 2, suburb: 2, thana: 1, upazila: 0 };

/** The spellings one name gives: "Baipayl / DEPZ", "Airport (Bimanbandar)", "Mirpur Model Thana". */
function nameVariants(name: string, districtWords: Set<string>): { text: string; weight: number }[] {
  const out: { text: string; weight: number }[] = [];
  for (const part of name.split('/')) {
    const inner = /\(([^)]*)\)/.exec(part)?.[1];
    const base = part.replace(/\([^)]*\)/g, ' ').trim();
    if (base) out.push({ text: base, weight: 1 });
    if (inner && !/\d/.test(inner)) {
      if (inner.includes(',')) {
        for (const piece of inner.split(',')) out.push({ text: piece.trim(), weight: 0.9 });
      } else {
        // "New Market (Chattogram)": the qualifier alone is no name of the area.
        if (!districtWords.has(normalizeSearchText(inner))) out.push({ text: inner.trim(), weight: 0.9 });
        out.push({ text: `${base} ${inner}`, weight: 1 });
      }
    }
  }
  return out.filter((v) => v.text.length > 0);
}

/** Builds the lookup tables once per gazetteer (a few milliseconds for 700 areas). */
export function buildAddressIndex(gazetteer: Gazetteer): AddressIndex {
  const names = newLookup();
  const numbered = newLookup();
  const districtNames = newLookup();
  const districtKeys = new Set<string>();
  /** `district:key` for each district's own names: an area named so is its district's echo. */
  const ownDistrictKeys = new Set<string>();
  const divisionOf = new Map(gazetteer.districts.map((d) => [d.id, d.divisionId]));

  const districts = [...gazetteer.districts];
  districts.forEach((district, target) => {
    const all = [
      district.nameEn,
      district.nameBn,
      ...district.aliases,
      ...(extraDistrictNames[district.id] ?? []),
    ];
    for (const name of all) {
      const keys = tokenize(name).map((t) => t.key);
      const compact = keys.join('');
      if (!compact) continue;
      districtKeys.add(compact);
      ownDistrictKeys.add(`${district.id}:${compact}`);
      addEntry(districtNames, {
        target,
        compact,
        letters: compact.replace(/\d/g, '').length,
        weight: 1,
        echo: false,
        bengali: bengaliScript.test(name),
        words: keys.length,
        place: false,
      });
    }
  });

  const divisionNames = new Map<string, Set<string>>();
  for (const division of gazetteer.divisions ?? []) {
    const members = new Set(districts.filter((d) => d.divisionId === division.id).map((d) => d.id));
    for (const name of [division.nameEn, division.nameBn, ...division.aliases]) {
      const compact = tokenize(name)
        .map((t) => t.key)
        .join('');
      if (compact) divisionNames.set(compact, members);
    }
  }

  const areas: IndexedArea[] = gazetteer.areas.map((a) => ({
    ...a,
    rank: kindRank[a.kind],
    divisionId: divisionOf.get(a.districtId),
  }));
  const districtWords = new Set(
    districts.flatMap((d) => [d.nameEn, d.nameBn, ...d.aliases].map((x) => normalizeSearchText(x))),
  );
  const heads = new Map<string, Set<number>>();
  const sourcesOf = (area: IndexedArea): { text: string; weight: number }[] => [
    ...nameVariants(area.nameEn, districtWords),
    ...nameVariants(area.nameBn, districtWords),
    ...area.aliases.flatMap((alias) =>
      nameVariants(alias, districtWords).map((v) => ({ ...v, weight: v.weight * 0.95 })),
    ),
  ];
  const seen = areas.map(() => new Map<string, Entry>());
  const add = (
    target: number,
    keys: string[],
    sourceWeight: number,
    bengali: boolean,
    num?: string,
    place = false,
  ) => {
    let weight = sourceWeight;
    const compact = keys.join('');
    const letters = compact.replace(/\d/g, '').length;
    if (compact.length < 2 || letters === 0) return;
    const id = `${compact}#${num ?? ''}`;
    const known = seen[target]?.get(id);
    if (known) {
      known.weight = Math.max(known.weight, weight);
      return;
    }
    // Named like its own district ("Narayanganj", "Gazipur" of Gazipur Sadar): by itself that is
    // the district's name. (Sherpur in Bogura is named like another district: not an echo.)
    const echo = ownDistrictKeys.has(`${areas[target]?.districtId}:${compact}`);
    // A lone generic word ("Chowrasta", "Bazar") is a weak name.
    if (keys.length === 1 && genericKeys.has(keys[0] as string)) weight *= 0.5;
    const entry: Entry = { target, compact, letters, weight, echo, bengali, words: keys.length, place };
    if (num !== undefined) entry.num = num;
    seen[target]?.set(id, entry);
    addEntry(num === undefined ? names : numbered, entry);
  };
  /** Both spellings of a name: generic words folded ("~new bazar") and as written ("notunbazar"). */
  const addBoth = (target: number, tokens: Token[], weight: number, bengali: boolean) => {
    add(
      target,
      tokens.map((t) => t.key),
      weight,
      bengali,
    );
    add(
      target,
      tokens.map((t) => t.raw),
      weight,
      bengali,
    );
  };
  areas.forEach((area, target) => {
    for (const source of sourcesOf(area)) {
      const bengali = bengaliScript.test(source.text);
      let tokens = tokenize(source.text);
      addBoth(target, tokens, source.weight, bengali);
      const head = tokens[0];
      if (tokens.length > 1 && head && !head.isNumber && !genericKeys.has(head.key) && head.key.length >= 5) {
        const set = heads.get(head.key) ?? new Set<number>();
        set.add(target);
        heads.set(head.key, set);
      }
      // Shorter spellings: without "Thana", "Model", "Mor"…, and "X Sadar" as plain "X".
      while (tokens.length > 1 && droppableTailKeys.has((tokens[tokens.length - 1] as Token).key)) {
        tokens = tokens.slice(0, -1);
        addBoth(target, tokens, source.weight * 0.95, bengali);
      }
      if (tokens.length > 1 && (tokens[tokens.length - 1] as Token).key === sadarKey) {
        addBoth(target, tokens.slice(0, -1), source.weight * 0.9, bengali);
      }
      // Numbered names: "Mirpur 10", "Uttara Sector 7", "Gulshan-2" (not "Banani Road 11").
      const numbers = tokens.filter((t) => t.isNumber);
      if (numbers.length === 1) {
        const at = tokens.findIndex((t) => t.isNumber);
        const before = tokens[at - 1];
        if (!before || !houseMarkerKeys.has(before.key)) {
          const base = tokens.filter((t) => !t.isNumber && !connectorKeys.has(t.key)).map((t) => t.key);
          if (base.length > 0) add(target, base, source.weight, bengali, numbers[0]?.key);
        }
      }
    }
  });
  // Post offices: weaker, and never where they would shadow a real name of any area (a village
  // office called "Ashuganj" is not Ashuganj upazila) or a district (Dhaka GPO).
  areas.forEach((area, target) => {
    for (const text of area.places ?? []) {
      const tokens = tokenize(text);
      const compact = tokens.map((t) => t.key).join('');
      if (names.exact.has(compact) || districtKeys.has(compact)) continue;
      add(
        target,
        tokens.map((t) => t.key),
        placeWeight,
        bengaliScript.test(text),
        undefined,
        true,
      );
    }
  });

  // Landmarks: like post offices, weaker than the areas' own names and never shadowing one; those
  // without an area of their own name only their district.
  const areaIndex = new Map(areas.map((a, i) => [a.id, i]));
  const districtIndex = new Map(districts.map((d, i) => [d.id, i]));
  const districtPlaces = newLookup();
  for (const landmark of gazetteer.landmarks ?? []) {
    const target = landmark.areaId ? areaIndex.get(landmark.areaId) : undefined;
    const district = districtIndex.get(landmark.districtId);
    for (const text of landmark.names) {
      const tokens = tokenize(text);
      const keys = tokens.map((t) => t.key);
      const compact = keys.join('');
      if (!compact || names.exact.has(compact) || districtKeys.has(compact)) continue;
      const bengali = bengaliScript.test(text);
      if (target !== undefined) add(target, keys, landmarkWeight, bengali, undefined, true);
      else if (district !== undefined && !landmark.areaId) {
        addEntry(districtPlaces, {
          target: district,
          compact,
          letters: compact.replace(/\d/g, '').length,
          weight: landmarkWeight,
          echo: false,
          bengali,
          words: keys.length,
          place: true,
        });
      }
    }
  }

  // Head words of longer names ("Uttara" of "Uttara East", "Uttara Sector 7"): weak, and only
  // where no area has that word as a whole name and it is not a district's or a generic word.
  for (const [head, targets] of heads) {
    if (names.exact.has(head) || districtKeys.has(head)) continue;
    for (const target of targets) {
      const entry = {
        target,
        compact: head,
        letters: head.length,
        weight: 0.55,
        echo: false,
        bengali: false,
      };
      addEntry(names, { ...entry, words: 1, place: false });
    }
  }

  const areaById = new Map(areas.map((a, i) => [a.id, i]));
  const postcodes = new Map<
    string,
    { districtId: string; areaIds: Set<string>; primary: string | undefined }
  >();
  for (const [code, value] of Object.entries(gazetteer.postcodes ?? {})) {
    const known = value.areaIds.filter((id) => areaById.has(id));
    postcodes.set(code, { districtId: value.districtId, areaIds: new Set(known), primary: known[0] });
  }
  // Areas' own postcodes count too (a city area's code, when the postcode list lacks it).
  for (const area of areas) {
    if (!area.postcode) continue;
    const known = postcodes.get(area.postcode);
    if (known) known.areaIds.add(area.id);
    else
      postcodes.set(area.postcode, {
        districtId: area.districtId,
        areaIds: new Set([area.id]),
        primary: area.id,
      });
  }
  return {
    areas,
    districts,
    names,
    numbered,
    districtNames,
    districtPlaces,
    divisionNames,
    postcodes,
    areaById,
  };
}
