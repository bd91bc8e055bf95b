import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema';
import type { BankSeed, BranchSeed } from './bank-rules';
import { changed, fromExcluded, readSeed } from './upsert';

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
    await trx
      .insertInto('banks')
      .values(banks)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(fromExcluded(bankColumns)).where(changed('banks', bankColumns)),
      )
      .execute();
    await trx
      .insertInto('bank_branches')
      .values(branches)
      .onConflict((oc) =>
        oc
          .column('routing_number')
          .doUpdateSet({ ...fromExcluded(branchColumns), updated_at: sql<never>`now()` })
          .where(changed('bank_branches', branchColumns)),
      )
      .execute();
  });
  return { banks: banks.length, branches: branches.length };
}
