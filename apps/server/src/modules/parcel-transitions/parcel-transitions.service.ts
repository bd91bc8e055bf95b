import { hubWorkMessages } from '@dak/domain/hub-work';
import type { RowRefusal } from '@dak/domain/messages';
import { operationsMessages } from '@dak/domain/operations';
import {
  assertTransition,
  type DeliveryProof,
  isFullDelivery,
  type ParcelStatus,
  parcelHubSide,
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
import { hashOtp, newNumericCode, sameHash } from '../../lib/secrets';
import { assertHub, type StaffScope } from '../../lib/staff-scope';
import { asAppError, rowRefusal } from '../../plugins/error-handler';
import { countMove } from '../dashboard/dashboard.service';
import type { CashHolder } from '../ledger/ledger.service';
import { recordAudit } from './parcel-audit';
import { runEffects, sendSms } from './parcel-effects';
import {
  closeOpenRunParcel,
  countReturnOtpFailure,
  insertEvent,
  isOnRidersOpenRun,
  type LockedParcel,
  lockParcel,
  setRunParcelOtpHash,
  updateFlags,
  updateStatus,
} from './parcel-transitions.repository';

export type { LockedParcel } from './parcel-transitions.repository';

/** What the OTP hashes are bound to, with the tracking ID (lib/secrets hashOtp). */
export const deliveryOtpPurpose = 'delivery';
export const returnOtpPurpose = 'parcel_return';

/**
 * Who moves a parcel, as the server knows them (the domain's TransitionActor is worked out). Staff
 * carry their hub scope (staffOf); a rider needs none: riders are judged by their run.
 */
export type OpsActor =
  | { kind: 'staff'; staffId: string; role: 'rider' }
  | ({ kind: 'staff' } & StaffScope)
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

/** The audit log's "from where" of a request (any module's route passes it on). */
export function originOf(request: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}

export type TransitionResult = {
  trackingId: string;
  from: ParcelStatus;
  to: ParcelStatus;
  at: Date;
};

type Locked = LockedParcel;

function eventHub(parcel: Locked, from: ParcelStatus, to: ParcelStatus): string | null {
  const side = parcelHubSide[to] ?? parcelHubSide[from];
  if (side === 'pickup') return parcel.pickup_hub_id;
  if (side === 'delivery') return parcel.delivery_hub_id;
  return null;
}

const taka = (poisha: number) => poisha / 100;

/**
 * The one way operations move a parcel. Each move is one transaction: the parcel's row is locked
 * (SELECT … FOR UPDATE), the status machine judges the move against the status it finds, the row
 * is updated only if still in that status, and the event is written. Of two moves at the same
 * moment the second waits for the lock, then finds the new status and gets 409. Follow-ups (SMS
 * now; webhooks and ledger entries later) are jobs queued in the same transaction: they exist
 * exactly when the move does, and run after the commit, so a slow or failing gateway never holds
 * up or undoes a move.
 */
export function createParcelTransitionsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  jobs: Jobs;
  /** AUTO_RETURN_HOURS: the failed attempt's decision deadline in its notification (24 by default). */
  autoReturnHours?: number;
}) {
  const { db, clock, jobs } = deps;

  /** Hub staff move only parcels whose pickup or delivery hub is theirs; riders by their run. */
  function assertParcelHub(actor: OpsActor, parcel: Locked, trackingId: string) {
    if (actor.kind !== 'staff' || actor.role === 'rider') return;
    assertHub(
      'hubIds' in actor ? actor : { allHubs: false, hubIds: [] },
      [parcel.pickup_hub_id, parcel.delivery_hub_id],
      () => new AppError('FORBIDDEN', operationsMessages.notYourHub, { trackingId }),
    );
  }

  /**
   * Whether the parcel is open on a delivery run of this rider (read inside the move's
   * transaction, after the parcel's lock, so a parcel taken off the run cannot slip through).
   */
  function onOwnRun(trx: Transaction<DB>, parcelId: string, riderId: string): Promise<boolean> {
    return isOnRidersOpenRun(trx, parcelId, riderId);
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
    const reason = request.reason ?? (partial ? 'partial_delivery' : null);
    const hubId = eventHub(parcel, from, request.to);
    await recordTransition(trx, {
      parcelId: parcel.id,
      trackingId: parcel.tracking_id,
      from,
      to: request.to,
      at: now,
      actorUserId: actor.kind === 'merchant' ? actor.userId : null,
      actorStaffId: actor.kind === 'staff' ? actor.staffId : null,
      reason,
      note: request.note ?? null,
      hubId,
      amountCollectedPoisha: collected,
      proofKind: delivered ? (request.proof?.kind ?? 'staff') : null,
    });
    // Leaving the rider's hands closes the parcel on its run, whoever records it. Cash collected
    // on a run is the run's rider's until handed over; at the counter, the hub's.
    let cashHolder: CashHolder | null = null;
    if (from === 'out_for_delivery') {
      const riderId = await closeOpenRunParcel(trx, parcel.id, now);
      if (delivered) cashHolder = riderId ? { riderId } : null;
    }
    if (delivered && !cashHolder && parcel.delivery_hub_id) cashHolder = { hubId: parcel.delivery_hub_id };
    await recordAudit(trx, {
      parcelId: parcel.id,
      at: now,
      actorUserId: actor.kind === 'merchant' ? actor.userId : null,
      actorStaffId: actor.kind === 'staff' ? actor.staffId : null,
      action: 'status_change',
      oldValue: from,
      newValue: request.to,
      origin: request.origin,
    });
    // A new failure needs a new decision; the return code is spent once the parcel is back.
    if (request.to === 'delivery_attempted' || request.to === 'returned') {
      await updateFlags(
        trx,
        parcel.id,
        request.to === 'returned'
          ? { return_otp_hash: null, return_otp_failures: 0 }
          : { reattempt_approved_at: null },
      );
    }
    // Out for return: a new trip, a new code; the job makes it and texts it to the merchant.
    if (request.to === 'out_for_return') {
      await updateFlags(trx, parcel.id, {
        return_otp_hash: null,
        return_otp_sent_at: null,
        return_otp_failures: 0,
      });
    }
    await request.withinMove?.(trx, parcel.id);
    await runEffects(trx, jobs, {
      parcelId: parcel.id,
      shopId: parcel.shop_id,
      trackingId,
      decisionHours: deps.autoReturnHours ?? 24,
      from,
      to: request.to,
      reason: request.reason,
      eventReason: reason,
      hubId,
      at: now,
      cashHolder,
    });
    return { trackingId, from, to: request.to, at: now };
  }

  const service = {
    lockParcel,
    moveLocked,

    /**
     * Sends the merchant a new return code (the old one stops working when it goes out); out for
     * return only. The code is made and texted by the send-parcel-sms job.
     */
    async resendReturnOtp(actor: OpsActor, rawTrackingId: string) {
      const trackingId = normalizeTrackingId(rawTrackingId);
      if (!trackingId) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(rawTrackingId));
      await db.transaction().execute(async (trx) => {
        const parcel = await lockParcel(trx, trackingId);
        if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
        assertParcelHub(actor, parcel, trackingId);
        if (parcel.status !== 'out_for_return') {
          throw new AppError('INVALID_TRANSITION', returnsMessages.notOutForReturn, { trackingId });
        }
        await sendSms(trx, jobs, { kind: 'return_otp', parcelId: parcel.id });
      });
      return { trackingId, sentAt: clock.now() };
    },

    async transition(actor: OpsActor, request: TransitionRequest): Promise<TransitionResult> {
      const trackingId = normalizeTrackingId(request.trackingId);
      if (!trackingId) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(request.trackingId));
      return db
        .transaction()
        .execute(async (trx) => {
          const parcel = await lockParcel(trx, trackingId);
          if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
          if (actor.kind === 'merchant' && parcel.shop_id !== actor.shopId) {
            throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
          }
          assertParcelHub(actor, parcel, trackingId);
          return moveLocked(trx, actor, parcel, request);
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof WrongReturnOtp)) throw error;
          // Counted outside the refused move's transaction, so the count survives the refusal.
          await countReturnOtpFailure(db, error.parcelId);
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
  const moved = await updateStatus(trx, move.parcelId, move.from, {
    status: move.to,
    seller_status: sellerStatusOf(move.to),
    updated_at: move.at,
    ...(collected !== null ? { amount_collected_poisha: collected } : {}),
  });
  if (!moved) throw new AppError('CONFLICT', operationsMessages.conflict, { trackingId: move.trackingId });
  // The dashboard's counters move with the status, in this transaction.
  await countMove(trx, { parcelId: move.parcelId, from: move.from, to: move.to, at: move.at });
  await insertEvent(trx, {
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
  });
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
  await insertEvent(trx, {
    parcel_id: note.parcelId,
    at: note.at,
    actor_staff_id: note.actorStaffId,
    from_status: note.status,
    to_status: note.status,
    reason: note.reason,
    note: note.note,
    hub_id: note.hubId,
  });
}

/**
 * A new return hand-over code for a parcel out for return: its hash replaces any earlier one (which
 * stops working) and the wrong tries start again. Answers the code, for the SMS only.
 */
export async function issueReturnOtp(
  trx: Transaction<DB>,
  parcel: { id: string; trackingId: string; at: Date },
) {
  const code = newNumericCode(4);
  await updateFlags(trx, parcel.id, {
    return_otp_hash: hashOtp(code, parcel.trackingId, returnOtpPurpose),
    return_otp_sent_at: parcel.at,
    return_otp_failures: 0,
  });
  return code;
}

/** A new delivery code for the parcel's open place on a run (this attempt only); answers the code. */
export async function issueDeliveryOtp(
  trx: Transaction<DB>,
  place: { runParcelId: string; trackingId: string },
) {
  const code = newNumericCode(4);
  await setRunParcelOtpHash(trx, place.runParcelId, hashOtp(code, place.trackingId, deliveryOtpPurpose));
  return code;
}

/** Staff approved another attempt: the parcel waits for a run. False when it is no longer waiting. */
export function approveReattempt(trx: Transaction<DB>, parcel: { id: string; at: Date }) {
  return updateFlags(trx, parcel.id, { reattempt_approved_at: parcel.at }, { status: 'delivery_attempted' });
}

/** The customer confirmed the order on the provider's IVR: marked once, with its audit line. */
export async function recordRobocallVerified(
  trx: Transaction<DB>,
  call: { parcelId: string; at: Date; callId: string },
) {
  if (
    await updateFlags(trx, call.parcelId, { robocall_verified_at: call.at }, { robocallUnverified: true })
  ) {
    await recordAudit(trx, {
      parcelId: call.parcelId,
      at: call.at,
      action: 'robocall_verified',
      newValue: call.callId,
    });
  }
}

/** A wrong return code: the move is refused, and the failure counted after the rollback. */
class WrongReturnOtp extends Error {
  constructor(readonly parcelId: string) {
    super('wrong return OTP');
  }
}

export type ParcelTransitionsService = ReturnType<typeof createParcelTransitionsService>;
