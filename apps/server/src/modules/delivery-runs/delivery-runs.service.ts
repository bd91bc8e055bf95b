import { randomUUID } from 'node:crypto';
import {
  type DeliveryRunCreate,
  type DeliveryRunCreated,
  type DeliveryRunSummary,
  deliveryOtpMaxAttempts,
  deliveryProofMaxBytes,
  deliveryRunMessages,
  dhakaDate,
  endOfDhakaDay,
  type RiderDeliver,
  type RiderRun,
  type RunCandidate,
} from '@dak/domain/delivery-runs';
import { checkImage } from '@dak/domain/nid';
import { operationsMessages } from '@dak/domain/operations';
import { parcelMessages } from '@dak/domain/parcel';
import type { FailedAttemptReason } from '@dak/domain/parcel-status';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashOtp, sameHash } from '../../lib/secrets';
import { assertHub, type StaffScope } from '../../lib/staff-scope';
import type { Storage } from '../../lib/storage';
import { deliveryOtpPurpose } from '../parcel-sms/parcel-sms.service';
import type { ParcelTransitionsService } from '../parcel-transitions/parcel-transitions.service';
import { createDeliveryRunsRepository, type DeliveryRunsRepository } from './delivery-runs.repository';

/** The hub manager or admin asking, with their hubs (staffOf). */
export type RunViewer = StaffScope;
export type ProofUpload = { bytes: Uint8Array; tooLarge: boolean } | undefined;

const taka = (poisha: number | null) => (poisha === null ? null : Number(poisha) / 100);
const localPhone = (stored: string) => `0${stored.replace(/^880/, '')}`;

/**
 * Delivery runs: a hub manager puts parcels of their hub on a rider's run for the day (each moves
 * to out_for_delivery through the transition service, whose send-parcel-sms job makes the
 * customer's 4-digit code and texts it with the rider's name and phone and the tracking link);
 * the rider closes each parcel as delivered (the code, or a photo) or failed (a reason). Only the
 * code's hash is stored (none until the job has made it), with its expiry (the end of the run's
 * day) and a count of wrong tries (locked after deliveryOtpMaxAttempts).
 */
export function createDeliveryRunsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  storage: Storage;
  /** The module's SQL; by default on `db`. */
  repo?: DeliveryRunsRepository;
  transitions: ParcelTransitionsService;
}) {
  const { db, clock, storage, transitions } = deps;
  const repo = deps.repo ?? createDeliveryRunsRepository(db);

  /** A hub manager sees only their hubs' runs; another hub answers as an unknown one. */
  const assertRunHub = (viewer: RunViewer, hubId: string) =>
    assertHub(viewer, hubId, () => new AppError('NOT_FOUND', operationsMessages.hubNotFound));

  /** The bytes of the photo attached to a parcel's delivery, or 404 when there is none. */
  async function proofFile(parcelId: string) {
    const proof = await repo.parcelProof(parcelId);
    const file = proof ? await storage.get(proof.storage_key) : null;
    if (!proof || !file) throw new AppError('NOT_FOUND', deliveryRunMessages.proofMissing);
    // The type checked from the bytes at upload, not whatever the store recorded.
    return { bytes: file.bytes, contentType: proof.content_type };
  }

  /** The rider's open assignment of a parcel, or 404 when it is not on their run. */
  async function openAssignment(riderId: string, rawTrackingId: string) {
    const trackingId = normalizeTrackingId(rawTrackingId);
    const row = trackingId ? await repo.openAssignment(riderId, trackingId) : undefined;
    if (!row) throw new AppError('NOT_FOUND', deliveryRunMessages.notOnYourRun);
    return row;
  }

  /** Checks the customer's code; a wrong or expired one is counted (committed) and refused. */
  async function checkCode(assignment: { id: string; tracking_id: string }, code: string) {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await repo.lockAssignmentCode(trx, assignment.id);
      if (row.closed_at) return { kind: 'closed' as const };
      if (row.otp_attempts >= deliveryOtpMaxAttempts) return { kind: 'locked' as const };
      const expired = clock.now().getTime() > new Date(row.otp_expires_at).getTime();
      // No hash yet: the SMS job has not made the code, so no code the rider is given can be right.
      const right =
        !expired &&
        row.otp_hash !== null &&
        sameHash(Buffer.from(row.otp_hash), hashOtp(code, assignment.tracking_id, deliveryOtpPurpose));
      if (right) return { kind: 'ok' as const };
      const attempts = row.otp_attempts + 1;
      await repo.setCodeAttempts(trx, assignment.id, attempts);
      return {
        kind: expired ? ('expired' as const) : ('wrong' as const),
        left: deliveryOtpMaxAttempts - attempts,
      };
    });
    switch (outcome.kind) {
      case 'ok':
        return;
      case 'closed':
        throw new AppError('NOT_FOUND', deliveryRunMessages.notOnYourRun);
      case 'locked':
        throw new AppError('OTP_TOO_MANY_ATTEMPTS', deliveryRunMessages.otpLocked, { field: 'otp' });
      case 'expired':
        throw new AppError('OTP_EXPIRED', deliveryRunMessages.otpExpired, { field: 'otp' });
      case 'wrong':
        throw new AppError('OTP_INVALID', deliveryRunMessages.otpWrong(outcome.left), {
          field: 'otp',
          attemptsLeft: outcome.left,
        });
    }
  }

  return {
    /** Adds parcels to the rider's run of today (created on first use); each parcel on its own. */
    async createRun(viewer: RunViewer, input: DeliveryRunCreate): Promise<DeliveryRunCreated> {
      const rider = await repo.rider(input.riderId);
      if (!rider?.active)
        throw new AppError('NOT_FOUND', operationsMessages.riderNotFound, { field: 'riderId' });
      assertHub(
        viewer,
        rider.hub_id,
        () => new AppError('FORBIDDEN', deliveryRunMessages.riderNotInHub, { field: 'riderId' }),
      );
      const now = clock.now();
      const runDate = dhakaDate(now);
      const run = await repo.runOf({ hubId: rider.hub_id, riderId: rider.id, runDate, by: viewer.staffId });
      if (run.hub_id !== rider.hub_id) {
        throw new AppError('CONFLICT', deliveryRunMessages.runInOtherHub);
      }

      const results: DeliveryRunCreated['results'] = [];
      for (const raw of input.trackingIds) {
        try {
          const moved = await transitions.transition(
            { kind: 'staff', ...viewer },
            {
              trackingId: raw,
              to: 'out_for_delivery',
              withinMove: async (trx, parcelId) => {
                if ((await repo.deliveryHubOf(parcelId, trx)) !== run.hub_id) {
                  throw new AppError('FORBIDDEN', operationsMessages.notYourHub, { trackingId: raw });
                }
                // The code's hash is written by the SMS job the move queues, when it makes the code.
                await repo.addToRun(
                  { runId: run.id, parcelId, at: now, otpExpiresAt: endOfDhakaDay(runDate) },
                  trx,
                );
              },
            },
          );
          results.push({ trackingId: moved.trackingId, ok: true });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ trackingId: raw, ok: false, error: { code: error.code, message: error.message } });
        }
      }
      return { runId: run.id, runDate, results };
    },

    /** Parcels of the hub a run may take: arrived, or back after a failed attempt. */
    async candidates(viewer: RunViewer, hubId: string): Promise<{ items: RunCandidate[] }> {
      assertRunHub(viewer, hubId);
      const rows = await repo.candidates(hubId);
      return {
        items: rows.map((r) => ({
          trackingId: r.tracking_id,
          status: r.status,
          customerName: r.customer_name,
          areaName: { en: r.name_en, bn: r.name_bn },
          cashToCollect: Number(r.cash_collection_poisha) / 100,
        })),
      };
    },

    /** A hub's runs of a day (today unless told), with how far each has got. */
    async listRuns(
      viewer: RunViewer,
      hubId: string,
      date?: string,
    ): Promise<{ items: DeliveryRunSummary[] }> {
      assertRunHub(viewer, hubId);
      const rows = await repo.runs(hubId, date ?? dhakaDate(clock.now()));
      return {
        items: rows.map((r) => ({
          id: r.id,
          hubId: r.hub_id,
          runDate: r.run_date,
          rider: { id: r.rider_id, name: r.rider_name, phone: localPhone(r.rider_phone) },
          parcelCount: r.parcel_count,
          openCount: r.open_count,
          deliveredCount: r.delivered_count,
          failedCount: r.failed_count,
          cashCollected: Number(r.collected) / 100,
        })),
      };
    },

    /** The rider's run: today's parcels and any still open from earlier days, cash on hand today. */
    async riderRun(riderId: string): Promise<RiderRun> {
      const now = clock.now();
      const today = dhakaDate(now);
      const rider = await repo.rider(riderId);
      if (!rider) throw new AppError('NOT_FOUND', operationsMessages.riderNotFound);
      const [rows, cash] = await Promise.all([
        repo.riderParcels(riderId, today),
        repo.cashCollected(riderId, new Date(endOfDhakaDay(today).getTime() + 1 - 86_400_000)),
      ]);
      const parcels = rows.map((r) => {
        const open = r.closed_at === null;
        return {
          trackingId: r.tracking_id,
          status: r.status,
          customerName: r.customer_name,
          customerPhone: localPhone(r.customer_phone),
          address: r.customer_address,
          area: { en: r.name_en, bn: r.name_bn },
          cashToCollect: Number(r.cash_collection_poisha) / 100,
          amountCollected: taka(r.amount_collected_poisha),
          open,
          otpLocked: r.otp_attempts >= deliveryOtpMaxAttempts,
          // A closed parcel not delivered failed on this run, whatever happened to it since.
          failedReason: !open && r.status !== 'delivered' ? (r.failed_reason ?? null) : null,
        };
      });
      return {
        runDate: today,
        rider: { name: rider.name, phone: localPhone(rider.phone) },
        hub: { id: rider.hub_id, name: { en: rider.name_en, bn: rider.name_bn } },
        cashCollected: cash / 100,
        cashToCollect: parcels.filter((p) => p.open).reduce((sum, p) => sum + p.cashToCollect, 0),
        parcels,
      };
    },

    async deliver(riderId: string, rawTrackingId: string, input: RiderDeliver) {
      const assignment = await openAssignment(riderId, rawTrackingId);
      if (input.otp) await checkCode(assignment, input.otp);
      let photoId: string | undefined;
      if (input.photoId) {
        const proof = await repo.riderProof(input.photoId, riderId);
        if (!proof) throw new AppError('NOT_FOUND', deliveryRunMessages.proofNotFound, { field: 'photoId' });
        if (proof.parcel_id)
          throw new AppError('CONFLICT', deliveryRunMessages.proofUsed, { field: 'photoId' });
        photoId = proof.id;
      }
      const result = await transitions.transition(
        { kind: 'staff', staffId: riderId, role: 'rider' },
        {
          trackingId: assignment.tracking_id,
          to: 'delivered',
          amountCollected: input.amountCollected,
          proof: input.otp ? { kind: 'otp', code: input.otp } : { kind: 'photo', fileId: photoId ?? '' },
          withinMove: async (trx, parcelId) => {
            if (!photoId) return;
            if (!(await repo.attachProof(trx, photoId, parcelId))) {
              throw new AppError('CONFLICT', deliveryRunMessages.proofUsed, { field: 'photoId' });
            }
          },
        },
      );
      return { trackingId: result.trackingId, status: result.to, amountCollected: input.amountCollected };
    },

    async fail(riderId: string, rawTrackingId: string, reason: FailedAttemptReason) {
      const assignment = await openAssignment(riderId, rawTrackingId);
      const result = await transitions.transition(
        { kind: 'staff', staffId: riderId, role: 'rider' },
        { trackingId: assignment.tracking_id, to: 'delivery_attempted', reason },
      );
      return { trackingId: result.trackingId, status: result.to, amountCollected: null };
    },

    /**
     * The photo that proved a parcel's delivery, for the shop whose parcel it is. Another shop's
     * parcel and a parcel without a photo are both 404, so nothing is learnt about other shops.
     */
    async proofForShop(shopId: string, parcelId: string) {
      const id = await repo.shopParcelId(shopId, parcelId);
      if (!id) throw new AppError('NOT_FOUND', parcelMessages.notFound);
      return proofFile(id);
    },

    /**
     * The same photo for staff, by tracking ID. Hub managers only for parcels whose pickup or
     * delivery hub is theirs (as when moving parcels); admin, support and finance for any (they
     * answer merchants' and customers' disputes wherever the parcel went).
     */
    async proofForStaff(viewer: RunViewer, rawTrackingId: string) {
      const trackingId = normalizeTrackingId(rawTrackingId);
      const parcel = trackingId ? await repo.parcelHubs(trackingId) : undefined;
      if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(rawTrackingId));
      // Hub managers for parcels of their hubs; admin, support and finance act in every hub.
      assertHub(viewer, [parcel.pickup_hub_id, parcel.delivery_hub_id]);
      return proofFile(parcel.id);
    },

    /** Stores a proof photo after checking its bytes (JPEG, PNG or WebP, ≤ 5 MB). */
    async uploadProof(riderId: string, upload: ProofUpload): Promise<{ id: string }> {
      if (!upload || (upload.bytes.length === 0 && !upload.tooLarge)) {
        throw new AppError('FILE_REQUIRED', deliveryRunMessages.proofRequired, { field: 'photo' });
      }
      if (upload.tooLarge || upload.bytes.length > deliveryProofMaxBytes) {
        throw new AppError('FILE_TOO_LARGE', deliveryRunMessages.proofTooLarge, { field: 'photo' });
      }
      const check = checkImage(upload.bytes);
      if (!check.ok) {
        if (check.reason === 'type') {
          throw new AppError('FILE_TYPE_NOT_ALLOWED', deliveryRunMessages.proofType, { field: 'photo' });
        }
        throw new AppError('FILE_CORRUPT', deliveryRunMessages.proofCorrupt, { field: 'photo' });
      }
      const id = randomUUID();
      const key = `delivery-proofs/${riderId}/${id}.${check.extension}`;
      await storage.put(key, upload.bytes, check.contentType);
      try {
        await repo.insertProof({
          id,
          riderId,
          key,
          contentType: check.contentType,
          size: upload.bytes.length,
        });
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      return { id };
    },
  };
}

export type DeliveryRunsService = ReturnType<typeof createDeliveryRunsService>;
