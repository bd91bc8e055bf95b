import { describe, expect, it } from 'vitest';
import { dhakaDate, endOfDhakaDay, riderDeliverSchema, riderFailSchema } from './delivery-runs';

describe('the run day in Dhaka', () => {
  it('turns at 18:00 UTC (midnight in Dhaka)', () => {
    expect(dhakaDate(new Date('2026-11-22T17:59:59Z'))).toBe('2026-11-22');
    expect(dhakaDate(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-23');
    expect(endOfDhakaDay('2026-11-22').toISOString()).toBe('2026-11-22T17:59:59.999Z');
  });
});

describe('closing a parcel', () => {
  it('needs exactly one proof and whole taka', () => {
    expect(riderDeliverSchema.safeParse({ otp: '1234', amountCollected: 1250 }).success).toBe(true);
    expect(
      riderDeliverSchema.safeParse({ photoId: '6f1c2b7e-3d4a-4b8e-9c1d-2a3b4c5d6e7f', amountCollected: 0 })
        .success,
    ).toBe(true);
    const none = riderDeliverSchema.safeParse({ amountCollected: 10 });
    expect(none.error?.issues[0]?.message).toBe("A delivery needs the customer's OTP or a photo proof");
    expect(
      riderDeliverSchema.safeParse({
        otp: '1234',
        photoId: '6f1c2b7e-3d4a-4b8e-9c1d-2a3b4c5d6e7f',
        amountCollected: 1,
      }).success,
    ).toBe(false);
    expect(riderDeliverSchema.safeParse({ otp: '123', amountCollected: 1 }).error?.issues[0]?.message).toBe(
      'The delivery OTP has 4 digits',
    );
    expect(
      riderDeliverSchema.safeParse({ otp: '1234', amountCollected: 10.5 }).error?.issues[0]?.message,
    ).toBe('Amount collected must be whole taka');
    expect(riderDeliverSchema.safeParse({ otp: '1234', amountCollected: -1 }).success).toBe(false);
  });

  it('fails only with a reason from the list', () => {
    expect(riderFailSchema.safeParse({ reason: 'customer_not_home' }).success).toBe(true);
    expect(riderFailSchema.safeParse({ reason: 'raining' }).success).toBe(false);
  });
});
