import type { Insertable, Transaction } from 'kysely';
import type { DB, ParcelAuditLogTable } from '../../db/schema';

/** The one writer of parcel_audit_log: every module that audits a parcel change calls this in its transaction. */
export async function recordAudit(
  trx: Transaction<DB>,
  entry: Insertable<ParcelAuditLogTable>,
): Promise<void> {
  await trx.insertInto('parcel_audit_log').values(entry).execute();
}
