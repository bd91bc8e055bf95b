import type { ParcelStatus } from '@dak/domain/parcel-status';
import { type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import type { DB, Executor, ParcelAuditLogTable, ParcelEventsTable, ParcelsTable } from '../../db/schema';

/**
 * The SQL of the parcel-transitions module: the only writer of a parcel's status, its events,
 * its audit log and its delivery/return OTP columns. Every function takes the executor (the
 * caller's transaction, or the pool for a single statement).
 */

/** A parcel as a move judges it: locked (FOR UPDATE) in the move's transaction. */
export type LockedParcel = {
  id: string;
  tracking_id: string;
  shop_id: string;
  status: ParcelStatus;
  cash_collection_poisha: number;
  customer_phone: string;
  pickup_hub_id: string;
  delivery_hub_id: string;
  return_otp_hash: Buffer | null;
  return_otp_failures: number;
  reattempt_approved_at: Date | null;
};

export function lockParcel(trx: Transaction<DB>, trackingId: string) {
  return trx
    .selectFrom('parcels as p')
    .innerJoin('areas as da', 'da.id', 'p.delivery_area_id')
    .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
    .innerJoin('areas as pa', 'pa.id', 'l.area_id')
    .select([
      'p.id',
      'p.tracking_id',
      'p.shop_id',
      'p.status',
      'p.cash_collection_poisha',
      'p.customer_phone',
      'pa.hub_id as pickup_hub_id',
      'da.hub_id as delivery_hub_id',
      'p.return_otp_hash',
      'p.return_otp_failures',
      'p.reattempt_approved_at',
    ])
    .where('p.tracking_id', '=', trackingId)
    .forUpdate('p')
    .executeTakeFirst() as Promise<LockedParcel | undefined>;
}

/** Whether the parcel is open on a delivery run of this rider. */
export async function isOnRidersOpenRun(trx: Executor, parcelId: string, riderId: string) {
  const row = await trx
    .selectFrom('delivery_run_parcels as rp')
    .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
    .select('rp.run_id')
    .where('rp.parcel_id', '=', parcelId)
    .where('rp.closed_at', 'is', null)
    .where('r.rider_id', '=', riderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Closes the parcel's open place on a delivery run (it left the rider's hands). */
/** Closes the parcel's open run entry; answers the run's rider (null when it was on no run). */
export async function closeOpenRunParcel(trx: Executor, parcelId: string, at: Date): Promise<string | null> {
  const closed = await trx
    .updateTable('delivery_run_parcels as rp')
    .from('delivery_runs as r')
    .set({ closed_at: at })
    .whereRef('r.id', '=', 'rp.run_id')
    .where('rp.parcel_id', '=', parcelId)
    .where('rp.closed_at', 'is', null)
    .returning('r.rider_id')
    .executeTakeFirst();
  return closed?.rider_id ?? null;
}

/** The status write; only if the parcel is still in `from`. Answers whether it moved. */
export async function updateStatus(
  trx: Executor,
  parcelId: string,
  from: ParcelStatus,
  values: Pick<
    Updateable<ParcelsTable>,
    'status' | 'seller_status' | 'updated_at' | 'amount_collected_poisha'
  >,
) {
  const updated = await trx
    .updateTable('parcels')
    .set(values)
    .where('id', '=', parcelId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function insertEvent(trx: Executor, row: Insertable<ParcelEventsTable>) {
  await trx.insertInto('parcel_events').values(row).execute();
}

/** One line of the parcel's audit log. */
export async function insertAuditRow(trx: Executor, row: Insertable<ParcelAuditLogTable>) {
  await trx.insertInto('parcel_audit_log').values(row).execute();
}

/** The parcel columns this module owns besides the status. */
export type ParcelFlags = Pick<
  Updateable<ParcelsTable>,
  | 'return_otp_hash'
  | 'return_otp_sent_at'
  | 'return_otp_failures'
  | 'reattempt_approved_at'
  | 'robocall_verified_at'
>;

/**
 * Sets some of those columns; with `onlyIf`, only while the parcel is in that status or (for the
 * robocall) not yet verified. Answers whether the row changed.
 */
export async function updateFlags(
  trx: Executor,
  parcelId: string,
  values: ParcelFlags,
  onlyIf: { status?: ParcelStatus; robocallUnverified?: true } = {},
) {
  let query = trx.updateTable('parcels').set(values).where('id', '=', parcelId);
  if (onlyIf.status) query = query.where('status', '=', onlyIf.status);
  if (onlyIf.robocallUnverified) query = query.where('robocall_verified_at', 'is', null);
  const updated = await query.executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A wrong return code, counted on its own (outside the refused move). */
export async function countReturnOtpFailure(db: Executor, parcelId: string) {
  await db
    .updateTable('parcels')
    .set((eb) => ({ return_otp_failures: eb('return_otp_failures', '+', 1) }))
    .where('id', '=', parcelId)
    .execute();
}

/** The customer's delivery code of one place on a run (this attempt only). */
export async function setRunParcelOtpHash(trx: Executor, runParcelId: string, hash: Buffer) {
  await trx
    .updateTable('delivery_run_parcels')
    .set({ otp_hash: hash })
    .where('id', '=', runParcelId)
    .execute();
}

/** The first event of parcels booked together: one statement, the ids as one array parameter. */
export async function insertBookingEvents(
  trx: Executor,
  parcelIds: readonly string[],
  event: { at: Date; actorUserId: string; toStatus: ParcelStatus },
) {
  await sql`insert into parcel_events (parcel_id, at, actor_user_id, to_status)
    select id, ${event.at}, ${event.actorUserId}, ${event.toStatus}
    from unnest(${parcelIds}::uuid[]) as id`.execute(trx);
}
