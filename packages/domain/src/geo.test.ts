import { describe, expect, it } from 'vitest';
import { areaSearchQuerySchema, normalizeSearchText, plainAreaSearchQuery } from './geo';

describe('normalizeSearchText', () => {
  it('lower-cases and turns punctuation into single spaces', () => {
    expect(normalizeSearchText('  Mirpur-10 (Golchattar) ')).toBe('mirpur 10 golchattar');
    expect(normalizeSearchText('Sher-e-Bangla Nagar')).toBe('sher e bangla nagar');
  });

  it('drops apostrophes and dots inside words', () => {
    expect(normalizeSearchText("Cox's Bazar")).toBe('coxs bazar');
    expect(normalizeSearchText('Mirpur D.O.H.S')).toBe('mirpur dohs');
  });

  it('reads Bengali digits as ASCII digits', () => {
    expect(normalizeSearchText('মিরপুর ১০')).toBe('মিরপুর 10');
  });

  it('keeps Bengali vowel signs and compares composed and decomposed letters alike', () => {
    expect(normalizeSearchText('মিরপুর')).toBe('মিরপুর');
    // য় as one code point (U+09DF) and as য + nukta (U+09AF U+09BC): রায়
    expect(normalizeSearchText('\u09b0\u09be\u09df')).toBe(normalizeSearchText('\u09b0\u09be\u09af\u09bc'));
  });

  it('drops zero-width joiners that Bengali keyboards insert', () => {
    // র‍্যাব (RAB) typed with a zero-width joiner after the র
    expect(normalizeSearchText('\u09b0\u200d\u09cd\u09af\u09be\u09ac')).toBe(
      '\u09b0\u09cd\u09af\u09be\u09ac',
    );
  });

  it('leaves nothing of punctuation alone', () => {
    expect(normalizeSearchText(' -- ')).toBe('');
  });
});

describe('areaSearchQuerySchema', () => {
  it('defaults the limit to 20 and bounds it to 1..50', () => {
    expect(areaSearchQuerySchema.parse({ q: 'mirpur' })).toEqual({ q: 'mirpur', limit: 20 });
    expect(areaSearchQuerySchema.safeParse({ q: 'mirpur', limit: '0' }).success).toBe(false);
    expect(areaSearchQuerySchema.safeParse({ q: 'mirpur', limit: '51' }).success).toBe(false);
  });

  it('wants 1 to 100 characters', () => {
    expect(areaSearchQuerySchema.safeParse({ q: ' ' }).success).toBe(false);
    expect(areaSearchQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe("plainAreaSearchQuery (the search's hot path, issue 16)", () => {
  it('gives what the schema gives for the everyday query, and leaves everything else to it', () => {
    const queries: Record<string, unknown>[] = [
      { q: 'mirpur' },
      { q: 'মিরপুর', limit: '10' },
      { q: 'm', limit: '1' },
      { q: 'x'.repeat(100), limit: '50' },
      { q: 'mirpur', limit: '51' },
      { q: 'mirpur', limit: '0' },
      { q: 'mirpur', limit: '05' },
      { q: 'mirpur', limit: '2.5' },
      { q: ' mirpur ' },
      { q: '' },
      { q: '   ' },
      { q: 'x'.repeat(101) },
      { q: ['a', 'b'] },
      {},
      { q: 'mirpur', other: '1' },
    ];
    let fast = 0;
    for (const query of queries) {
      const plain = plainAreaSearchQuery(query);
      if (plain === undefined) {
        continue;
      }
      fast += 1;
      expect(plain, JSON.stringify(query)).toStrictEqual(areaSearchQuerySchema.parse(query));
    }
    expect(fast).toBe(4);
    for (const query of queries) {
      if (!areaSearchQuerySchema.safeParse(query).success)
        expect(plainAreaSearchQuery(query)).toBeUndefined();
    }
  });
});
