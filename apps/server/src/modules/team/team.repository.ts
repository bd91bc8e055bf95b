import type { EmployeeRole } from '@dak/domain/shop';
import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** SQL for a shop's members; every method takes an optional transaction. */
export function createTeamRepository(db: Kysely<DB>) {
  function members(trx: Executor) {
    return trx
      .selectFrom('shop_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'm.user_id',
        'u.phone',
        'u.display_name',
        'u.full_name',
        'u.account_type',
        'm.role',
        'm.status',
        'm.created_at',
      ]);
  }

  return {
    /** The owner first, then members in the order they joined; removed ones last. */
    list(shopId: string, status: 'active' | 'removed' | undefined, trx: Executor = db) {
      let query = members(trx).where('m.shop_id', '=', shopId);
      if (status) query = query.where('m.status', '=', status);
      return query
        .orderBy(sql`case when m.role = 'owner' then 0 else 1 end`)
        .orderBy(sql`case when m.status = 'active' then 0 else 1 end`)
        .orderBy('m.created_at')
        .orderBy('m.user_id')
        .execute();
    },

    find(shopId: string, userId: string, trx: Executor = db) {
      return members(trx).where('m.shop_id', '=', shopId).where('m.user_id', '=', userId).executeTakeFirst();
    },

    findByPhone(shopId: string, phone: string, trx: Executor = db) {
      return members(trx).where('m.shop_id', '=', shopId).where('u.phone', '=', phone).executeTakeFirst();
    },

    /**
     * Adds the user as an employee, or brings back one who was removed, with the given role.
     * False when they are already an active member (a parallel add got there first).
     */
    async addOrRestore(
      input: { shopId: string; userId: string; role: EmployeeRole; addedBy: string; now: Date },
      trx: Executor = db,
    ) {
      const row = await trx
        .insertInto('shop_members')
        .values({
          shop_id: input.shopId,
          user_id: input.userId,
          role: input.role,
          status: 'active',
          added_by_user_id: input.addedBy,
          created_at: input.now,
          updated_at: input.now,
        })
        .onConflict((oc) =>
          oc
            .columns(['shop_id', 'user_id'])
            .doUpdateSet({
              role: input.role,
              status: 'active',
              added_by_user_id: input.addedBy,
              updated_at: input.now,
            })
            .where('shop_members.status', '=', 'removed'),
        )
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Changes an active employee (never the owner); false when there was none to change. */
    async update(
      input: { shopId: string; userId: string; now: Date } & (
        | { role: EmployeeRole; status?: never }
        | { status: 'removed'; role?: never }
      ),
      trx: Executor = db,
    ) {
      const row = await trx
        .updateTable('shop_members')
        .set({
          ...(input.role ? { role: input.role } : { status: 'removed' as const }),
          updated_at: input.now,
        })
        .where('shop_id', '=', input.shopId)
        .where('user_id', '=', input.userId)
        .where('status', '=', 'active')
        .where('role', '!=', 'owner')
        .returning('user_id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
