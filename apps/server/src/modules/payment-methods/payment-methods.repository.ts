import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/schema';

export type PaymentMethodValues = {
  method: 'bank' | 'bkash';
  bank_id: string | null;
  branch_id: number | null;
  account_name: string | null;
  account_number: string | null;
  routing_number: string | null;
  wallet_number: string | null;
};

/** SQL for a shop's payment method and its change history; every method takes an optional transaction. */
export function createPaymentMethodsRepository(db: Kysely<DB>) {
  return {
    /** The shop's owner: whose phone gets the code that guards a change. */
    findShopOwner(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops')
        .innerJoin('users', 'users.id', 'shops.owner_user_id')
        .select(['users.id', 'users.phone'])
        .where('shops.id', '=', shopId)
        .executeTakeFirst();
    },
    findCurrent(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shop_payment_methods as pm')
        .leftJoin('banks', 'banks.id', 'pm.bank_id')
        .leftJoin('bank_branches as br', 'br.id', 'pm.branch_id')
        .innerJoin('users', 'users.id', 'pm.updated_by_user_id')
        .select([
          'pm.method',
          'pm.bank_id',
          'pm.branch_id',
          'pm.account_name',
          'pm.account_number',
          'pm.routing_number',
          'pm.wallet_number',
          'pm.updated_at',
          'pm.updated_by_user_id',
          'users.display_name as updated_by_name',
          'banks.name_en as bank_name_en',
          'banks.name_bn as bank_name_bn',
          'br.name_en as branch_name_en',
          'br.name_bn as branch_name_bn',
          'br.district_id as branch_district_id',
        ])
        .where('pm.shop_id', '=', shopId)
        .executeTakeFirst();
    },
    /** What a payout needs of each shop's current method: the stored (encrypted) numbers. */
    findPayoutAccounts(shopIds: string[], trx: Executor = db) {
      if (shopIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('shop_payment_methods')
        .select([
          'shop_id',
          'method',
          'account_name',
          'account_number',
          'routing_number',
          'wallet_number',
          'updated_at',
        ])
        .where('shop_id', 'in', shopIds)
        .execute();
    },
    history(shopId: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('shop_payment_method_changes as c')
        .leftJoin('banks', 'banks.id', 'c.bank_id')
        .innerJoin('users', 'users.id', 'c.changed_by_user_id')
        .select([
          'c.method',
          'c.account_number',
          'c.wallet_number',
          'c.changed_at',
          'c.changed_by_user_id',
          'users.display_name as changed_by_name',
          'banks.name_en as bank_name_en',
        ])
        .where('c.shop_id', '=', shopId)
        .orderBy('c.changed_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute();
    },
    /** Sets the current method and records the change, together or not at all. */
    async save(input: {
      shopId: string;
      userId: string;
      values: PaymentMethodValues;
      now: Date;
      ip: string;
    }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('shop_payment_methods')
          .values({
            shop_id: input.shopId,
            ...input.values,
            updated_by_user_id: input.userId,
            created_at: input.now,
            updated_at: input.now,
          })
          .onConflict((oc) =>
            oc.column('shop_id').doUpdateSet({
              ...input.values,
              updated_by_user_id: input.userId,
              updated_at: input.now,
            }),
          )
          .execute();
        await trx
          .insertInto('shop_payment_method_changes')
          .values({
            shop_id: input.shopId,
            ...input.values,
            changed_by_user_id: input.userId,
            changed_at: input.now,
            ip: input.ip,
          })
          .execute();
      });
    },
  };
}

export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
