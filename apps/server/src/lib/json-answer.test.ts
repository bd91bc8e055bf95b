import { chargeQuoteSchema } from '@dak/domain/pricing';
import { describe, expect, it } from 'vitest';
import { plainJsonSerializer, serialiseAnswer } from './json-answer';

const quote = {
  deliveryCharge: 60,
  codCharge: 13,
  totalCharge: 73,
  returnCharge: 30,
  rateClass: 'same_city' as const,
  currency: 'BDT' as const,
  weightGrams: 500,
  cash: 1250,
  pricePlanId: 'default',
  pickupDate: '2026-11-27',
  deliveryPromiseDays: 1,
  breakdown: {
    slab: 'upTo500g' as const,
    extraKg: 0,
    weightCharge: 60,
    exchangeSurcharge: 0,
    categorySurcharge: 0,
    codFee: 12.5,
  },
};

describe('the prebuilt serializer of plain answers (issue 16)', () => {
  const serialise = plainJsonSerializer(chargeQuoteSchema);

  it('writes what the zod serializer writes, byte for byte, for the public quote', () => {
    for (const q of [
      quote,
      {
        ...quote,
        rateClass: 'outside' as const,
        breakdown: { ...quote.breakdown, slab: 'extraKg' as const, extraKg: 3 },
      },
      { ...quote, cash: 0, codCharge: 0, breakdown: { ...quote.breakdown, codFee: 0 } },
    ]) {
      expect(serialise(q)).toBe(serialiseAnswer(chargeQuoteSchema, q));
    }
  });

  it('drops keys the schema does not name, at every depth, as the encode does', () => {
    const extra = { ...quote, shopId: 'secret', breakdown: { ...quote.breakdown, internal: 1 } };
    expect(serialise(extra)).toBe(serialiseAnswer(chargeQuoteSchema, quote));
    expect(serialise(extra)).not.toContain('secret');
    expect(serialise(extra)).not.toContain('internal');
  });
});
