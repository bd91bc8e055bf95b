import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';

const flagColumns = [
  'feature_flags.name',
  'feature_flags.description',
  'feature_flags.enabled',
  'feature_flags.percentage',
  'feature_flags.allow_list',
  'feature_flags.updated_at',
  'feature_flags.updated_by_staff_id',
] as const;

/** SQL for preferences and feature flags; every method takes an optional transaction. */
export function createFlagsRepository(db: Kysely<DB>) {
  return {
    findPublicPreference(name: string, trx: Executor = db) {
      return trx
        .selectFrom('preferences')
        .select(['name', 'value'])
        .where('name', '=', name)
        .where('public', '=', true)
        .executeTakeFirst();
    },
    listFlags(trx: Executor = db) {
      return trx
        .selectFrom('feature_flags')
        .leftJoin('staff', 'staff.id', 'feature_flags.updated_by_staff_id')
        .select(flagColumns)
        .select('staff.name as updated_by_name')
        .orderBy('feature_flags.name')
        .execute();
    },
    findFlag(name: string, trx: Executor = db) {
      return trx
        .selectFrom('feature_flags')
        .leftJoin('staff', 'staff.id', 'feature_flags.updated_by_staff_id')
        .select(flagColumns)
        .select('staff.name as updated_by_name')
        .where('feature_flags.name', '=', name)
        .executeTakeFirst();
    },
    /** Changes a flag and records the new state with who changed it, in one transaction. */
    async updateFlag(
      name: string,
      values: { enabled?: boolean; percentage?: number; allow_list?: string[]; description?: string },
      staffId: string,
      now: Date,
    ) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('feature_flags')
          .set({ ...values, updated_at: now, updated_by_staff_id: staffId })
          .where('name', '=', name)
          .returning(['name', 'enabled', 'percentage', 'allow_list'])
          .executeTakeFirst();
        if (!row) return false;
        await trx
          .insertInto('feature_flag_changes')
          .values({
            name,
            enabled: row.enabled,
            percentage: row.percentage,
            allow_list: row.allow_list,
            changed_by_staff_id: staffId,
            changed_at: now,
          })
          .execute();
        return true;
      });
    },
  };
}

export type FlagsRepository = ReturnType<typeof createFlagsRepository>;
