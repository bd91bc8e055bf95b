import { describe, expect, it } from 'vitest';
import {
  defaultParcelListPreferences,
  parcelExportFileName,
  parcelExportFiltersSchema,
  parcelExportProgress,
  parcelListPreferencesSchema,
  readParcelListPreferences,
} from './parcel-list';

describe('parcel exports', () => {
  it('names the file parcels_{date}.xlsx with the Dhaka date', () => {
    expect(parcelExportFileName(new Date('2026-11-22T06:00:00Z'))).toBe('parcels_2026-11-22.xlsx');
    // 19:00 UTC is already the next day in Dhaka (UTC+6).
    expect(parcelExportFileName(new Date('2026-11-22T19:00:00Z'))).toBe('parcels_2026-11-23.xlsx');
  });

  it('reports whole per cent, 100 only when ready', () => {
    expect(parcelExportProgress({ status: 'queued', rowsDone: 0, rowCount: null })).toBe(0);
    expect(parcelExportProgress({ status: 'running', rowsDone: 1, rowCount: 3 })).toBe(33);
    expect(parcelExportProgress({ status: 'running', rowsDone: 3, rowCount: 3 })).toBe(99);
    expect(parcelExportProgress({ status: 'ready', rowsDone: 0, rowCount: 0 })).toBe(100);
  });

  it('takes the list filters but no page', () => {
    expect(parcelExportFiltersSchema.parse({ statusGroup: 'pickup', limit: 5 })).toEqual({
      statusGroup: 'pickup',
      sort: 'createdAt:desc',
    });
    expect(parcelExportFiltersSchema.safeParse({ status: 'nope' }).success).toBe(false);
  });
});

describe('parcel-list preferences', () => {
  it('default to 20 a page, newest first, the All tab', () => {
    expect(parcelListPreferencesSchema.parse(defaultParcelListPreferences)).toEqual(
      defaultParcelListPreferences,
    );
    expect(defaultParcelListPreferences).toMatchObject({
      pageSize: 20,
      sort: 'createdAt:desc',
      defaultStatusGroup: null,
    });
  });

  it('refuse page sizes, columns and tabs outside the lists', () => {
    const ok = { ...defaultParcelListPreferences };
    expect(parcelListPreferencesSchema.safeParse({ ...ok, pageSize: 25 }).success).toBe(false);
    expect(parcelListPreferencesSchema.safeParse({ ...ok, columns: [] }).success).toBe(false);
    expect(parcelListPreferencesSchema.safeParse({ ...ok, columns: ['status', 'status'] }).success).toBe(
      false,
    );
    expect(parcelListPreferencesSchema.safeParse({ ...ok, defaultStatusGroup: 'x' }).success).toBe(false);
  });

  it('read each stored field on its own, falling back to its default', () => {
    expect(readParcelListPreferences(null)).toEqual(defaultParcelListPreferences);
    expect(readParcelListPreferences({ pageSize: 50, columns: ['nope'] })).toEqual({
      ...defaultParcelListPreferences,
      pageSize: 50,
    });
  });
});
