import type { ParcelStatus } from '@dak/domain/parcel-status';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { countBookings } from '../dashboard/dashboard.service';
import { insertBookingEvents, insertEvent } from './parcel-transitions.repository';

/**
 * The events a merchant's own changes write outside the status machine's moves, kept here so
 * parcel-transitions stays the one writer of parcel_events.
 */

/**
 * The first event of parcels booked together (same moment, same user): one statement with the
 * ids as one array parameter, instead of nine parameters a row.
 */
export async function recordBookingEvents(
  trx: Transaction<DB>,
  parcelIds: readonly string[],
  event: { at: Date; actorUserId: string; toStatus: ParcelStatus },
): Promise<void> {
  if (parcelIds.length === 0) return;
  await insertBookingEvents(trx, parcelIds, event);
  // The dashboard counts them in their first status, in the booking's transaction.
  await countBookings(trx, parcelIds);
}

/** A merchant's edit on the parcel's timeline: the status stays, the note says what changed. */
export async function recordEditEvent(
  trx: Transaction<DB>,
  edit: { parcelId: string; status: ParcelStatus; at: Date; actorUserId: string; note: string },
): Promise<void> {
  await insertEvent(trx, {
    parcel_id: edit.parcelId,
    at: edit.at,
    actor_user_id: edit.actorUserId,
    actor_staff_id: null,
    from_status: edit.status,
    to_status: edit.status,
    reason: 'edited',
    note: edit.note,
    hub_id: null,
  });
}
