import { describe, expect, it } from 'vitest';
import {
  exchangeCreateSchema,
  parcelCreateSchema,
  parcelListQuerySchema,
  parcelMessages,
  reverseLegProblem,
} from './parcel';

const valid = {
  customerName: 'Rahima Begum',
  customerPhone: '01712345678',
  customerAddress: 'House 5, Road 3, Dhanmondi',
  deliveryAreaId: 'dhaka-city--dhanmondi',
  pickupLocationId: '5b0f8f53-8d0e-4a53-9a59-2d0c1f7a3c11',
  cashCollectionAmount: 1250,
  sellingPrice: '1200',
  weightGrams: 500,
};

const firstMessage = (input: unknown) => {
  const result = parcelCreateSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('parcelCreateSchema', () => {
  it('accepts a booking and normalises it', () => {
    const parsed = parcelCreateSchema.parse({ ...valid, customerAddress: '  House 5,   Road 3, Dhanmondi ' });
    expect(parsed).toMatchObject({
      customerPhone: '8801712345678',
      customerAddress: 'House 5, Road 3, Dhanmondi',
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      parcelType: 'forward',
    });
  });

  it("uses the spec's weight messages", () => {
    expect(firstMessage({ ...valid, weightGrams: 0 })).toBe('Parcel Weight must be greater than 0 gm');
    expect(firstMessage({ ...valid, weightGrams: 200_001 })).toBe(
      'Parcel weight must be less than or equal to 200000gm/200Kg',
    );
    expect(firstMessage({ ...valid, weightGrams: 200_000 })).toBeNull();
  });

  it('takes cash as digits only', () => {
    expect(firstMessage({ ...valid, cashCollectionAmount: '12.5' })).toBe(
      'Cash amount must contain digits only',
    );
    expect(firstMessage({ ...valid, cashCollectionAmount: 12.5 })).toBe(
      'Cash amount must contain digits only',
    );
    expect(firstMessage({ ...valid, cashCollectionAmount: -5 })).toBe('Cash amount must contain digits only');
    expect(firstMessage({ ...valid, sellingPrice: '1,200' })).toBe('Cash amount must contain digits only');
    expect(firstMessage({ ...valid, cashCollectionAmount: '0100' })).toBe(
      'Cash amount must not start with 0',
    );
    expect(firstMessage({ ...valid, cashCollectionAmount: 0 })).toBeNull();
  });

  it('applies the address and phone rules', () => {
    expect(firstMessage({ ...valid, customerAddress: 'ঢাকা ধানমন্ডি' })).toBe(
      'Please write the address in English',
    );
    expect(firstMessage({ ...valid, customerAddress: 'a b' })).toBe(
      'Customer address must have at least 5 letters or digits',
    );
    expect(firstMessage({ ...valid, customerPhone: '0121234567' })).toBe('Invalid phone number');
    expect(firstMessage({ ...valid, alternatePhone: '12345' })).toBe('Invalid phone number');
    expect(parcelCreateSchema.parse({ ...valid, alternatePhone: '' }).alternatePhone).toBeUndefined();
  });
});

describe('parcelListQuerySchema', () => {
  it('defaults to 20, newest first, and caps the limit at 100', () => {
    expect(parcelListQuerySchema.parse({})).toMatchObject({ limit: 20, offset: 0, sort: 'createdAt:desc' });
    expect(parcelListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(parcelListQuerySchema.safeParse({ status: 'nope' }).success).toBe(false);
    expect(parcelListQuerySchema.parse({ from: '2026-11-01', statusGroup: 'pickup' })).toMatchObject({
      from: '2026-11-01',
      statusGroup: 'pickup',
    });
  });
});

describe('exchange booking', () => {
  it('takes a forward leg, an optional reverse parcel to link, or a reverse-only booking', () => {
    const parsed = exchangeCreateSchema.parse({ forwardParcelInfo: valid });
    expect(parsed).toMatchObject({ isReverseOnly: false, forwardParcelInfo: { parcelType: 'forward' } });
    expect(parsed.reverseParcelId).toBeUndefined();
    expect(
      exchangeCreateSchema.parse({ forwardParcelInfo: valid, reverseParcelId: '' }).reverseParcelId,
    ).toBe(undefined);
    const reverse = exchangeCreateSchema.safeParse({
      forwardParcelInfo: { ...valid, parcelType: 'reverse' },
    });
    expect(reverse.error?.issues[0]?.message).toBe(parcelMessages.exchangeForwardOnly);
    expect(
      exchangeCreateSchema.safeParse({
        forwardParcelInfo: { ...valid, parcelType: 'reverse' },
        isReverseOnly: true,
      }).success,
    ).toBe(true);
    const both = exchangeCreateSchema.safeParse({
      forwardParcelInfo: valid,
      isReverseOnly: true,
      reverseParcelId: '6f1c1d9e-9a9b-4a53-9b61-5d4f5a0c1b2a',
    });
    expect(both.error?.issues[0]?.message).toBe(parcelMessages.reverseOnlyWithLink);
  });

  it('says why a parcel cannot be the return leg', () => {
    const leg = {
      parcelType: 'reverse' as const,
      status: 'pickup_pending',
      customerPhone: '8801712345678',
      linked: false,
    };
    expect(reverseLegProblem(leg, '8801712345678')).toBeNull();
    expect(reverseLegProblem({ ...leg, parcelType: 'forward' }, '8801712345678')).toBe(
      parcelMessages.reverseLegNotReverse,
    );
    expect(reverseLegProblem({ ...leg, status: 'deleted' }, '8801712345678')).toBe(
      parcelMessages.reverseLegClosed,
    );
    expect(reverseLegProblem({ ...leg, status: 'in_transit' }, '8801712345678')).toBe(
      parcelMessages.reverseLegPickedUp,
    );
    expect(reverseLegProblem({ ...leg, linked: true }, '8801712345678')).toBe(
      parcelMessages.reverseLegLinked,
    );
    expect(reverseLegProblem(leg, '8801812345678')).toBe(parcelMessages.reverseLegOtherCustomer);
  });
});
