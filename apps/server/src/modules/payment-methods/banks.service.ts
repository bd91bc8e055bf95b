import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import { createBanksRepository } from './banks.repository';

type BranchRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createBanksRepository>['findBranch']>>>;

function branchView(row: BranchRow) {
  return {
    id: row.id,
    bankId: row.bank_id,
    routingNumber: row.routing_number,
    nameEn: row.name_en,
    nameBn: row.name_bn,
    districtId: row.district_id,
    address: row.address,
  };
}

export type BanksService = ReturnType<typeof createBanksService>;

/** Banks and branches: the public pickers (active rows only) and the staff's branch switches. */
export function createBanksService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createBanksRepository(deps.db);

  async function requireBank(bankId: string) {
    const bank = await repo.findBank(bankId);
    if (!bank) throw new AppError('NOT_FOUND', 'Bank not found');
    return bank;
  }

  return {
    async listBanks() {
      const rows = await repo.listBanks();
      const items = rows.map((b) => ({
        id: b.id,
        code: b.code,
        nameEn: b.name_en,
        nameBn: b.name_bn,
        shortName: b.short_name,
        kind: b.kind,
      }));
      return { items, count: items.length };
    },

    /** Only active branches of an active bank (spec 5: "Only active bank branches are listed"). */
    async listActiveBranches(input: {
      bankId: string;
      districtId?: string;
      q?: string;
      limit: number;
      offset: number;
    }) {
      const bank = await requireBank(input.bankId);
      if (!bank.active) throw new AppError('NOT_FOUND', 'Bank not found');
      return pageOf(await repo.listBranches({ ...input, active: true }), branchView);
    },

    async listAllBranches(input: {
      bankId: string;
      districtId?: string;
      q?: string;
      active?: 'true' | 'false';
      limit: number;
      offset: number;
    }) {
      await requireBank(input.bankId);
      const active = input.active === undefined ? undefined : input.active === 'true';
      return pageOf(await repo.listBranches({ ...input, active }), (row) => ({
        ...branchView(row),
        active: row.active,
      }));
    },

    async setBranchActive(branchId: number, active: boolean) {
      const row = await repo.setBranchActive(branchId, active, deps.clock.now());
      if (!row) throw new AppError('NOT_FOUND', 'Branch not found');
      return { ...branchView(row), active: row.active };
    },

    /** A bank and branch a payment method may name: both exist and are active, and belong together. */
    async findUsableBranch(bankId: string, branchId: number) {
      const [bank, branch] = await Promise.all([repo.findBank(bankId), repo.findBranch(branchId)]);
      if (!bank?.active) return { problem: 'bank' as const };
      if (!branch || branch.bank_id !== bank.id || !branch.active) return { problem: 'branch' as const };
      return { bank, branch };
    },
  };
}
