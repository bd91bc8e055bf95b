import type { CoverageSearchResult, CoverageSummary } from '@dak/domain/coverage';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });

describe('GET /coverage/summary', () => {
  it('counts districts, upazilas and city areas from the areas table, and follows coverage changes', async () => {
    const { db } = t.database;
    const count = async (where: ReturnType<typeof sql<boolean>>) =>
      (await sql<{ n: number }>`select count(*)::int as n from areas where ${where}`.execute(db)).rows[0]?.n;
    const res = await get('/coverage/summary');
    expect(res.statusCode).toBe(200);
    const body = res.json<CoverageSummary>();
    expect(body.districts).toBe(64);
    expect(body.upazilas).toBe(await count(sql`kind = 'upazila'`));
    expect(body.cityAreas).toBe(await count(sql`kind <> 'upazila'`));
    expect(body.coveredUpazilas).toBe(await count(sql`kind = 'upazila' and is_covered`));
    expect(body.upazilas).toBeGreaterThan(400);

    // Staff stop serving one upazila: the count is computed, not typed.
    await sql`update areas set is_covered = false where id = 'sylhet--companiganj'`.execute(db);
    const after = (await get('/coverage/summary')).json<CoverageSummary>();
    expect(after.coveredUpazilas).toBe(body.coveredUpazilas - 1);
    await sql`update areas set is_covered = true where id = 'sylhet--companiganj'`.execute(db);
  });
});

describe('GET /coverage/search', () => {
  it('finds an area in English with its zone, hub and the charge from a pickup area', async () => {
    const res = await get('/coverage/search?q=sylhet&fromAreaId=dhaka-city--mirpur-10');
    expect(res.statusCode).toBe(200);
    const body = res.json<CoverageSearchResult>();
    expect(body.from?.nameEn).toBe('Mirpur 10');
    const hit = body.items.find((h) => h.districtNameEn === 'Sylhet' && h.isCovered);
    expect(hit).toBeDefined();
    expect(hit?.zone.nameEn).toBeTruthy();
    expect(hit?.hub?.nameEn).toBeTruthy();
    // Dhaka city to outside Dhaka, up to 500 g, prepaid: the default plan's ৳110, within 3 days.
    expect(hit?.charge).toEqual({ deliveryCharge: 110, rateClass: 'outside', deliveryPromiseDays: 3 });
  });

  it('finds an area by its Bengali name; without a pickup area there is no charge', async () => {
    const body = (
      await get(`/coverage/search?q=${encodeURIComponent('মিরপুর')}`)
    ).json<CoverageSearchResult>();
    expect(body.items.some((h) => h.nameBn.startsWith('মিরপুর'))).toBe(true);
    expect(body.from).toBeNull();
    expect(body.items.every((h) => h.charge === null)).toBe(true);
  });

  it('says an area is not covered, without a charge', async () => {
    await sql`update areas set is_covered = false where id = 'sylhet--companiganj'`.execute(t.database.db);
    // The search runs from memory, refreshed by the change's NOTIFY a moment after its commit.
    await vi.waitFor(
      async () => {
        const body = (
          await get('/coverage/search?q=companiganj&fromAreaId=dhaka-city--mirpur-10')
        ).json<CoverageSearchResult>();
        const hit = body.items.find((h) => h.id === 'sylhet--companiganj');
        expect(hit?.isCovered).toBe(false);
        expect(hit?.charge).toBeNull();
      },
      { timeout: 5_000, interval: 50 },
    );
    await sql`update areas set is_covered = true where id = 'sylhet--companiganj'`.execute(t.database.db);
  });

  it('refuses an empty search and an unknown pickup area', async () => {
    const empty = await get('/coverage/search?q=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const unknown = await get('/coverage/search?q=sylhet&fromAreaId=nowhere');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Pickup area not found');
  });
});
