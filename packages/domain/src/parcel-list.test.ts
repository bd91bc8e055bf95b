import { describe, expect, it } from 'vitest';
import { pagerTotal } from './lists';
import {
  cappedCount,
  defaultParcelListPreferences,
  excludedStatusOf,
  extraTabsOf,
  parcelExportFileName,
  parcelExportFiltersSchema,
  parcelExportProgress,
  parcelListCountCap,
  parcelListExtraTabs,
  parcelListPreferencesSchema,
  preselectedReturnDecision,
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
      reattemptList: true,
      reattemptConfig: { defaultDecision: 'ask' },
      prepaymentPreference: 'show',
      prepaymentBlockInEdit: true,
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

  it('refuse reattempt and prepayment values outside their lists', () => {
    const ok = { ...defaultParcelListPreferences };
    const bad = (changes: object) => parcelListPreferencesSchema.safeParse({ ...ok, ...changes }).success;
    expect(bad({ reattemptList: 'yes' })).toBe(false);
    expect(bad({ reattemptList: undefined })).toBe(false);
    expect(bad({ reattemptConfig: { defaultDecision: 'maybe' } })).toBe(false);
    expect(bad({ reattemptConfig: 'return' })).toBe(false);
    expect(bad({ prepaymentPreference: 'hide' })).toBe(false);
    expect(bad({ prepaymentBlockInEdit: 1 })).toBe(false);
    expect(bad({ reattemptConfig: { defaultDecision: 'return' }, prepaymentPreference: 'separate' })).toBe(
      true,
    );
  });

  it('read each stored field on its own, falling back to its default', () => {
    expect(readParcelListPreferences(null)).toEqual(defaultParcelListPreferences);
    expect(readParcelListPreferences({ pageSize: 50, columns: ['nope'] })).toEqual({
      ...defaultParcelListPreferences,
      pageSize: 50,
    });
    // Preferences saved before the reattempt and prepayment fields existed read with their defaults.
    const old = { columns: ['status'], pageSize: 10, sort: 'createdAt:asc', defaultStatusGroup: 'done' };
    expect(readParcelListPreferences(old)).toEqual({ ...defaultParcelListPreferences, ...old });
    expect(
      readParcelListPreferences({
        reattemptList: false,
        reattemptConfig: { defaultDecision: 'sometimes' },
        prepaymentPreference: 'separate',
        prepaymentBlockInEdit: 'no',
      }),
    ).toEqual({ ...defaultParcelListPreferences, reattemptList: false, prepaymentPreference: 'separate' });
  });
});

describe('reattempt and prepayment preferences', () => {
  it('preselect nothing when asking, else the chosen decision', () => {
    expect(preselectedReturnDecision(defaultParcelListPreferences)).toBeNull();
    expect(preselectedReturnDecision({ reattemptConfig: { defaultDecision: 'reattempt' } })).toBe(
      'reattempt',
    );
    expect(preselectedReturnDecision({ reattemptConfig: { defaultDecision: 'return' } })).toBe('return');
  });

  it('turn the Failed delivery and Needs prepayment tabs on', () => {
    expect(extraTabsOf(defaultParcelListPreferences)).toEqual(['failed_delivery']);
    expect(extraTabsOf({ reattemptList: false, prepaymentPreference: 'show' })).toEqual([]);
    expect(extraTabsOf({ reattemptList: true, prepaymentPreference: 'separate' })).toEqual([
      'failed_delivery',
      'needs_prepayment',
    ]);
    expect(parcelListExtraTabs).toEqual({
      failed_delivery: 'delivery_attempted',
      needs_prepayment: 'pickup_hold',
    });
  });

  it('leave held parcels out of every view but their own tab and a search, when kept separate', () => {
    const separate = { prepaymentPreference: 'separate' } as const;
    expect(excludedStatusOf(separate, { tab: null, searching: false })).toBe('pickup_hold');
    expect(excludedStatusOf(separate, { tab: 'failed_delivery', searching: false })).toBe('pickup_hold');
    expect(excludedStatusOf(separate, { tab: 'needs_prepayment', searching: false })).toBeUndefined();
    expect(excludedStatusOf(separate, { tab: null, searching: true })).toBeUndefined();
    expect(
      excludedStatusOf({ prepaymentPreference: 'show' }, { tab: null, searching: false }),
    ).toBeUndefined();
  });
});

describe('the capped count', () => {
  it('is ten thousand, and a count past it shows the cap and says it stopped', () => {
    expect(parcelListCountCap).toBe(10_000);
    expect(cappedCount(9_999)).toEqual({ count: 9_999, countCapped: false });
    expect(cappedCount(10_000)).toEqual({ count: 10_000, countCapped: false });
    expect(cappedCount(10_001)).toEqual({ count: 10_000, countCapped: true });
    expect(cappedCount(4, 3)).toEqual({ count: 3, countCapped: true });
  });

  it('lets the pager go on past the cap while pages come back full', () => {
    const capped = { count: 10_000, countCapped: true, pageSize: 20 };
    // Within the cap: the cap's 500 pages.
    expect(pagerTotal({ ...capped, page: 1, itemsOnPage: 20 })).toBe(10_000);
    // On the cap's last page, full: one page more.
    expect(pagerTotal({ ...capped, page: 500, itemsOnPage: 20 })).toBe(10_001);
    expect(pagerTotal({ ...capped, page: 501, itemsOnPage: 20 })).toBe(10_021);
    // A page that is not full is the last.
    expect(pagerTotal({ ...capped, page: 503, itemsOnPage: 7 })).toBe(10_047);
    // An exact count is the pager's total whatever the page.
    expect(pagerTotal({ count: 45, countCapped: false, pageSize: 20, page: 3, itemsOnPage: 5 })).toBe(45);
  });
});
