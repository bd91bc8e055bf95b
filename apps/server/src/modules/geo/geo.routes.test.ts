import {
  type Area,
  type AreaSearchHit,
  areaSearchResultSchema,
  type District,
  districtListSchema,
  type Hub,
  type Zone,
} from '@dak/domain/geo';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { seedGeography } from '../../db/seed/geography';
import { createGeoRepository } from './geo.repository';
import { createGeoService } from './geo.service';

const t = useTestApp();

type List<T> = { items: T[]; count: number };
const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  return { res, body: res.json<T>() };
};
const search = async (q: string, limit?: number) => {
  const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const { res, body } = await get<List<AreaSearchHit>>(`/areas/search?${params}`);
  expect(res.statusCode).toBe(200);
  return body.items;
};

describe('seeded geography', () => {
  it('has 8 divisions, 64 districts, 495 upazilas and 191 city areas', async () => {
    const { db } = t.database;
    const count = (table: 'divisions' | 'districts') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    expect((await count('divisions')).n).toBe(8);
    expect((await count('districts')).n).toBe(64);
    const kinds = await db
      .selectFrom('areas')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
    expect(byKind.upazila).toBe(495);
    expect((byKind.thana ?? 0) + (byKind.neighbourhood ?? 0) + (byKind.suburb ?? 0)).toBe(191);
  });

  it('gives every area a zone and a hub of its own district, and every district a hub', async () => {
    const bad = await sql<{ id: string }>`
      select a.id from areas a
        left join zones z on z.id = a.zone_id
        left join hubs h on h.id = a.hub_id
      where z.id is null or h.id is null or h.district_id <> a.district_id`.execute(t.database.db);
    expect(bad.rows).toEqual([]);
    const hubless = await sql<{ id: string }>`
      select d.id from districts d where not exists (select from hubs h where h.district_id = d.id and h.kind = 'district')`.execute(
      t.database.db,
    );
    expect(hubless.rows).toEqual([]);
  });

  it('prices the suburbs named in DESIGN.md as dhaka_suburbs and Dhaka district outskirts as outside', async () => {
    const rows = await t.database.db
      .selectFrom('areas')
      .select(['id', 'zone_id'])
      .where('kind', '=', 'upazila')
      .where('zone_id', '<>', 'outside_dhaka')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'chattogram--karnafuli', zone_id: 'chattogram_city' },
      { id: 'dhaka--keraniganj', zone_id: 'dhaka_suburbs' },
      { id: 'dhaka--savar', zone_id: 'dhaka_suburbs' },
      { id: 'gazipur--gazipur-sadar', zone_id: 'dhaka_suburbs' },
      { id: 'narayanganj--bandar', zone_id: 'dhaka_suburbs' },
      { id: 'narayanganj--narayanganj-sadar', zone_id: 'dhaka_suburbs' },
      { id: 'narayanganj--rupganj', zone_id: 'dhaka_suburbs' },
      { id: 'narayanganj--sonargaon', zone_id: 'dhaka_suburbs' },
    ]);
  });

  it('re-seeds without undoing what staff changed', async () => {
    const { db } = t.database;
    await db.updateTable('areas').set({ is_covered: false }).where('id', '=', 'kushtia--mirpur').execute();
    await db.updateTable('hubs').set({ active: false }).where('id', '=', 'hub-kushtia').execute();
    expect(await seedGeography(db)).toEqual({ areas: 686 });
    const area = await db
      .selectFrom('areas')
      .select('is_covered')
      .where('id', '=', 'kushtia--mirpur')
      .executeTakeFirstOrThrow();
    const hub = await db
      .selectFrom('hubs')
      .select('active')
      .where('id', '=', 'hub-kushtia')
      .executeTakeFirstOrThrow();
    expect(area.is_covered).toBe(false);
    expect(hub.active).toBe(false);
    await db.updateTable('areas').set({ is_covered: true }).where('id', '=', 'kushtia--mirpur').execute();
    await db.updateTable('hubs').set({ active: true }).where('id', '=', 'hub-kushtia').execute();
  });
});

describe('GET /districts', () => {
  it('lists the 64 districts with their division and area counts, cacheable', async () => {
    const { res, body } = await get<List<District>>('/districts');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(body.count).toBe(64);
    expect(body.items).toHaveLength(64);
    const dhaka = body.items.find((d) => d.id === 'dhaka');
    // 5 upazilas + 134 Dhaka city areas + 10 suburbs in Dhaka district (Savar, Keraniganj, Demra).
    expect(dhaka).toEqual({
      id: 'dhaka',
      nameEn: 'Dhaka',
      nameBn: 'ঢাকা',
      divisionId: 'dhaka',
      divisionNameEn: 'Dhaka',
      divisionNameBn: 'ঢাকা',
      areaCount: 149,
      coveredAreaCount: 149,
    });
    expect(body.items.reduce((sum, d) => sum + d.areaCount, 0)).toBe(686);
  });

  it('sends an ETag and answers 304 with no body to a client that holds the list', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/districts' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.body));
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/v1/districts',
        headers: { 'if-none-match': held },
      });
      expect(again.statusCode, held).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=3600');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
    }
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/districts',
      headers: { 'if-none-match': '"an-older-list"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});

describe('the district list memo', () => {
  it('shares one answer for five seconds, then reads the counts again', async () => {
    const { db } = t.database;
    let clock = 0;
    const geo = createGeoService({ db, now: () => clock });
    const covered = async () =>
      (await geo.listDistricts()).items.find((d) => d.id === 'kushtia')?.coveredAreaCount;
    const before = await covered();
    await db.updateTable('areas').set({ is_covered: false }).where('id', '=', 'kushtia--mirpur').execute();
    try {
      clock += 4_999;
      expect(await covered()).toBe(before);
      clock += 1;
      expect(await covered()).toBe((before ?? 0) - 1);
    } finally {
      await db.updateTable('areas').set({ is_covered: true }).where('id', '=', 'kushtia--mirpur').execute();
    }
  });
});

describe('GET /areas', () => {
  it("lists a district's upazilas and city areas", async () => {
    const { res, body } = await get<List<Area>>('/areas?districtId=gazipur');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(body.count).toBe(body.items.length);
    expect(body.items.find((a) => a.id === 'dhaka-suburbs--tongi')).toEqual({
      id: 'dhaka-suburbs--tongi',
      nameEn: 'Tongi',
      nameBn: 'টঙ্গী',
      kind: 'suburb',
      districtId: 'gazipur',
      zoneId: 'dhaka_suburbs',
      hubId: 'hub-gazipur',
      postcode: '1710',
      isCovered: true,
      parentUpazilaId: 'gazipur--gazipur-sadar',
    });
    expect(body.items.filter((a) => a.kind === 'upazila')).toHaveLength(5);
  });

  it('answers an unknown district with 404 in the error shape, not cached', async () => {
    const { res, body } = await get('/areas?districtId=atlantis');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'District not found', params: {} } });
  });

  it('wants a districtId', async () => {
    const { res, body } = await get<{ error: { code: string; details: { fields: { path: string }[] } } }>(
      '/areas',
    );
    expect(res.statusCode).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.fields[0]?.path).toBe('querystring.districtId');
  });
});

describe('GET /areas/search', () => {
  it('finds Mirpur, a Dhaka city Mirpur area first, with district names for the picker', async () => {
    const items = await search('Mirpur');
    expect(items[0]).toMatchObject({
      id: 'dhaka-city--mirpur-model',
      districtNameEn: 'Dhaka',
      districtNameBn: 'ঢাকা',
    });
    const ids = items.map((a) => a.id);
    expect(ids).toEqual(
      expect.arrayContaining(['dhaka-city--mirpur-1', 'dhaka-city--mirpur-10', 'kushtia--mirpur']),
    );
    // Every Mirpur section of Dhaka comes before any fuzzy neighbour.
    expect(ids.indexOf('dhaka-city--mirpur-14')).toBeLessThan(ids.indexOf('dhaka-city--pallabi'));
  });

  it('finds মিরপুর in Bengali', async () => {
    const items = await search('মিরপুর');
    expect(items[0]?.id).toBe('dhaka-city--mirpur-model');
    expect(items.map((a) => a.id)).toEqual(
      expect.arrayContaining(['dhaka-city--mirpur-10', 'kushtia--mirpur']),
    );
  });

  it('forgives a typo: mirpru finds the Mirpur sections', async () => {
    const items = await search('mirpru');
    expect(items[0]?.id).toMatch(/^dhaka-city--mirpur-/);
    expect(items.map((a) => a.id)).toContain('dhaka-city--mirpur-10');
  });

  it('puts an exact section number first, typed in either script', async () => {
    expect((await search('Mirpur-10'))[0]?.id).toBe('dhaka-city--mirpur-10');
    expect((await search('মিরপুর ১০'))[0]?.id).toBe('dhaka-city--mirpur-10');
  });

  it('finds by prefix and by alias', async () => {
    expect((await search('bana'))[0]?.id).toBe('dhaka-city--banani');
    expect((await search('gulsan'))[0]?.id).toBe('dhaka-city--gulshan');
    expect((await search('savar')).map((a) => a.id).slice(0, 2)).toEqual([
      'dhaka-suburbs--savar',
      'dhaka--savar',
    ]);
  });

  it('honours the limit and finds nothing for punctuation alone (no LIKE wildcards)', async () => {
    expect(await search('mirpur', 3)).toHaveLength(3);
    expect(await search('%%%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('runs from memory and sees a change committed by any connection, as another process would, through NOTIFY', async () => {
    const covered = async () =>
      (await search('companiganj')).find((h) => h.id === 'sylhet--companiganj')?.isCovered;
    expect(await covered()).toBe(true);
    // Every search is answered from the index: a change made without telling (triggers off, as a
    // restore might) is not seen, because no search reads the table.
    const quietly = (name: string) =>
      t.database.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx
          .updateTable('areas')
          .set({ name_en: name })
          .where('id', '=', 'sylhet--companiganj')
          .execute();
      });
    await quietly('Companiganj (renamed)');
    try {
      const hit = (await search('companiganj')).find((h) => h.id === 'sylhet--companiganj');
      expect(hit?.nameEn).toBe('Companiganj');
    } finally {
      await quietly('Companiganj');
    }

    await t.database.db
      .updateTable('areas')
      .set({ is_covered: false })
      .where('id', '=', 'sylhet--companiganj')
      .execute();
    try {
      await vi.waitFor(async () => expect(await covered()).toBe(false), { timeout: 5_000, interval: 50 });
    } finally {
      await t.database.db
        .updateTable('areas')
        .set({ is_covered: true })
        .where('id', '=', 'sylhet--companiganj')
        .execute();
    }
    await vi.waitFor(async () => expect(await covered()).toBe(true), { timeout: 5_000, interval: 50 });
  });

  it('rejects a missing, too long or badly limited query with 400', async () => {
    for (const url of [
      '/areas/search',
      `/areas/search?q=${'x'.repeat(101)}`,
      '/areas/search?q=mirpur&limit=0',
      '/areas/search?q=mirpur&limit=51',
    ]) {
      const { res, body } = await get<{ error: { code: string; message: string } }>(url);
      expect(res.statusCode, url).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /zones and /hubs', () => {
  it('lists the four zones in order', async () => {
    const { res, body } = await get<List<Zone>>('/zones');
    expect(res.statusCode).toBe(200);
    expect(body.items.map((z) => z.id)).toEqual([
      'dhaka_city',
      'dhaka_suburbs',
      'chattogram_city',
      'outside_dhaka',
    ]);
    expect(body.items[1]).toEqual({ id: 'dhaka_suburbs', nameEn: 'Dhaka Suburbs', nameBn: 'ঢাকার শহরতলি' });
  });

  it('lists hubs, all or of one district', async () => {
    const all = await get<List<Hub>>('/hubs');
    expect(all.body.count).toBe(75);
    const dhaka = await get<List<Hub>>('/hubs?districtId=dhaka');
    expect(dhaka.body.items.map((h) => h.id).sort()).toEqual([
      'hub-dhaka',
      'hub-dhaka-dhanmondi',
      'hub-dhaka-gulshan',
      'hub-dhaka-jatrabari',
      'hub-dhaka-keraniganj',
      'hub-dhaka-mirpur',
      'hub-dhaka-motijheel',
      'hub-dhaka-old-dhaka',
      'hub-dhaka-savar',
      'hub-dhaka-tejgaon',
      'hub-dhaka-uttara',
    ]);
    expect(dhaka.body.items.find((h) => h.id === 'hub-dhaka')).toEqual({
      id: 'hub-dhaka',
      nameEn: 'Dhaka District Hub',
      nameBn: 'ঢাকা জেলা হাব',
      districtId: 'dhaka',
      kind: 'district',
      active: true,
    });
    expect((await get('/hubs?districtId=atlantis')).res.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the geography routes with their query parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        { get?: { tags?: string[]; parameters?: { name: string; required?: boolean }[] } }
      >;
    }>();
    for (const path of [
      '/api/v1/districts',
      '/api/v1/areas',
      '/api/v1/areas/search',
      '/api/v1/zones',
      '/api/v1/hubs',
    ]) {
      // The first tag is the module's; the developer API's reads are listed under its tag too.
      expect(doc.paths[path]?.get?.tags?.[0], path).toBe('geography');
    }
    const params = doc.paths['/api/v1/areas/search']?.get?.parameters ?? [];
    expect(params.map((p) => [p.name, p.required ?? false])).toEqual([
      ['q', true],
      ['limit', false],
    ]);
  });
});

describe('hot answers serialised once (issue 16)', () => {
  /** The real repository on the test database, counting its reads. */
  function countingRepo() {
    const repo = createGeoRepository(t.database.db);
    const reads = { districts: 0, index: 0 };
    return {
      reads,
      repo: {
        ...repo,
        listDistricts: () => {
          reads.districts += 1;
          return repo.listDistricts();
        },
        listAreasForSearch: () => {
          reads.index += 1;
          return repo.listAreasForSearch();
        },
      },
    };
  }

  it('sends the districts and a repeated search as the zod serializer writes them, with the same headers', async () => {
    for (const [url, schema] of [
      ['/districts', districtListSchema],
      ['/areas/search?q=mirpur', areaSearchResultSchema],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toBe(JSON.stringify(schema.parse(res.json())));
    }
  });

  it('serialises the district list once per shared answer, and again after a geography change', async () => {
    const { reads, repo } = countingRepo();
    const geo = createGeoService({ db: t.database.db, repo, now: () => 0 });
    const first = await geo.districtsJson();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(await geo.districtsJson()).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    expect(JSON.parse(first)).toEqual(await geo.listDistricts());
    expect(reads.districts).toBe(1);
    geo.invalidate();
    await geo.districtsJson();
    expect(reads.districts).toBe(2);
  });

  it('keeps a search answer per query and index, starting again with a new index', async () => {
    const { reads, repo } = countingRepo();
    const geo = createGeoService({ db: t.database.db, repo });
    const first = await geo.searchAreasJson({ q: 'Mirpur', limit: 10 });
    // The same text after normalising, the same kept string; another limit is another answer.
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(await geo.searchAreasJson({ q: ' mirpur ', limit: 10 })).toBe(first);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    expect(JSON.parse(first)).toEqual(await geo.searchAreas({ q: 'mirpur', limit: 10 }));
    expect(JSON.parse(await geo.searchAreasJson({ q: 'mirpur', limit: 3 })).count).toBe(3);
    expect(reads.index).toBe(1);
    geo.invalidate();
    expect(await geo.searchAreasJson({ q: 'mirpur', limit: 10 })).toBe(first);
    expect(reads.index).toBe(2);
  });

  it('gives areas by id from the same snapshot, without reading the areas table', async () => {
    const { reads, repo } = countingRepo();
    const geo = createGeoService({ db: t.database.db, repo });
    const ids = ['dhaka-city--mirpur-10', 'sylhet--companiganj', 'nowhere'];
    const fromMemory = await geo.areasFromMemory(ids);
    expect(fromMemory).toEqual(await geo.findAreas(ids));
    expect([...fromMemory.keys()]).toEqual(['dhaka-city--mirpur-10', 'sylhet--companiganj']);
    await geo.areasFromMemory(ids);
    expect(reads.index).toBe(1);
  });
});
