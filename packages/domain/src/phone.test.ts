import { describe, expect, it } from 'vitest';
import { formatPhoneLocal, isValidPhone, normalizePhone, phoneSchema } from './phone';

describe('phone rule (spec 5)', () => {
  it.each([
    ['01712345678', '8801712345678'],
    ['+8801712345678', '8801712345678'],
    ['8801712345678', '8801712345678'],
    ['01312345678', '8801312345678'],
    ['01912345678', '8801912345678'],
    ['01112345678', '8801112345678'],
    [' 017-1234 5678 ', '8801712345678'],
  ])('accepts %s as %s', (input, stored) => {
    expect(isValidPhone(input)).toBe(true);
    expect(normalizePhone(input)).toBe(stored);
  });

  it.each([
    ['01212345678', 'operator digit 2 is not allowed'],
    ['01012345678', 'operator digit 0 is not allowed'],
    ['0171234567', 'too short'],
    ['017123456789', 'too long'],
    ['1712345678', 'no leading 0'],
    ['+8701712345678', 'wrong country prefix'],
    ['+88 01712345678x', 'letters'],
    ['', 'empty'],
    ['০১৭১২৩৪৫৬৭৮', 'Bengali digits are not typed into the field'],
  ])('rejects %s (%s)', (input) => {
    expect(isValidPhone(input)).toBe(false);
    expect(normalizePhone(input)).toBeNull();
  });

  it('gives the spec message for a bad number and the stored form for a good one', () => {
    const bad = phoneSchema.safeParse('01212345678');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Invalid phone number');
    expect(phoneSchema.parse('01712345678')).toBe('8801712345678');
  });

  it('shows a stored number the local way', () => {
    expect(formatPhoneLocal('8801712345678')).toBe('01712-345678');
  });
});
