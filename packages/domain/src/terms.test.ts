import { describe, expect, it } from 'vitest';
import { termsAcceptQuerySchema, termsPublishSchema } from './terms';

describe('terms', () => {
  it('takes the version to accept from the query string', () => {
    expect(termsAcceptQuerySchema.parse({ version: '3' })).toEqual({ version: 3 });
    expect(termsAcceptQuerySchema.safeParse({}).success).toBe(false);
    expect(termsAcceptQuerySchema.safeParse({ version: '0' }).success).toBe(false);
    expect(termsAcceptQuerySchema.safeParse({ version: '1.5' }).success).toBe(false);
  });

  it('needs both languages to publish', () => {
    const text = 'Dak delivers parcels and pays merchants the next working day. '.repeat(2);
    expect(termsPublishSchema.safeParse({ bodyEn: text }).success).toBe(false);
    expect(termsPublishSchema.safeParse({ bodyEn: text, bodyBn: 'ছোট' }).success).toBe(false);
    expect(termsPublishSchema.parse({ bodyEn: ` ${text} `, bodyBn: text }).bodyEn).toBe(text.trim());
  });
});
