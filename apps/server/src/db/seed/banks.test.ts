import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { seedBanks } from './banks';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('seeding banks', () => {
  it('is idempotent and leaves the active flags staff set', async () => {
    const db = database.db;
    const count = async (table: 'banks' | 'bank_branches') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { banks: await count('banks'), branches: await count('bank_branches') };
    expect(before.banks).toBeGreaterThanOrEqual(40);

    const branch = await db
      .selectFrom('bank_branches')
      .select(['id', 'active'])
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('bank_branches').set({ active: false }).where('id', '=', branch.id).execute();

    expect(await seedBanks(db)).toEqual(before);
    expect(await seedBanks(db)).toEqual(before);
    expect({ banks: await count('banks'), branches: await count('bank_branches') }).toEqual(before);
    const after = await db
      .selectFrom('bank_branches')
      .select('active')
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    expect(after.active).toBe(false);
  });
});
