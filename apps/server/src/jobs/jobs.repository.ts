import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** The id of the caller's transaction, to learn later whether it committed. */
export async function transactionIdOf(trx: Transaction<DB>) {
  const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
  const xid = rows[0]?.xid;
  if (!xid) throw new Error('no transaction id');
  return xid;
}
