import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type FieldCipher, UnknownDataKeyError } from '../../lib/field-cipher';
import { createEncryptionRepository, numbersTables } from './payment-methods.encryption.repository';

export const secretColumns = ['account_number', 'wallet_number'] as const;
export type SecretColumn = (typeof secretColumns)[number];

/** What an encrypted number is bound to: its column and its shop (a copy elsewhere fails). */
export const contextOf = (column: SecretColumn, shopId: string) => `${column}:${shopId}`;

/**
 * The data migration of issue 11, run when the app starts: every account and wallet number not
 * yet under the current key (a plain number from before encryption, or one under an old key
 * after a rotation) is encrypted with the current key. Idempotent and safe with several processes
 * starting at once: each row is rewritten only if it still holds the value that was read. An
 * unknown key id stops the start with a message saying which key to add; a value that fails
 * authentication (tampered, or copied from another shop) is left as it is and reported.
 */
export async function encryptStoredNumbers(
  db: Kysely<DB>,
  cipher: FieldCipher,
): Promise<{ rewritten: number; unreadable: string[] }> {
  const current = `enc:v1:${cipher.currentKeyId}:%`;
  let rewritten = 0;
  const unreadable: string[] = [];
  const bring = (value: string | null, column: SecretColumn, shopId: string) => {
    if (value === null || cipher.keyIdOf(value) === cipher.currentKeyId) return value;
    const context = contextOf(column, shopId);
    try {
      const plain = cipher.keyIdOf(value) === null ? value : cipher.decrypt(value, context);
      return cipher.encrypt(plain, context);
    } catch (error) {
      if (error instanceof UnknownDataKeyError) throw error;
      unreadable.push(`${column} of shop ${shopId}`);
      return value;
    }
  };
  const repo = createEncryptionRepository(db);
  const brought = (row: {
    shop_id: string;
    account_number: string | null;
    wallet_number: string | null;
  }) => ({
    account_number: bring(row.account_number, 'account_number', row.shop_id),
    wallet_number: bring(row.wallet_number, 'wallet_number', row.shop_id),
  });
  for (const table of numbersTables) {
    for (const row of await repo.stale(table, current)) {
      rewritten += await repo.rewrite(table, row.key, row, brought(row));
    }
  }
  return { rewritten, unreadable };
}
