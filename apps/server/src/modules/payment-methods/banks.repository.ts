import type { Kysely } from 'kysely';
import { containing, escapeLike, pageWithCount } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

const branchColumns = [
  'bank_branches.id',
  'bank_branches.bank_id',
  'bank_branches.routing_number',
  'bank_branches.name_en',
  'bank_branches.name_bn',
  'bank_branches.district_id',
  'bank_branches.address',
  'bank_branches.active',
] as const;

/** SQL for banks and their branches; every method takes an optional transaction. */
export function createBanksRepository(db: Kysely<DB>) {
  return {
    listBanks(trx: Executor = db) {
      return trx
        .selectFrom('banks')
        .select(['id', 'code', 'name_en', 'name_bn', 'short_name', 'kind'])
        .where('active', '=', true)
        .orderBy('name_en')
        .execute();
    },
    findBank(id: string, trx: Executor = db) {
      return trx
        .selectFrom('banks')
        .select(['id', 'code', 'name_en', 'name_bn', 'short_name', 'kind', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async listBranches(
      filter: {
        bankId: string;
        districtId?: string;
        q?: string;
        active?: boolean;
        limit: number;
        offset: number;
      },
      trx: Executor = db,
    ) {
      let query = trx.selectFrom('bank_branches').where('bank_id', '=', filter.bankId);
      if (filter.active !== undefined) query = query.where('active', '=', filter.active);
      if (filter.districtId) query = query.where('district_id', '=', filter.districtId);
      const q = filter.q?.trim();
      if (q) {
        const pattern = containing(q);
        query = query.where((eb) =>
          eb.or([
            eb('name_en', 'ilike', pattern),
            eb('name_bn', 'ilike', pattern),
            eb('address', 'ilike', pattern),
            eb('routing_number', 'like', `${escapeLike(q)}%`),
          ]),
        );
      }
      return pageWithCount(query, filter, (q) =>
        q.select(branchColumns).orderBy('district_id').orderBy('name_en'),
      );
    },
    findBranch(id: number, trx: Executor = db) {
      return trx.selectFrom('bank_branches').select(branchColumns).where('id', '=', id).executeTakeFirst();
    },
    setBranchActive(id: number, active: boolean, now: Date, trx: Executor = db) {
      return trx
        .updateTable('bank_branches')
        .set({ active, updated_at: now })
        .where('id', '=', id)
        .returning(branchColumns)
        .executeTakeFirst();
    },
  };
}

export type BanksRepository = ReturnType<typeof createBanksRepository>;
