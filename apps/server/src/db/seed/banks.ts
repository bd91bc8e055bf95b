import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema';
import type { BankSeed, BranchSeed } from './bank-rules';
import { readSeed, upsertSeedRows } from './upsert';

/**
 * Loads banks (banks.json) and sample branches (bank-branches.json, see banks.README.md). Safe on
 * every start, like the geography seed: one transaction, upserts that skip unchanged rows, and the
 * `active` flags, which staff own, are set only when a row is first inserted. Rows that leave the
 * seed stay: payment methods point at them.
 */
export async function seedBanks(db: Kysely<DB>): Promise<{ banks: number; branches: number }> {
  const [bankSeeds, branches] = await Promise.all([
    readSeed<BankSeed>('banks'),
    readSeed<BranchSeed>('bank-branches'),
  ]);
  const banks = bankSeeds.map(({ tier: _tier, ...bank }) => bank);
  const bankColumns = ['code', 'name_en', 'name_bn', 'short_name', 'kind'] as const;
  const branchColumns = ['bank_id', 'name_en', 'name_bn', 'district_id', 'address'] as const;

  await db.transaction().execute(async (trx) => {
    await upsertSeedRows(trx, 'banks', banks, { key: 'id', columns: bankColumns });
    await upsertSeedRows(trx, 'bank_branches', branches, {
      key: 'routing_number',
      columns: branchColumns,
      alsoSet: { updated_at: sql<never>`now()` },
    });
  });
  return { banks: banks.length, branches: branches.length };
}
