import { describe, expect, it } from 'vitest';
import {
  dashboardRange,
  dashboardRates,
  dashboardStatuses,
  datesOf,
  daysIn,
  defaultDashboardRange,
} from './dashboard';

const none = Object.fromEntries(dashboardStatuses.map((s) => [s, 0])) as Parameters<typeof dashboardRates>[0];

describe('the dashboard’s range', () => {
  it('defaults to the last 15 whole Dhaka days, ending yesterday', () => {
    // 2026-11-24 00:30 in Dhaka is still the 23rd in UTC: the day is Dhaka's.
    expect(dashboardRange({}, new Date('2026-11-23T18:30:00Z'))).toEqual({
      since: '2026-11-09',
      until: '2026-11-23',
    });
    expect(dashboardRange({ until: '2026-03-01' }, new Date())).toEqual({
      since: '2026-02-15',
      until: '2026-03-01',
    });
    expect(dashboardRange({ since: '2026-11-20' }, new Date('2026-11-24T06:00:00Z'))).toEqual({
      since: '2026-11-20',
      until: '2026-11-23',
    });
  });

  it('refuses a reversed range or one longer than 366 days', () => {
    const now = new Date('2026-11-24T06:00:00Z');
    expect(dashboardRange({ since: '2026-11-23', until: '2026-11-22' }, now)).toEqual({
      refusal: 'rangeReversed',
    });
    expect(dashboardRange({ since: '2025-11-21', until: '2026-11-22' }, now)).toEqual({
      refusal: 'rangeTooLong',
    });
    expect(dashboardRange({ since: '2025-11-22', until: '2026-11-22' }, now)).toEqual({
      since: '2025-11-22',
      until: '2026-11-22',
    });
  });

  it('lists every date of a range, across months and a leap day', () => {
    expect(datesOf({ since: '2028-02-28', until: '2028-03-01' })).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(daysIn({ since: '2026-11-09', until: '2026-11-23' })).toBe(15);
  });
});

describe('the dashboard’s rates', () => {
  it('are percent of the parcels delivered or started back, null with none', () => {
    expect(dashboardRates(none)).toEqual({ successRate: null, returnRate: null });
    expect(dashboardRates({ ...none, pickup_pending: 9, in_transit: 4 })).toEqual({
      successRate: null,
      returnRate: null,
    });
    expect(dashboardRates({ ...none, delivered: 2, returned: 1 })).toEqual({
      successRate: 66.7,
      returnRate: 33.3,
    });
    expect(dashboardRates({ ...none, delivered: 7, at_return_hub: 2, returned: 1 })).toEqual({
      successRate: 70,
      returnRate: 30,
    });
  });
});

describe('the screen’s default range', () => {
  it('is the range the server fills in, today left out in Dhaka', () => {
    // 23:59 on 26 November in Dhaka: still the 26th, so the 25th is the last whole day.
    expect(defaultDashboardRange(new Date('2026-11-26T17:59:00Z'))).toEqual({
      since: '2026-11-11',
      until: '2026-11-25',
    });
  });
});
