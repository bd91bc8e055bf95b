import type { AddressPrediction } from './contract';
import type { AddressIndex, GazetteerDistrict, IndexedArea } from './gazetteer';
import { connectorKeys, houseMarkerKeys, landmarkKeys, sectorKey, streetKeys, tokenize } from './normalise';
import {
  type AreaMatch,
  contains,
  type DistrictMention,
  type Entry,
  fullScore,
  lengthFactor,
  lookup,
  minAreaScore,
  minDistrictSim,
  overlaps,
  push,
  rankBonus,
  type Span,
  type Window,
  windows,
} from './scoring';

/** Reading one address against the index: areas, districts and postcodes found, then ranked. */

/** The most an answer gets when the words name places in two districts and nothing decides. */
const ambiguousConfidence = 0.45;
/** How surely a landmark names its district: above the spelling floor, below a spelt-out name. */
const landmarkSim = 0.95;

/** Reads one address against the index. */
export function predictArea(index: AddressIndex, address: string): AddressPrediction {
  const tokens = tokenize(address);
  const n = tokens.length;
  const all = windows(tokens);
  const spanText = (s: Span) =>
    tokens
      .slice(s.start, s.end)
      .map((t) => t.text)
      .join(' ');

  // 1. District mentions: per window the best-spelt districts, and only where no overlapping
  //    window names a district better (so "Bogura" is not also a misspelt "Magura").
  let mentions: DistrictMention[] = [];
  for (const w of all) {
    const found = lookup(index.districtNames, w.key, w.meaningful).filter((x) => x.sim >= minDistrictSim);
    const top = Math.max(0, ...found.map((f) => f.sim));
    for (const { entry, sim } of found) {
      if (sim < top) continue;
      mentions.push({
        start: w.start,
        end: w.end,
        district: (index.districts[entry.target] as GazetteerDistrict).id,
        sim: w.stripped ? sim * 0.95 : sim,
        divisionMembers: sim === 1 ? index.divisionNames.get(entry.compact) : undefined,
      });
    }
  }
  mentions = mentions.filter(
    (m) =>
      !mentions.some(
        (o) =>
          o !== m &&
          overlaps(o, m) &&
          (o.sim > m.sim + 1e-9 || (o.sim >= m.sim - 1e-9 && o.end - o.start > m.end - m.start)),
      ),
  );

  // A district's name before "Road" (or before another such name: "Dhaka-Barisal Road") names a
  // street that leads there: "Lower Jashore Road, Khulna" is in Khulna.
  const street = (end: number) => streetKeys.has(tokens[end]?.key ?? '');
  let streets = mentions.filter((m) => street(m.end));
  for (let grown = true; grown; ) {
    const more = mentions.filter((m) => !streets.includes(m) && streets.some((s) => s.start === m.end));
    grown = more.length > 0;
    streets = [...streets, ...more];
  }
  mentions = mentions.filter((m) => !streets.includes(m));
  // A landmark that names only its district ("Sonadanga", "Shaheb Bazar") is a weaker mention of
  // it; where the address spells out another district, the word is a local name there ("Tangail
  // Sadar, Nirala Mor").
  const spelt = mentions.filter((m) => m.sim === 1);
  for (const w of all) {
    if (w.stripped) continue;
    for (const entry of index.districtPlaces.exact.get(w.key) ?? []) {
      if (mentions.some((m) => overlaps(m, w))) continue;
      const district = (index.districts[entry.target] as GazetteerDistrict).id;
      if (spelt.some((m) => m.district !== district && !m.divisionMembers?.has(district))) continue;
      mentions.push({ start: w.start, end: w.end, district, sim: landmarkSim, divisionMembers: undefined });
    }
  }

  // 2. Postcodes: a 4-digit number that is not a house or road number.
  let postcode:
    | { districtId: string; areaIds: Set<string>; primary: string | undefined; span: Span }
    | undefined;
  tokens.forEach((t, i) => {
    if (!t.isNumber || t.text.length !== 4) return;
    const before = tokens[i - 1];
    if (before && houseMarkerKeys.has(before.key)) return;
    const known = index.postcodes.get(t.text);
    if (known) postcode = { ...known, span: { start: i, end: i + 1 } };
  });
  // A postcode against the district the address spells out is a house number or a slip ("3061,
  // Savar City Centre, Savar, Dhaka"): the words win.
  const code = postcode;
  if (
    code &&
    mentions.some((d) => d.sim === 1) &&
    !mentions.some((d) => d.district === code.districtId || d.divisionMembers?.has(code.districtId))
  ) {
    postcode = undefined;
  }

  // 3. Area names, exactly or (for windows with a real word in them) within the typo tolerance.
  const matches: AreaMatch[] = [];
  const addMatch = (
    entry: Entry,
    span: Span,
    sim: number,
    text: string,
    exact: boolean,
    numbered = false,
  ) => {
    let strength = sim * sim * entry.weight * lengthFactor(entry.letters);
    if (entry.echo) strength *= 0.5;
    // A name with its number ("Mirpur 10") says more than the name alone.
    if (numbered) strength += 0.1;
    // Words that exactly name a district are the district, not a near spelling of some place
    // ("Gazipur" is no misspelt "Gazipura"; "Jamalpur" no "Kamalpur").
    // Nor is a near spelling that runs over another district's exact name ("ভোলা শহর", Bhola town,
    // is no misspelt Sholoshahar).
    const own = (index.areas[entry.target] as IndexedArea).districtId;
    if (
      !exact &&
      !entry.echo &&
      mentions.some(
        (d) =>
          d.sim >= landmarkSim &&
          ((d.start <= span.start && span.end <= d.end) || (overlaps(d, span) && d.district !== own)),
      )
    ) {
      strength *= 0.4;
    }
    matches.push({
      ...span,
      area: entry.target,
      strength,
      sim,
      echo: entry.echo,
      numbered,
      exact,
      place: entry.place,
      text,
    });
  };
  for (const w of all) {
    const found = new Map<Entry, number>();
    for (const key of w.raw === w.key ? [w.key] : [w.key, w.raw]) {
      for (const { entry, sim } of lookup(index.names, key, w.meaningful)) {
        found.set(entry, Math.max(found.get(entry) ?? 0, sim));
      }
    }
    for (const [entry, sim] of found) {
      let s = w.stripped ? sim * 0.95 : sim;
      // A noise word that is also a one-word name ("তলা", a floor, and Tala upazila) counts only
      // with its district named beside it.
      if (!w.meaningful && entry.words < 2) s *= 0.45;
      // A post office's name spelt only nearly is weak: people's names are spelt like villages.
      if (entry.place && sim < 1) s *= 0.85;
      // Latin words meeting a Bengali name (or the reverse) went through transliteration.
      if (w.bengali !== undefined && w.bengali !== entry.bengali) s *= 0.97;
      addMatch(entry, w, s, spanText(w), sim === 1 && !w.stripped);
    }
  }

  // 4. Numbered names: the number sits beside the name (through "no", "sector"), or follows
  //    "sector" anywhere ("Sector 7, Road 3, Uttara"); a house or road number never counts.
  const numberedHits: { w: Window; hits: { entry: Entry; sim: number }[] }[] = [];
  if (tokens.some((t) => t.isNumber)) {
    for (const w of all) {
      if (w.stripped || tokens.slice(w.start, w.end).some((x) => x.isNumber || x.noise)) continue;
      const hits = lookup(index.numbered, w.key);
      if (hits.length > 0) numberedHits.push({ w, hits });
    }
  }
  tokens.forEach((t, k) => {
    if (!t.isNumber || t.ordinal || t.text.length > 3) return;
    const before = tokens[k - 1];
    if (before && houseMarkerKeys.has(before.key)) return;
    const afterSector = before?.key === sectorKey;
    const beside = (s: Span) => {
      const gap = s.end <= k ? tokens.slice(s.end, k) : tokens.slice(k + 1, s.start);
      return gap.length <= 2 && gap.every((g) => connectorKeys.has(g.key));
    };
    for (const { w, hits } of numberedHits) {
      if (w.start <= k && k < w.end) continue;
      if (!afterSector && !beside(w)) continue;
      for (const { entry, sim } of hits) {
        if (entry.num !== t.key) continue;
        const span = afterSector ? w : { start: Math.min(w.start, k), end: Math.max(w.end, k + 1) };
        addMatch(entry, span, sim, `${spanText(w)} ${t.text}`, sim === 1, true);
      }
    }
  });

  // A district's name inside a longer place name is no mention of the district ("Chittagong
  // Road, Siddhirganj"; "Dhaka College").
  mentions = mentions.filter(
    (d) =>
      !matches.some(
        (m) =>
          m.exact && !m.echo && m.start <= d.start && d.end <= m.end && m.end - m.start > d.end - d.start,
      ),
  );

  // 5. Each area's best match, then what the rest of the address says about it.
  const byArea = new Map<number, AreaMatch[]>();
  for (const m of matches) push(byArea, m.area, m);
  const best = new Map<number, AreaMatch>();
  for (const m of matches) {
    const known = best.get(m.area);
    const longer = known && m.end - m.start > known.end - known.start;
    if (!known || m.strength > known.strength + 1e-9 || (m.strength > known.strength - 1e-9 && longer)) {
      best.set(m.area, m);
    }
  }
  const areaOf = (target: number) => index.areas[target] as IndexedArea;
  const sameSpan = (a: Span, b: Span) => a.start === b.start && a.end === b.end;
  // How fine the place named is: a neighbourhood's rank, unless its words also name a whole
  // upazila or thana of the district ("Savar" the suburb is also Savar the upazila).
  const level = new Map<number, number>();
  for (const [target, match] of best) {
    const area = areaOf(target);
    let rank = area.rank;
    for (const [other, m] of best) {
      const o = areaOf(other);
      if (o.districtId === area.districtId && sameSpan(m, match) && m.sim >= 0.9)
        rank = Math.min(rank, o.rank);
    }
    level.set(target, rank);
  }
  const landmark = (s: Span) =>
    landmarkKeys.has(tokens[s.end]?.key ?? '') ||
    landmarkKeys.has(tokens[s.end + 1]?.key ?? '') ||
    landmarkKeys.has(tokens[s.start - 1]?.key ?? '');

  const scored: { area: IndexedArea; match: AreaMatch; score: number; consistent: boolean }[] = [];
  for (const [target, match] of best) {
    const area = areaOf(target);
    let score = match.strength;
    // Words that exactly name a district are the district: another district's area, or a
    // misspelling of some area's name, is the lesser reading ("Sherpur", "Gazipur").
    const within = (d: Span) => d.start <= match.start && match.end <= d.end;
    const here = mentions.filter((d) => within(d) && d.sim >= landmarkSim);
    // Words this area owns exactly are its name, not another district's ("Bhogra" is a spelling
    // of Bogura and a place at Gazipur Chowrasta).
    const own = byArea.get(target) ?? [];
    const elsewhere = mentions.filter(
      (d) => !overlaps(d, match) && !own.some((m) => m.exact && sameSpan(m, d)),
    );
    const supported = elsewhere.find((d) => d.district === area.districtId);
    if (here.some((d) => d.district !== area.districtId) && !supported) score *= 0.3;
    // A district named elsewhere in the address must agree. A name that is also a division's
    // ("Srimongol, Sylhet") does not count against the division's other districts, unless what
    // names the area is only a street ("Gabtoli Road, Narayanganj") or a weaker place name inside
    // it (a post office, a landmark: "Patharia Palace, …, Sylhet").
    const onStreet = street(match.end);
    // Its district spelt out anywhere (also in the words that name it: "Munshigonj" of Munshiganj
    // Sadar): a near spelling of another district is no contradiction ("Panchasar" is no Panchagarh).
    const spelt = mentions.some((d) => d.district === area.districtId && d.sim === 1);
    let consistent = true;
    if (elsewhere.length > 0) {
      if (supported) score += 0.35 * supported.sim;
      else if (spelt && elsewhere.every((d) => d.sim < 1)) score *= 0.9;
      else if (onStreet || match.place || !elsewhere.some((d) => d.divisionMembers?.has(area.districtId))) {
        score *= 0.4;
        consistent = false;
      }
    }
    if (postcode && !overlaps(postcode.span, match)) {
      if (postcode.areaIds.has(area.id)) score += 0.25;
      else if (postcode.districtId === area.districtId) score += 0.1;
      else {
        score *= 0.6;
        // …but a postcode never overrules the district the words spell out.
        if (!spelt) consistent = false;
      }
    }
    let agrees = false;
    let finer = false;
    let inside = false;
    for (const [otherTarget, other] of best) {
      if (otherTarget === target) continue;
      const o = areaOf(otherTarget);
      if (o.districtId === area.districtId && !overlaps(other, match) && !other.echo) {
        // Another place of the same district agrees; a finer one there is the answer.
        if (other.strength >= 0.45) agrees = true;
        // (Not when this area owns those words too: "West Kafrul, Taltola" names Kafrul twice.)
        const shared = (byArea.get(target) ?? []).some((own) => overlaps(own, other));
        const finerLevel = (level.get(otherTarget) ?? 0) > (level.get(target) ?? 0);
        if (finerLevel && !shared && other.strength >= 0.6 * match.strength) finer = true;
      }
      // Part of a longer name another area owns ("Mirpur" inside "Mirpur 10").
      for (const m of byArea.get(otherTarget) ?? []) {
        const within =
          contains(m, match) || (m.numbered && !match.numbered && overlaps(m, match) && !contains(match, m));
        // …unless this area owns that longer name too ("Jigatola Bus Stand").
        const shared = (byArea.get(target) ?? []).some(
          (own) => sameSpan(own, m) && own.strength >= 0.8 * m.strength,
        );
        // A fuzzy longer name does not swallow an exact shorter one ("Kattali" is no "Kotwali").
        if (within && !shared && m.sim >= match.sim - 0.02 && m.strength >= 0.6 * match.strength)
          inside = true;
      }
    }
    // Named twice, in different words ("Foys Lake … Khulshi"): more sure.
    const again = (byArea.get(target) ?? []).some((m) => !overlaps(m, match) && m.strength >= 0.45);
    if (again) score += 0.1;
    if (agrees) score += 0.12;
    if (finer) score *= 0.85;
    if (inside) score *= 0.5;
    if (landmark(match)) score *= 0.92;
    // "Dhunot road", "Airport road": a street named after a place leads there; it is not there.
    if (onStreet) score *= 0.88;
    // Specific before general: the finer kind of area, and what the address says first.
    score += rankBonus[area.rank] ?? 0;
    score += 0.06 * (1 - match.start / Math.max(1, n));
    scored.push({ area, match, score, consistent });
  }

  // 6. A postcode alone still names its main area.
  const primary = postcode?.primary ? index.areaById.get(postcode.primary) : undefined;
  if (postcode && primary !== undefined && !best.has(primary)) {
    const match = {
      ...postcode.span,
      area: primary,
      strength: 0.45,
      sim: 1,
      echo: false,
      numbered: false,
      exact: true,
    };
    scored.push({
      area: areaOf(primary),
      match: { ...match, text: spanText(postcode.span) },
      score: 0.45,
      consistent: true,
    });
  }

  scored.sort((a, b) => b.score - a.score || b.area.rank - a.area.rank || a.match.start - b.match.start);
  // An area in a district the address contradicts is never the answer, however well spelt.
  let top = scored.find((s) => s.consistent);
  const named = (districtId: string) =>
    mentions.some((d) => d.district === districtId) || postcode?.districtId === districtId;
  // Two upazilas of different districts and neither district named: the one named last holds the
  // other's name as a local one ("Bhoirab Bazar, Sreemangal" is a market in Sreemangal). Addresses
  // go from the house outwards, and an upazila is never inside another.
  const first = top;
  if (first && first.area.rank === 0 && !named(first.area.districtId)) {
    const outer = scored.find(
      (s) =>
        s.consistent &&
        s.area.rank === 0 &&
        s.area.districtId !== first.area.districtId &&
        s.match.start >= first.match.end &&
        s.match.exact &&
        !s.match.echo &&
        !s.match.place &&
        s.score >= 0.8 * first.score,
    );
    if (outer) top = outer;
  }
  // The answer first, then the others by score.
  const ordered = top && top !== first ? [top, ...scored.filter((s) => s !== top)] : scored;
  const candidates = ordered.slice(0, 5).map((s) => ({
    areaId: s.area.id,
    districtId: s.area.districtId,
    score: round(s.score / fullScore),
    matched: s.match.text,
  }));

  if (!top || top.score < minAreaScore) {
    // No area: still say the district when one is named (the best spelt, then the last).
    const district = [...mentions].sort((a, b) => b.sim - a.sim || b.start - a.start)[0];
    const districtId = district?.district ?? postcode?.districtId ?? null;
    return { districtId, areaId: null, confidence: districtId ? 0.3 : 0, candidates };
  }
  const chosen = top;
  // Rivals the address contradicts are no rivals.
  const second = scored.find((s) => s.area.id !== chosen.area.id && s.consistent);
  const margin = second ? 1 - Math.max(0, second.score) / chosen.score : 1;
  let confidence = Math.min(1, chosen.score / fullScore) * (0.55 + 0.45 * margin);
  // The same words name an area of another district too ("Bijoynagar": a Dhaka neighbourhood and
  // an upazila of Brahmanbaria) and nothing in the address tells which: say so, not guess.
  const namesake = scored.some(
    (s) =>
      s.consistent &&
      s.area.districtId !== chosen.area.districtId &&
      s.match.start === chosen.match.start &&
      s.match.end === chosen.match.end &&
      s.match.sim >= 0.9 &&
      !s.match.echo,
  );
  if (namesake && !named(chosen.area.districtId)) confidence = Math.min(confidence, ambiguousConfidence);
  return { districtId: top.area.districtId, areaId: top.area.id, confidence: round(confidence), candidates };
}

const round = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
