import type { StaffRole } from '@dak/domain/auth';
import { hubWorkMessages } from '@dak/domain/hub-work';
import type { RowRefusal } from '@dak/domain/messages';
import { operationsMessages } from '@dak/domain/operations';
import {
  assertTransition,
  type DeliveryProof,
  isFullDelivery,
  type ParcelStatus,
  sellerStatusOf,
  type TransitionActor,
} from '@dak/domain/parcel-status';
import { returnOtpMaxFailures, returnsMessages } from '@dak/domain/returns';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { hashOtp, sameHash } from '../../lib/secrets';
import { asAppError, rowRefusal } from '../../plugins/error-handler';
import { type ParcelSms, returnOtpPurpose, sendParcelSmsJobName } from '../parcel-sms/parcel-sms.service';

/** Who moves a parcel, as the server knows them (the domain's TransitionActor is worked out). */
export type OpsActor =
  | { kind: 'staff'; staffId: string; role: StaffRole }
  | { kind: 'merchant'; userId: string; shopId: string }
  | { kind: 'system' };

export type TransitionRequest = {
  trackingId: string;
  to: ParcelStatus;
  reason?: string;
  /** Taka. */
  amountCollected?: number;
  proof?: DeliveryProof;
  otp?: string;
  note?: string;
  /** Extra writes in the move's transaction, after the event (a run's assignment, a photo proof). */
  withinMove?: (trx: Transaction<DB>, parcelId: string) => Promise<void>;
  /** From where the request came (the audit log's IP and user agent); none for jobs. */
  origin?: RequestOrigin;
};

export type RequestOrigin = { ip: string | null; userAgent: string | null };

export type TransitionResult = {
  trackingId: string;
  from: ParcelStatus;
  to: ParcelStatus;
  at: Date;
};

export type LockedParcel = Locked;
type Locked = {
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

/**
 * The hub an event happens at: the first (pickup side) hub until the parcel leaves it and again
 * when it comes back; the delivery area's hub from arrival until it starts back.
 */
const hubSide: Record<ParcelStatus, 'pickup' | 'delivery' | null> = {
  pickup_pending: null,
  pickup_hold: null,
  deleted: null,
  cancelled: null,
  at_sorting: 'pickup',
  in_transit: 'pickup',
  at_delivery_hub: 'delivery',
  out_for_delivery: 'delivery',
  delivery_attempted: 'delivery',
  delivered: 'delivery',
  return_at_delivery_hub: 'delivery',
  return_in_transit: 'delivery',
  at_return_hub: 'pickup',
  out_for_return: 'pickup',
  returned: 'pickup',
  lost: null,
  damaged: null,
};

function eventHub(parcel: Locked, from: ParcelStatus, to: ParcelStatus): string | null {
  const side = hubSide[to] ?? hubSide[from];
  if (side === 'pickup') return parcel.pickup_hub_id;
  if (side === 'delivery') return parcel.delivery_hub_id;
  return null;
}

const taka = (poisha: number) => poisha / 100;

/** The SMS a move to a status is followed by (the send-parcel-sms job). */
function smsAfter(to: ParcelStatus, reason: string | undefined): Omit<ParcelSms, 'parcelId'> | null {
  switch (to) {
    case 'out_for_delivery':
      return { kind: 'out_for_delivery' };
    case 'delivered':
      return { kind: 'delivered' };
    case 'delivery_attempted':
      return { kind: 'delivery_attempted', reason };
    case 'out_for_return':
      return { kind: 'return_otp' };
    default:
      return null;
  }
}

/**
 * The one way operations move a parcel. Each move is one transaction: the parcel's row is locked
 * (SELECT … FOR UPDATE), the status machine judges the move against the status it finds, the row
 * is updated only if still in that status, and the event is written. Of two moves at the same
 * moment the second waits for the lock, then finds the new status and gets 409. Follow-ups (SMS
 * now; webhooks and ledger entries later) are jobs queued in the same transaction: they exist
 * exactly when the move does, and run after the commit, so a slow or failing gateway never holds
 * up or undoes a move.
 */
export function createParcelTransitionsService(deps: { db: Kysely<DB>; clock: Clock; jobs: Jobs }) {
  const { db, clock, jobs } = deps;

  async function hubsOf(staffId: string, trx: Kysely<DB> | Transaction<DB> = db): Promise<string[]> {
    const rows = await trx
      .selectFrom('staff_hubs')
      .select('hub_id')
      .where('staff_id', '=', staffId)
      .execute();
    return rows.map((r) => r.hub_id);
  }

  function lockParcel(trx: Transaction<DB>, trackingId: string) {
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
      .executeTakeFirst() as Promise<Locked | undefined>;
  }

  /**
   * Whether the parcel is open on a delivery run of this rider (read inside the move's
   * transaction, after the parcel's lock, so a parcel taken off the run cannot slip through).
   */
  async function onOwnRun(trx: Transaction<DB>, parcelId: string, riderId: string): Promise<boolean> {
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

  /** The domain's view of the actor; a rider is on their own run when the parcel is open on it. */
  async function domainActor(
    trx: Transaction<DB>,
    actor: OpsActor,
    parcelId: string,
  ): Promise<TransitionActor> {
    if (actor.kind === 'merchant') return { kind: 'merchant' };
    if (actor.kind === 'system') return { kind: 'system' };
    if (actor.role === 'rider') {
      return { kind: 'rider', onOwnRun: await onOwnRun(trx, parcelId, actor.staffId) };
    }
    return { kind: 'staff', role: actor.role };
  }

  /**
   * The move itself, on a parcel the caller has locked in `trx` (lockParcel): judged by the
   * status machine, written by recordTransition, its follow-ups queued. Hub work uses it to move
   * many parcels (a trip) in one transaction.
   */
  async function moveLocked(
    trx: Transaction<DB>,
    actor: OpsActor,
    parcel: Locked,
    request: TransitionRequest,
  ): Promise<TransitionResult> {
    const trackingId = parcel.tracking_id;
    const from = parcel.status;
    if (from === 'pickup_hold' && request.to === 'at_sorting') {
      // The prepayment hold blocks pickup and scan-in alike until finance or the job clears it.
      throw new AppError('PICKUP_ON_HOLD', hubWorkMessages.pickupHold(trackingId), { trackingId });
    }
    const judged = await domainActor(trx, actor, parcel.id);
    try {
      assertTransition(from, request.to, judged, {
        reason: request.reason,
        amountCollected: request.amountCollected,
        cashToCollect: taka(Number(parcel.cash_collection_poisha)),
        proof: request.proof,
        otp: request.otp,
        note: request.note,
        reattemptApproved: parcel.reattempt_approved_at !== null,
      });
    } catch (error) {
      throw asAppError(error, { trackingId }) ?? error;
    }
    if (request.to === 'returned') {
      if (!parcel.return_otp_hash)
        throw new AppError('VALIDATION_FAILED', returnsMessages.otpMissing, { field: 'otp' });
      if (parcel.return_otp_failures >= returnOtpMaxFailures) {
        throw new AppError('OTP_TOO_MANY_ATTEMPTS', returnsMessages.otpTooManyFailures, { field: 'otp' });
      }
      if (!sameHash(parcel.return_otp_hash, hashOtp(request.otp ?? '', trackingId, returnOtpPurpose))) {
        throw new WrongReturnOtp(parcel.id);
      }
    }
    const now = clock.now();
    const delivered = request.to === 'delivered';
    const collected = delivered ? Math.round((request.amountCollected ?? 0) * 100) : null;
    const partial =
      delivered && !isFullDelivery(request.amountCollected ?? 0, taka(Number(parcel.cash_collection_poisha)));
    await recordTransition(trx, {
      parcelId: parcel.id,
      trackingId: parcel.tracking_id,
      from,
      to: request.to,
      at: now,
      actorUserId: actor.kind === 'merchant' ? actor.userId : null,
      actorStaffId: actor.kind === 'staff' ? actor.staffId : null,
      reason: request.reason ?? (partial ? 'partial_delivery' : null),
      note: request.note ?? null,
      hubId: eventHub(parcel, from, request.to),
      amountCollectedPoisha: collected,
      proofKind: delivered ? (request.proof?.kind ?? 'staff') : null,
    });
    // Leaving the rider's hands closes the parcel on its run, whoever records it.
    if (from === 'out_for_delivery') {
      await trx
        .updateTable('delivery_run_parcels')
        .set({ closed_at: now })
        .where('parcel_id', '=', parcel.id)
        .where('closed_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('parcel_audit_log')
      .values({
        parcel_id: parcel.id,
        at: now,
        actor_user_id: actor.kind === 'merchant' ? actor.userId : null,
        actor_staff_id: actor.kind === 'staff' ? actor.staffId : null,
        action: 'status_change',
        field: null,
        old_value: from,
        new_value: request.to,
        ip: request.origin?.ip ?? null,
        user_agent: request.origin?.userAgent?.slice(0, 500) ?? null,
      })
      .execute();
    // A new failure needs a new decision; the return code is spent once the parcel is back.
    if (request.to === 'delivery_attempted' || request.to === 'returned') {
      await trx
        .updateTable('parcels')
        .set(
          request.to === 'returned'
            ? { return_otp_hash: null, return_otp_failures: 0 }
            : { reattempt_approved_at: null },
        )
        .where('id', '=', parcel.id)
        .execute();
    }
    // Out for return: a new trip, a new code; the job makes it and texts it to the merchant.
    if (request.to === 'out_for_return') {
      await trx
        .updateTable('parcels')
        .set({ return_otp_hash: null, return_otp_sent_at: null, return_otp_failures: 0 })
        .where('id', '=', parcel.id)
        .execute();
    }
    await request.withinMove?.(trx, parcel.id);
    const sms = smsAfter(request.to, request.reason);
    if (sms) await jobs.sendWithin(trx, sendParcelSmsJobName, { ...sms, parcelId: parcel.id });
    return { trackingId, from, to: request.to, at: now };
  }

  const service = {
    hubsOf,
    lockParcel,
    moveLocked,

    /**
     * Sends the merchant a new return code (the old one stops working when it goes out); out for
     * return only. The code is made and texted by the send-parcel-sms job.
     */
    async resendReturnOtp(actor: OpsActor, rawTrackingId: string) {
      const trackingId = normalizeTrackingId(rawTrackingId);
      if (!trackingId) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(rawTrackingId));
      const hubs = actor.kind === 'staff' && actor.role !== 'admin' ? await hubsOf(actor.staffId) : null;
      await db.transaction().execute(async (trx) => {
        const parcel = await lockParcel(trx, trackingId);
        if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
        if (hubs && !hubs.includes(parcel.pickup_hub_id) && !hubs.includes(parcel.delivery_hub_id)) {
          throw new AppError('FORBIDDEN', operationsMessages.notYourHub, { trackingId });
        }
        if (parcel.status !== 'out_for_return') {
          throw new AppError('INVALID_TRANSITION', returnsMessages.notOutForReturn, { trackingId });
        }
        await jobs.sendWithin(trx, sendParcelSmsJobName, { kind: 'return_otp', parcelId: parcel.id });
      });
      return { trackingId, sentAt: clock.now() };
    },

    async transition(actor: OpsActor, request: TransitionRequest): Promise<TransitionResult> {
      const trackingId = normalizeTrackingId(request.trackingId);
      if (!trackingId) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(request.trackingId));
      // Riders are judged by their run, not by hub (a rider's parcels are their run's).
      const hubs =
        actor.kind === 'staff' && actor.role !== 'admin' && actor.role !== 'rider'
          ? await hubsOf(actor.staffId)
          : null;
      return db
        .transaction()
        .execute(async (trx) => {
          const parcel = await lockParcel(trx, trackingId);
          if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
          if (actor.kind === 'merchant' && parcel.shop_id !== actor.shopId) {
            throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
          }
          if (hubs && !hubs.includes(parcel.pickup_hub_id) && !hubs.includes(parcel.delivery_hub_id)) {
            throw new AppError('FORBIDDEN', operationsMessages.notYourHub, { trackingId });
          }
          return moveLocked(trx, actor, parcel, request);
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof WrongReturnOtp)) throw error;
          // Counted outside the refused move's transaction, so the count survives the refusal.
          await db
            .updateTable('parcels')
            .set((eb) => ({ return_otp_failures: eb('return_otp_failures', '+', 1) }))
            .where('id', '=', error.parcelId)
            .execute();
          throw new AppError('OTP_INVALID', returnsMessages.otpWrong, { trackingId, field: 'otp' });
        });
    },

    /**
     * Many moves, each its own transaction judged like any other, in the order given; one
     * refusal does not stop the rest. The answer says per tracking ID whether it moved and why not.
     */
    async bulk(
      actor: OpsActor,
      updates: {
        trackingId: string;
        status: ParcelStatus;
        reason?: string;
        amountCollected?: number;
        otp?: string;
      }[],
      origin?: RequestOrigin,
    ) {
      const results: { trackingId: string; ok: boolean; error?: RowRefusal }[] = [];
      for (const update of updates) {
        try {
          await service.transition(actor, {
            trackingId: update.trackingId,
            to: update.status,
            reason: update.reason,
            amountCollected: update.amountCollected,
            otp: update.otp,
            origin,
          });
          results.push({ trackingId: update.trackingId, ok: true });
        } catch (error) {
          const refused = asAppError(error);
          if (!refused) throw error;
          results.push({
            trackingId: update.trackingId,
            ok: false,
            error: rowRefusal(refused),
          });
        }
      }
      return { results };
    },
  };
  return service;
}

/**
 * The write of every status change, wherever it is judged: the parcel moves only if it is still
 * in `from` (else 409 CONFLICT), its seller status follows, and the event is written, all in the
 * caller's transaction. The merchant's delete (parcels.service) uses it too.
 */
export async function recordTransition(
  trx: Transaction<DB>,
  move: {
    parcelId: string;
    trackingId?: string;
    from: ParcelStatus;
    to: ParcelStatus;
    at: Date;
    actorUserId: string | null;
    actorStaffId: string | null;
    reason: string | null;
    note: string | null;
    hubId: string | null;
    amountCollectedPoisha?: number | null;
    proofKind?: 'otp' | 'photo' | 'staff' | null;
  },
) {
  const collected = move.amountCollectedPoisha ?? null;
  const updated = await trx
    .updateTable('parcels')
    .set({
      status: move.to,
      seller_status: sellerStatusOf(move.to),
      updated_at: move.at,
      ...(collected !== null ? { amount_collected_poisha: collected } : {}),
    })
    .where('id', '=', move.parcelId)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw new AppError('CONFLICT', operationsMessages.conflict, { trackingId: move.trackingId });
  }
  await trx
    .insertInto('parcel_events')
    .values({
      parcel_id: move.parcelId,
      at: move.at,
      actor_user_id: move.actorUserId,
      actor_staff_id: move.actorStaffId,
      from_status: move.from,
      to_status: move.to,
      reason: move.reason,
      note: move.note,
      hub_id: move.hubId,
      amount_collected_poisha: collected,
      proof_kind: move.proofKind ?? null,
    })
    .execute();
}

/**
 * An event that changes no status (the pickup rider's tick: collected, or not handed over with
 * a reason): it stands on the parcel's timeline, its audit log and public tracking.
 */
export async function recordStatusNote(
  trx: Transaction<DB>,
  note: {
    parcelId: string;
    status: ParcelStatus;
    at: Date;
    actorStaffId: string;
    reason: string;
    note: string | null;
    hubId: string | null;
  },
) {
  await trx
    .insertInto('parcel_events')
    .values({
      parcel_id: note.parcelId,
      at: note.at,
      actor_staff_id: note.actorStaffId,
      from_status: note.status,
      to_status: note.status,
      reason: note.reason,
      note: note.note,
      hub_id: note.hubId,
    })
    .execute();
}

/** A wrong return code: the move is refused, and the failure counted after the rollback. */
class WrongReturnOtp extends Error {
  constructor(readonly parcelId: string) {
    super('wrong return OTP');
  }
}

export type ParcelTransitionsService = ReturnType<typeof createParcelTransitionsService>;
