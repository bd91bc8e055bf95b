import { describe, expect, it } from 'vitest';
import { bulkStatusRequestSchema, maskPhone, trackingMessage, trackingMessages } from './operations';
import { parcelStatuses } from './parcel-status';

describe('tracking words', () => {
  it('has an English and a Bengali message for every status', () => {
    expect(Object.keys(trackingMessages).sort()).toEqual([...parcelStatuses].sort());
    for (const s of parcelStatuses) {
      expect(trackingMessages[s].en.length, s).toBeGreaterThan(3);
      expect(trackingMessages[s].bn, s).toMatch(/^[\u0980-\u09FF\s;:(),]+$/);
    }
  });

  it("adds a failed attempt's reason in both languages, but not 'other' or an unknown code", () => {
    expect(trackingMessage('delivery_attempted', 'wrong_address')).toEqual({
      en: 'Delivery attempted; on hold: Address wrong or incomplete',
      bn: 'ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড): ঠিকানা ভুল বা অসম্পূর্ণ',
    });
    expect(trackingMessage('delivery_attempted', 'other')).toEqual(trackingMessages.delivery_attempted);
    expect(trackingMessage('delivered', 'partial_delivery')).toEqual(trackingMessages.delivered);
    expect(trackingMessage('at_sorting', null)).toEqual(trackingMessages.at_sorting);
  });

  it('masks a phone down to its operator prefix and last two digits', () => {
    expect(maskPhone('8801712345678')).toBe('01712-****78');
  });
});

describe('bulk status request', () => {
  it('takes 1 to 500 updates with a known status', () => {
    const one = { trackingId: 'DK2345678A', status: 'at_sorting' };
    expect(bulkStatusRequestSchema.safeParse({ updates: [one] }).success).toBe(true);
    expect(bulkStatusRequestSchema.safeParse({ updates: [] }).success).toBe(false);
    expect(bulkStatusRequestSchema.safeParse({ updates: Array(501).fill(one) }).success).toBe(false);
    expect(bulkStatusRequestSchema.safeParse({ updates: [{ ...one, status: 'teleported' }] }).success).toBe(
      false,
    );
  });

  it('carries a return OTP per parcel, trimmed; its digits are the status machine’s to judge per row', () => {
    const returned = { trackingId: 'DK2345678A', status: 'returned' };
    const parsed = bulkStatusRequestSchema.parse({ updates: [{ ...returned, otp: ' 0425 ' }, returned] });
    expect(parsed.updates.map((u) => u.otp)).toEqual(['0425', undefined]);
    // A mistyped code is not the whole batch's refusal: the row fails alone on the server.
    expect(bulkStatusRequestSchema.safeParse({ updates: [{ ...returned, otp: '12a4' }] }).success).toBe(true);
    const long = bulkStatusRequestSchema.safeParse({ updates: [{ ...returned, otp: '12345678901' }] });
    expect(long.error?.issues[0]?.message).toBe('The return OTP has 4 digits');
  });
});
