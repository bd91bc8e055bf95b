import { describe, expect, it } from 'vitest';
import { hubWaitingStageNames, isPastPromise, promisedBy, waitingStageSide } from './ops-overview';

describe('the delivery promise', () => {
  it('runs from the pickup day by the rate class, across month ends', () => {
    expect(promisedBy('2026-11-22', 'same_city')).toBe('2026-11-24');
    expect(promisedBy('2026-11-29', 'outside')).toBe('2026-12-02');
  });

  it('is missed from the day after the promised day, only by parcels on their way forward', () => {
    const parcel = { status: 'at_delivery_hub', pickupDay: '2026-11-22', rateClass: 'same_city' } as const;
    expect(isPastPromise(parcel, '2026-11-24')).toBe(false);
    expect(isPastPromise(parcel, '2026-11-25')).toBe(true);
    expect(isPastPromise({ ...parcel, status: 'pickup_pending' }, '2026-11-30')).toBe(false);
    expect(isPastPromise({ ...parcel, status: 'delivered' }, '2026-11-30')).toBe(false);
    expect(isPastPromise({ ...parcel, status: 'return_at_delivery_hub' }, '2026-11-30')).toBe(false);
  });
});

describe('waiting stages', () => {
  it('are each counted at one hub', () => {
    expect(hubWaitingStageNames.map((s) => [s, waitingStageSide(s)])).toEqual([
      ['toSort', 'pickup'],
      ['toDeliver', 'delivery'],
      ['returnsToSend', 'delivery'],
      ['returnsToHandBack', 'pickup'],
    ]);
  });
});
