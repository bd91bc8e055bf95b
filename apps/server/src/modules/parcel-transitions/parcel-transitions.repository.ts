import type { ParcelStatus } from '@dak/domain/parcel-status';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, ParcelAuditLogTable } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The SQL of the parcel-transitions module: the only writer of a parcel's status, its events,
 * its audit log and its delivery/return OTP columns. Every function takes the executor (the
 * caller's transaction, or the pool for a single statement).
 */

/** One line of the parcel's audit log. */
export async function insertAuditRow(trx: Executor, row: Insertable<ParcelAuditLogTable>) {
  await trx.insertInto('parcel_audit_log').values(row).execute();
}
