import { describe, expect, it } from 'vitest';
import { areaHub, buildGeoSeed, dhakaHubByThana, type RawGeo, searchFields, upazilaZone } from './geo-rules';

const cityArea = (id: string, zone: string, upazila_id: string | null) => ({ id, zone, upazila_id });

describe('upazilaZone', () => {
  it('is outside_dhaka when no city area points into the upazila', () => {
    expect(
      upazilaZone('dhaka--dhamrai', [cityArea('dhaka-suburbs--savar', 'dhaka_suburbs', 'dhaka--savar')]),
    ).toBe('outside_dhaka');
  });

  it('takes the zone of the city areas that point into it', () => {
    const areas = [
      cityArea('dhaka-suburbs--savar', 'dhaka_suburbs', 'dhaka--savar'),
      cityArea('dhaka-suburbs--ashulia', 'dhaka_suburbs', 'dhaka--savar'),
      cityArea('chattogram-city--karnaphuli', 'chattogram_city', 'chattogram--karnafuli'),
      cityArea('dhaka-city--mirpur-10', 'dhaka_city', null),
    ];
    expect(upazilaZone('dhaka--savar', areas)).toBe('dhaka_suburbs');
    expect(upazilaZone('chattogram--karnafuli', areas)).toBe('chattogram_city');
  });

  it('refuses city areas of one upazila that disagree', () => {
    expect(() =>
      upazilaZone('x--y', [cityArea('a', 'dhaka_suburbs', 'x--y'), cityArea('b', 'dhaka_city', 'x--y')]),
    ).toThrow(/disagree/);
  });
});

describe('areaHub', () => {
  const base = { city: null, thana_en: null, parent_upazila_id: null };

  it('sends a Dhaka city area to its thana cluster hub, the Demra outskirts included', () => {
    expect(
      areaHub({
        ...base,
        id: 'dhaka-city--mirpur-10',
        district_id: 'dhaka',
        city: 'dhaka',
        thana_en: 'Mirpur Model',
      }),
    ).toBe('hub-dhaka-mirpur');
    expect(
      areaHub({
        ...base,
        id: 'dhaka-suburbs--demra-outskirts',
        district_id: 'dhaka',
        city: 'dhaka',
        thana_en: 'Demra',
      }),
    ).toBe('hub-dhaka-jatrabari');
  });

  it('sends suburbs to the hub of their upazila, or of their district', () => {
    const savar = {
      ...base,
      district_id: 'dhaka',
      city: 'dhaka',
      thana_en: 'Ashulia',
      parent_upazila_id: 'dhaka--savar',
    };
    expect(areaHub({ ...savar, id: 'dhaka-suburbs--ashulia' })).toBe('hub-dhaka-savar');
    expect(
      areaHub({
        ...base,
        id: 'dhaka-suburbs--tongi',
        district_id: 'gazipur',
        city: 'dhaka',
        thana_en: 'Tongi East / Tongi West',
        parent_upazila_id: 'gazipur--gazipur-sadar',
      }),
    ).toBe('hub-gazipur');
  });

  it('sends upazilas to their own hub where they have one, else to the district hub', () => {
    expect(areaHub({ ...base, id: 'dhaka--keraniganj', district_id: 'dhaka' })).toBe('hub-dhaka-keraniganj');
    expect(areaHub({ ...base, id: 'chattogram--karnafuli', district_id: 'chattogram' })).toBe(
      'hub-chattogram-city',
    );
    expect(areaHub({ ...base, id: 'dhaka--dohar', district_id: 'dhaka' })).toBe('hub-dhaka');
    expect(areaHub({ ...base, id: 'cumilla--debidwar', district_id: 'cumilla' })).toBe('hub-cumilla');
  });

  it('refuses a Dhaka city area whose thana has no hub', () => {
    expect(() =>
      areaHub({ ...base, id: 'dhaka-city--new', district_id: 'dhaka', city: 'dhaka', thana_en: 'Nowhere' }),
    ).toThrow(/no hub/);
  });

  it('covers all 50 DMP thanas, each once', () => {
    expect(dhakaHubByThana.size).toBe(50);
  });
});

describe('searchFields', () => {
  it('keeps the two names first, normalised, and adds the thana to the text only', () => {
    const fields = searchFields(
      ['Mirpur 10', 'মিরপুর ১০', 'Mirpur-10', 'Mirpur 10 Golchattar'],
      ['Mirpur Model', 'মিরপুর মডেল'],
    );
    expect(fields.search_names).toEqual(['mirpur 10', 'মিরপুর 10', 'mirpur 10 golchattar']);
    expect(fields.search_text).toBe('mirpur 10 মিরপুর 10 mirpur 10 golchattar mirpur model মিরপুর মডেল');
  });
});

describe('buildGeoSeed', () => {
  const raw: RawGeo = {
    divisions: [{ id: 'dhaka', name_en: 'Dhaka', name_bn: 'ঢাকা', aliases: [], lat: null, lng: null }],
    districts: [
      {
        id: 'dhaka',
        division_id: 'dhaka',
        name_en: 'Dhaka',
        name_bn: 'ঢাকা',
        aliases: [],
        lat: null,
        lng: null,
      },
      {
        id: 'gazipur',
        division_id: 'dhaka',
        name_en: 'Gazipur',
        name_bn: 'গাজীপুর',
        aliases: [],
        lat: null,
        lng: null,
      },
    ],
    upazilas: [
      { id: 'dhaka--savar', district_id: 'dhaka', name_en: 'Savar', name_bn: 'সাভার', aliases: [] },
      { id: 'dhaka--dohar', district_id: 'dhaka', name_en: 'Dohar', name_bn: 'দোহার', aliases: [] },
      {
        id: 'gazipur--kaliakair',
        district_id: 'gazipur',
        name_en: 'Kaliakair',
        name_bn: 'কালিয়াকৈর',
        aliases: [],
      },
    ],
    cityAreas: [
      {
        id: 'dhaka-suburbs--savar',
        name_en: 'Savar',
        name_bn: 'সাভার',
        city: 'dhaka',
        kind: 'suburb',
        thana_en: 'Savar Model',
        thana_bn: 'সাভার মডেল',
        zone: 'dhaka_suburbs',
        district_id: 'dhaka',
        upazila_id: 'dhaka--savar',
        postcode: '1340',
        aliases: ['Sabhar'],
      },
    ],
  };

  it('makes one hub per district plus the city hubs, and places every area', () => {
    const seed = buildGeoSeed(raw);
    expect(seed.hubs.filter((h) => h.kind === 'district').map((h) => h.id)).toEqual([
      'hub-dhaka',
      'hub-gazipur',
    ]);
    const byId = new Map(seed.areas.map((a) => [a.id, a]));
    expect(byId.get('dhaka--savar')).toMatchObject({
      zone_id: 'dhaka_suburbs',
      hub_id: 'hub-dhaka-savar',
      kind: 'upazila',
    });
    expect(byId.get('dhaka--dohar')).toMatchObject({ zone_id: 'outside_dhaka', hub_id: 'hub-dhaka' });
    expect(byId.get('gazipur--kaliakair')).toMatchObject({ zone_id: 'outside_dhaka', hub_id: 'hub-gazipur' });
    expect(byId.get('dhaka-suburbs--savar')).toMatchObject({
      kind: 'suburb',
      parent_upazila_id: 'dhaka--savar',
      hub_id: 'hub-dhaka-savar',
      search_names: ['savar', 'সাভার', 'sabhar'],
    });
  });

  it('refuses a city area whose upazila lies in another district', () => {
    const bad = structuredClone(raw);
    const area = bad.cityAreas[0];
    if (area) area.upazila_id = 'gazipur--kaliakair';
    expect(() => buildGeoSeed(bad)).toThrow(/not in district/);
  });
});
