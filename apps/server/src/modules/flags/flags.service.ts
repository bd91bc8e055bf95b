import { isRolledOut } from '@dak/domain/flags';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createFlagsRepository } from './flags.repository';

export type FlagsService = ReturnType<typeof createFlagsService>;

type FlagRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createFlagsRepository>['findFlag']>>>;

const rule = (row: FlagRow) => ({
  enabled: row.enabled,
  percentage: row.percentage,
  allowList: row.allow_list,
});

function flagView(row: FlagRow) {
  return {
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    percentage: row.percentage,
    allowList: row.allow_list,
    updatedAt: row.updated_at,
    updatedBy:
      row.updated_by_staff_id && row.updated_by_name
        ? { staffId: row.updated_by_staff_id, name: row.updated_by_name }
        : null,
  };
}

/**
 * Public preferences by name, and feature flags rolled out per shop: off for everyone when
 * disabled, on for shops on the allow-list, else on for the shops whose stable bucket
 * (packages/domain/src/flags.ts rolloutBucket) is below the percentage.
 */
export function createFlagsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createFlagsRepository(deps.db);

  async function requireFlag(name: string) {
    const row = await repo.findFlag(name);
    if (!row) throw new AppError('NOT_FOUND', `Unknown feature ${name}`);
    return row;
  }

  return {
    async preference(name: string) {
      const row = await repo.findPublicPreference(name);
      if (!row) throw new AppError('NOT_FOUND', `Unknown preference ${name}`);
      return { name: row.name, value: row.value };
    },

    async rollout(shopId: string, feature: string) {
      const row = await requireFlag(feature);
      return { feature: row.name, enabled: isRolledOut(rule(row), row.name, shopId) };
    },

    async rollouts(shopId: string) {
      const rows = await repo.listFlags();
      return {
        items: rows.map((row) => ({ feature: row.name, enabled: isRolledOut(rule(row), row.name, shopId) })),
      };
    },

    async list() {
      const rows = await repo.listFlags();
      return { items: rows.map(flagView), count: rows.length };
    },

    /** Flags are declared by the code that reads them (a migration adds one); staff only tune them. */
    async update(input: {
      name: string;
      staffId: string;
      patch: { enabled?: boolean; percentage?: number; allowList?: string[]; description?: string };
    }) {
      const { allowList, ...rest } = input.patch;
      const values = {
        ...rest,
        ...(allowList === undefined ? {} : { allow_list: [...new Set(allowList)] }),
      };
      const found = await repo.updateFlag(input.name, values, input.staffId, deps.clock.now());
      if (!found) throw new AppError('NOT_FOUND', `Unknown feature ${input.name}`);
      return flagView(await requireFlag(input.name));
    },
  };
}
