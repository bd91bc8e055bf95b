import { describe, expect, it } from 'vitest';
import {
  type DashboardStatus,
  dashboardRates,
  dashboardStatuses,
  datesOf,
  defaultDashboardRange,
} from './dashboard';

const none = Object.fromEntries(dashboardStatuses.map((s) => [s, 0])) as Record<DashboardStatus, number>;

describe('the dashboard default range', () => {
  it('is the 15 whole Dhaka days before today, whatever the UTC date says', () => {
    // 01:30 on 26 November in Dhaka (still the 25th in UTC).
    expect(defaultDashboardRange(new Date('2026-11-25T19:30:00Z'))).toEqual({
      since: '2026-11-11',
      until: '2026-11-25',
    });
    // Noon on 26 November in Dhaka: today is still left out.
    expect(defaultDashboardRange(new Date('2026-11-26T06:00:00Z'))).toEqual({
      since: '2026-11-11',
      until: '2026-11-25',
    });
    // 23:59 in Dhaka on the 26th: still the same day.
    expect(defaultDashboardRange(new Date('2026-11-26T17:59:00Z')).until).toBe('2026-11-25');
  });

  it('holds exactly 15 days, across a month end', () => {
    const range = defaultDashboardRange(new Date('2026-03-05T06:00:00Z'));
    expect(range).toEqual({ since: '2026-02-18', until: '2026-03-04' });
    expect(datesOf(range)).toHaveLength(15);
  });
});

describe('the dashboard rates', () => {
  it('are none before any parcel finished or started back', () => {
    expect(dashboardRates({ ...none, pickup_pending: 4 })).toEqual({ successRate: null, returnRate: null });
  });

  it('count parcels on their way back with the returned ones', () => {
    expect(dashboardRates({ ...none, delivered: 2, at_return_hub: 1 })).toEqual({
      successRate: 66.7,
      returnRate: 33.3,
    });
  });
});
