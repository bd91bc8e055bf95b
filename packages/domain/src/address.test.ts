import { describe, expect, it } from 'vitest';
import {
  addressMessages,
  addressProblem,
  addressRules,
  addressSchema,
  addressWarning,
  disallowedAddressCharacters,
  normalizeAddress,
} from './address';

const firstMessage = (label: string, input: unknown) => {
  const result = addressSchema(label).safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('address rule (spec 5)', () => {
  it.each([
    'House 12, Road 5, Mirpur 10, Dhaka',
    'Flat 4B, 27/1 Green Road, Dhanmondi',
    'Shop #14, Bashundhara City (Level 5), Panthapath',
    'Vill: Char Kukri, P.O. Rupganj, Narayanganj-1460',
    'Holding 7 - Sadar Road, Barishal',
    'Road 1',
  ])('accepts %j', (address) => {
    expect(addressProblem(address)).toBeNull();
    expect(addressSchema().safeParse(address).success).toBe(true);
  });

  it('trims and folds spaces and line breaks into one space', () => {
    expect(normalizeAddress('  House 12,\n  Road   5\t Mirpur  ')).toBe('House 12, Road 5 Mirpur');
    expect(addressSchema().parse('  House 12,\n  Road 5  ')).toBe('House 12, Road 5');
  });

  it('requires an address, naming the field', () => {
    expect(firstMessage('Pickup address', '')).toBe('Pickup address is required');
    expect(firstMessage('Pickup address', '   \n ')).toBe('Pickup address is required');
    expect(firstMessage('Pickup address', undefined)).toBe('Pickup address is required');
    expect(firstMessage('Pickup address', 42)).toBe('Pickup address is required');
  });

  it.each(['বাড়ি ১২, মিরপুর', 'House 12, মিরপুর ১০', 'Road ৫ Mirpur'])(
    'refuses Bengali script in %j: "Please write the address in English"',
    (address) => {
      expect(addressProblem(address)).toBe(addressMessages.english);
      expect(firstMessage('Address', address)).toBe('Please write the address in English');
    },
  );

  it.each(disallowedAddressCharacters)('refuses the character %j', (char) => {
    const address = `House 12 ${char} Road 5, Mirpur`;
    expect(firstMessage('Address', address)).toMatch(/^Address may not contain any of </);
  });

  it('refuses control characters', () => {
    expect(addressProblem('House 12\u0000 Road 5')).toMatch(/may not contain/);
  });

  it('needs at least 5 letters or digits, whatever the punctuation', () => {
    expect(addressProblem('Rd 1')).toBe('Address must have at least 5 letters or digits');
    expect(addressProblem('a-b-c-d, ....')).toBe('Address must have at least 5 letters or digits');
    expect(addressProblem('a.b.c.d.e')).toBeNull();
  });

  it('allows 250 characters and no more', () => {
    const max = `House 1 ${'x'.repeat(addressRules.maxLength - 8)}`;
    expect(max).toHaveLength(250);
    expect(addressProblem(max)).toBeNull();
    expect(addressProblem(`${max}y`)).toBe('Address must be at most 250 characters');
  });

  it('warns (does not refuse) under 10 characters', () => {
    expect(addressProblem('Road 12 B')).toBeNull();
    expect(addressWarning('Road 12 B')).toBe(addressMessages.short);
    expect(addressWarning('  Road 12 B   ')).toBe(addressMessages.short);
    expect(addressWarning('Road 12 Bc')).toBeNull();
    expect(addressWarning('')).toBeNull();
  });
});
