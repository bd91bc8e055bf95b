import { describe, expect, it } from 'vitest';
import {
  branchQuerySchema,
  isValidRoutingNumber,
  makeRoutingNumber,
  parseRoutingNumber,
  routingCheckDigit,
  routingNumberSchema,
} from './banks';

describe('routing numbers', () => {
  it('computes the check digit with weights 3, 7, 1 over the first eight digits', () => {
    // 0·3 + 9·7 + 0·1 + 2·3 + 6·7 + 1·1 + 7·3 + 2·7 = 147 → (10 − 7) mod 10 = 3
    expect(routingCheckDigit('09026172')).toBe(3);
    // A sum that is a multiple of 10 gives 0, not 10.
    expect(routingCheckDigit('00000000')).toBe(0);
  });

  it('builds and validates a number from bank, district and branch codes', () => {
    const n = makeRoutingNumber({ bankCode: '090', districtCode: '26', branchCode: '172' });
    expect(n).toBe('090261723');
    expect(isValidRoutingNumber(n)).toBe(true);
    expect(parseRoutingNumber(n)).toEqual({ bankCode: '090', districtCode: '26', branchCode: '172' });
  });

  it('catches every single-digit typo', () => {
    const n = makeRoutingNumber({ bankCode: '200', districtCode: '15', branchCode: '004' });
    for (let i = 0; i < 9; i++) {
      for (let d = 0; d <= 9; d++) {
        const digit = String(d);
        if (n[i] === digit) continue;
        const typo = `${n.slice(0, i)}${digit}${n.slice(i + 1)}`;
        expect(isValidRoutingNumber(typo), typo).toBe(false);
      }
    }
  });

  it('refuses anything but nine digits', () => {
    for (const bad of ['', '09026172', '0902617230', '09026172a', ' 090261723x']) {
      expect(isValidRoutingNumber(bad), bad).toBe(false);
    }
    expect(() => makeRoutingNumber({ bankCode: '90', districtCode: '26', branchCode: '172' })).toThrow();
    expect(parseRoutingNumber('090261724')).toBeNull();
  });

  it('gives form messages', () => {
    expect(routingNumberSchema.safeParse(' 090261723 ').data).toBe('090261723');
    expect(routingNumberSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      'Routing number must be 9 digits',
    );
    expect(routingNumberSchema.safeParse('090261724').error?.issues[0]?.message).toBe(
      'Routing number is not valid',
    );
  });
});

describe('branch queries', () => {
  it('defaults the page and bounds the search', () => {
    expect(branchQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(branchQuerySchema.safeParse({ q: 'x'.repeat(61) }).success).toBe(false);
    expect(branchQuerySchema.safeParse({ districtId: 'Dhaka; drop' }).success).toBe(false);
    expect(branchQuerySchema.parse({ districtId: 'coxs-bazar', limit: '10' })).toMatchObject({
      districtId: 'coxs-bazar',
      limit: 10,
    });
  });
});
