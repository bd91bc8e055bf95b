import { describe, expect, it } from 'vitest';
import { opsShopQuerySchema, smsOutboxQuerySchema } from './ops';

describe('console queries', () => {
  it('pages shops 20 at a time and bounds the search', () => {
    expect(opsShopQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(opsShopQuerySchema.parse({ q: ' Karim ', limit: '5' })).toEqual({
      q: 'Karim',
      limit: 5,
      offset: 0,
    });
    expect(opsShopQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
    expect(opsShopQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });

  it('reads the outbox phone filter in any spelling', () => {
    expect(smsOutboxQuerySchema.parse({ to: '01712-345678' })).toMatchObject({ to: '8801712345678' });
    expect(smsOutboxQuerySchema.safeParse({ to: '12' }).success).toBe(false);
  });
});
