import type { AuditAction } from '@dak/domain/parcel-edits';
import type { Kysely, Transaction } from 'kysely';
import type { DB, ParcelAuditLogTable } from '../../db/schema';
import { insertAuditRow } from './parcel-transitions.repository';

/**
 * Writes one line of a parcel's audit log in the caller's transaction: a status change, an edit,
 * a note, a reattempt decision, a robocall confirmation. The parcel-transitions module owns the
 * table; every module that audits a parcel calls this.
 */
export async function recordAudit(
  trx: Kysely<DB> | Transaction<DB>,
  entry: {
    parcelId: string;
    at: Date;
    action: AuditAction;
    actorUserId?: string | null;
    actorStaffId?: string | null;
    field?: ParcelAuditLogTable['field'];
    oldValue?: string | null;
    newValue?: string | null;
    /** From where the request came; none for jobs and webhooks. */
    origin?: { ip: string | null; userAgent: string | null };
  },
) {
  await insertAuditRow(trx, {
    parcel_id: entry.parcelId,
    at: entry.at,
    actor_user_id: entry.actorUserId ?? null,
    actor_staff_id: entry.actorStaffId ?? null,
    action: entry.action,
    field: entry.field ?? null,
    old_value: entry.oldValue ?? null,
    new_value: entry.newValue ?? null,
    ip: entry.origin?.ip ?? null,
    user_agent: entry.origin?.userAgent?.slice(0, 500) ?? null,
  });
}
