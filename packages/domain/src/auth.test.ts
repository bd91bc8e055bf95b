import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dateOfBirthSchema,
  missingTemporaryTokenFields,
  personalDetailsSchema,
  registrationStartSchema,
} from './auth';
import { passwordStrength } from './password';

describe('registration step one', () => {
  const valid = {
    merchantName: 'Karim Traders',
    shopName: "Karim's Fashion & Co.",
    dailyParcelCount: 20,
    phone: '01712345678',
    termsAccepted: true,
  };
  it('accepts a valid form and normalises the phone', () => {
    expect(registrationStartSchema.parse(valid).phone).toBe('8801712345678');
  });
  it('needs the terms accepted', () => {
    const result = registrationStartSchema.safeParse({ ...valid, termsAccepted: false });
    expect(result.error?.issues[0]?.message).toBe('Please accept the terms and conditions');
  });
  it('refuses names with disallowed characters, and trims', () => {
    expect(registrationStartSchema.safeParse({ ...valid, shopName: 'Shop <script>' }).success).toBe(false);
    expect(registrationStartSchema.parse({ ...valid, shopName: '  Mirpur Shop  ' }).shopName).toBe(
      'Mirpur Shop',
    );
  });
  it('accepts Bengali names', () => {
    expect(registrationStartSchema.safeParse({ ...valid, merchantName: 'করিম ট্রেডার্স' }).success).toBe(true);
  });
});

describe('personal details', () => {
  const today = new Date('2026-11-22T00:00:00Z');
  const valid = {
    fullName: 'Md. Karim Hossain',
    dateOfBirth: '1992-03-14',
    password: 'long-enough',
    confirmPassword: 'long-enough',
  };
  it('needs 8 characters and a matching confirmation', () => {
    expect(personalDetailsSchema.safeParse(valid).success).toBe(true);
    const short = personalDetailsSchema.safeParse({ ...valid, password: 'short', confirmPassword: 'short' });
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    const mismatch = personalDetailsSchema.safeParse({ ...valid, confirmPassword: 'different1' });
    expect(mismatch.error?.issues[0]?.message).toBe('Password and confirmation do not match');
  });
  it('takes the date of birth as a real date, 18 or older', () => {
    const schema = dateOfBirthSchema(() => today);
    expect(schema.safeParse('2008-11-22').success).toBe(true);
    expect(schema.safeParse('2008-11-23').success).toBe(false);
    expect(schema.safeParse('1990-02-30').success).toBe(false);
    expect(schema.safeParse('15/05/1990').success).toBe(false);
    expect(ageOn('2000-02-29', new Date('2018-02-28T00:00:00Z'))).toBe(17);
  });
  it('rates passwords as the change screen advises', () => {
    expect(passwordStrength('short')).toBe('weak');
    expect(passwordStrength('alllowercase')).toBe('fair');
    expect(passwordStrength('Mixed-Case-99')).toBe('strong');
  });
});

describe('temporary token payload', () => {
  it('names every missing or empty field', () => {
    expect(missingTemporaryTokenFields({})).toHaveLength(5);
    expect(
      missingTemporaryTokenFields({
        temporaryAllowedAction: 'eloan_repayment',
        identityType: 'phone',
        identityValue: ' ',
        entityType: 'shop',
      }),
    ).toEqual(['identityValue', 'entityValue']);
    expect(missingTemporaryTokenFields(null)).toHaveLength(5);
  });
});

describe('daily parcel count', () => {
  it('takes a positive whole number, as a number or digits without a leading 0', async () => {
    const { dailyParcelCountSchema } = await import('./auth');
    expect(dailyParcelCountSchema.parse(15)).toBe(15);
    expect(dailyParcelCountSchema.parse('15')).toBe(15);
    for (const bad of [0, -3, 2.5, '', '015', 'ten', null]) {
      expect(dailyParcelCountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
