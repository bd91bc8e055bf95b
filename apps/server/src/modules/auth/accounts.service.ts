import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthRepository } from './auth.repository';

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * What other modules and the guards may ask of accounts (users, memberships, staff): auth owns
 * those tables, so team and plugins/auth ask here instead of reaching into its repository.
 */
export function createAccountsService(deps: { repo: AuthRepository }) {
  const { repo } = deps;
  return {
    findUserByPhone: (phone: string) => repo.findUserByPhone(phone),
    /** Creates the user of a phone inside the caller's transaction (or returns the existing one). */
    insertUser: (
      values: { phone: string; account_type: 'merchant' | 'partner' },
      trx: Kysely<DB> | Transaction<DB>,
    ) => repo.insertUser(values, trx),
    /** The user's active membership of a shop, or undefined. */
    findMembership: (shopId: string, userId: string) => repo.findMembership(shopId, userId),
    findStaffById: (id: string) => repo.findStaffById(id),
  };
}
