import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@dak/domain/auth';
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
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hashOtp, sameHash } from '../../lib/secrets';
import type { Storage } from '../../lib/storage';
import { deliveryOtpPurpose } from '../parcel-sms/parcel-sms.service';
import type { ParcelTransitionsService } from '../parcel-transitions/parcel-transitions.service';

export type RunViewer = { staffId: string; role: StaffRole };
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
/** `rp` is the parcel's latest attempt on its run (a reattempt on the same run adds a row). */
const latestAttempt = sql<boolean>`not exists (
  select 1 from delivery_run_parcels later
  where later.run_id = rp.run_id and later.parcel_id = rp.parcel_id and later.id > rp.id)`;

export function createDeliveryRunsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  storage: Storage;
  transitions: ParcelTransitionsService;
}) {
  const { db, clock, storage, transitions } = deps;

  async function assertHub(viewer: RunViewer, hubId: string) {
    if (viewer.role === 'admin') return;
    const hubs = await transitions.hubsOf(viewer.staffId);
    if (!hubs.includes(hubId)) throw new AppError('NOT_FOUND', operationsMessages.hubNotFound);
  }

  /** The bytes of the photo attached to a parcel's delivery, or 404 when there is none. */
  async function proofFile(parcelId: string) {
    const proof = await db
      .selectFrom('delivery_proofs')
      .select(['storage_key', 'content_type'])
      .where('parcel_id', '=', parcelId)
      .executeTakeFirst();
    const file = proof ? await storage.get(proof.storage_key) : null;
    if (!proof || !file) throw new AppError('NOT_FOUND', deliveryRunMessages.proofMissing);
    // The type checked from the bytes at upload, not whatever the store recorded.
    return { bytes: file.bytes, contentType: proof.content_type };
  }

  /** The rider's open assignment of a parcel, or 404 when it is not on their run. */
  async function openAssignment(riderId: string, rawTrackingId: string) {
    const trackingId = normalizeTrackingId(rawTrackingId);
    const row = trackingId
      ? await db
          .selectFrom('delivery_run_parcels as rp')
          .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
          .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
          .select(['rp.id', 'rp.run_id', 'rp.parcel_id', 'p.tracking_id'])
          .where('p.tracking_id', '=', trackingId)
          .where('r.rider_id', '=', riderId)
          .where('rp.closed_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new AppError('NOT_FOUND', deliveryRunMessages.notOnYourRun);
    return row;
  }

  /** Checks the customer's code; a wrong or expired one is counted (committed) and refused. */
  async function checkCode(assignment: { id: string; tracking_id: string }, code: string) {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('delivery_run_parcels')
        .select(['otp_hash', 'otp_expires_at', 'otp_attempts', 'closed_at'])
        .where('id', '=', assignment.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
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
      await trx
        .updateTable('delivery_run_parcels')
        .set({ otp_attempts: attempts })
        .where('id', '=', assignment.id)
        .execute();
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
      const rider = await db
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
        .select(['s.id', 's.active', 'sh.hub_id'])
        .where('s.id', '=', input.riderId)
        .where('s.role', '=', 'rider')
        .executeTakeFirst();
      if (!rider?.active)
        throw new AppError('NOT_FOUND', operationsMessages.riderNotFound, { field: 'riderId' });
      if (viewer.role !== 'admin') {
        const hubs = await transitions.hubsOf(viewer.staffId);
        if (!hubs.includes(rider.hub_id)) {
          throw new AppError('FORBIDDEN', deliveryRunMessages.riderNotInHub, { field: 'riderId' });
        }
      }
      const now = clock.now();
      const runDate = dhakaDate(now);
      await db
        .insertInto('delivery_runs')
        .values({ hub_id: rider.hub_id, rider_id: rider.id, run_date: runDate, created_by: viewer.staffId })
        .onConflict((oc) => oc.columns(['rider_id', 'run_date']).doNothing())
        .execute();
      const run = await db
        .selectFrom('delivery_runs')
        .select(['id', 'hub_id'])
        .where('rider_id', '=', rider.id)
        .where('run_date', '=', runDate)
        .executeTakeFirstOrThrow();
      if (run.hub_id !== rider.hub_id) {
        throw new AppError('CONFLICT', deliveryRunMessages.runInOtherHub);
      }

      const results: DeliveryRunCreated['results'] = [];
      for (const raw of input.trackingIds) {
        try {
          const moved = await transitions.transition(
            { kind: 'staff', staffId: viewer.staffId, role: viewer.role },
            {
              trackingId: raw,
              to: 'out_for_delivery',
              withinMove: async (trx, parcelId) => {
                const parcel = await trx
                  .selectFrom('parcels as p')
                  .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
                  .select(['a.hub_id'])
                  .where('p.id', '=', parcelId)
                  .executeTakeFirstOrThrow();
                if (parcel.hub_id !== run.hub_id) {
                  throw new AppError('FORBIDDEN', operationsMessages.notYourHub, { trackingId: raw });
                }
                // The code's hash is written by the SMS job the move queues, when it makes the code.
                await trx
                  .insertInto('delivery_run_parcels')
                  .values({
                    run_id: run.id,
                    parcel_id: parcelId,
                    added_at: now,
                    otp_hash: null,
                    otp_expires_at: endOfDhakaDay(runDate),
                  })
                  .execute();
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
      await assertHub(viewer, hubId);
      const rows = await db
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .select([
          'p.tracking_id',
          'p.status',
          'p.customer_name',
          'a.name_en',
          'a.name_bn',
          'p.cash_collection_poisha',
        ])
        .where('a.hub_id', '=', hubId)
        // A failed parcel goes out again only once its reattempt is approved.
        .where((eb) =>
          eb.or([
            eb('p.status', '=', 'at_delivery_hub'),
            eb.and([
              eb('p.status', '=', 'delivery_attempted'),
              eb('p.reattempt_approved_at', 'is not', null),
            ]),
          ]),
        )
        .orderBy('a.name_en')
        .orderBy('p.tracking_id')
        .limit(500)
        .execute();
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
      await assertHub(viewer, hubId);
      const rows = await db
        .selectFrom('delivery_runs as r')
        .innerJoin('staff as s', 's.id', 'r.rider_id')
        // Each parcel once, by its latest attempt on the run (a reattempt is not a second parcel).
        .leftJoin('delivery_run_parcels as rp', (join) =>
          join.onRef('rp.run_id', '=', 'r.id').on(latestAttempt),
        )
        .leftJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .select([
          'r.id',
          'r.hub_id',
          'r.run_date',
          's.id as rider_id',
          's.name as rider_name',
          's.phone as rider_phone',
          sql<number>`count(rp.parcel_id)::int`.as('parcel_count'),
          sql<number>`count(rp.parcel_id) filter (where rp.closed_at is null)::int`.as('open_count'),
          sql<number>`count(rp.parcel_id) filter (where rp.closed_at is not null and p.status = 'delivered')::int`.as(
            'delivered_count',
          ),
          sql<number>`count(rp.parcel_id) filter (where rp.closed_at is not null and p.status <> 'delivered')::int`.as(
            'failed_count',
          ),
          sql<number>`coalesce(sum(p.amount_collected_poisha) filter (where rp.closed_at is not null and p.status = 'delivered'), 0)::bigint`.as(
            'collected',
          ),
        ])
        .where('r.hub_id', '=', hubId)
        .where('r.run_date', '=', date ?? dhakaDate(clock.now()))
        .groupBy(['r.id', 's.id'])
        .orderBy('s.name')
        .execute();
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
      const rider = await db
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
        .innerJoin('hubs as h', 'h.id', 'sh.hub_id')
        .select(['s.name', 's.phone', 'h.id as hub_id', 'h.name_en', 'h.name_bn'])
        .where('s.id', '=', riderId)
        .executeTakeFirst();
      if (!rider) throw new AppError('NOT_FOUND', operationsMessages.riderNotFound);
      const rows = await db
        .selectFrom('delivery_run_parcels as rp')
        .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
        .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .select((eb) => [
          'p.tracking_id',
          'p.status',
          'p.customer_name',
          'p.customer_phone',
          'p.customer_address',
          'a.name_en',
          'a.name_bn',
          'p.cash_collection_poisha',
          'p.amount_collected_poisha',
          'rp.closed_at',
          'rp.otp_attempts',
          eb
            .selectFrom('parcel_events as e')
            .select('e.reason')
            .whereRef('e.parcel_id', '=', 'p.id')
            .where('e.to_status', '=', 'delivery_attempted')
            .orderBy('e.id', 'desc')
            .limit(1)
            .as('failed_reason'),
        ])
        .where('r.rider_id', '=', riderId)
        .where((eb) => eb.or([eb('r.run_date', '=', today), eb('rp.closed_at', 'is', null)]))
        // A parcel sent out again on the same run shows once: its latest attempt.
        .where(latestAttempt)
        // Open parcels first, by area, so the day's route reads top to bottom.
        .orderBy(sql`rp.closed_at is not null`)
        .orderBy('a.name_en')
        .orderBy('rp.added_at')
        .execute();
      const cash = await db
        .selectFrom('parcel_events')
        .select(sql<number>`coalesce(sum(amount_collected_poisha), 0)::bigint`.as('collected'))
        .where('actor_staff_id', '=', riderId)
        .where('to_status', '=', 'delivered')
        .where('at', '>=', new Date(endOfDhakaDay(today).getTime() + 1 - 86_400_000))
        .executeTakeFirstOrThrow();
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
        cashCollected: Number(cash.collected) / 100,
        cashToCollect: parcels.filter((p) => p.open).reduce((sum, p) => sum + p.cashToCollect, 0),
        parcels,
      };
    },

    async deliver(riderId: string, rawTrackingId: string, input: RiderDeliver) {
      const assignment = await openAssignment(riderId, rawTrackingId);
      if (input.otp) await checkCode(assignment, input.otp);
      let photoId: string | undefined;
      if (input.photoId) {
        const proof = await db
          .selectFrom('delivery_proofs')
          .select(['id', 'parcel_id'])
          .where('id', '=', input.photoId)
          .where('rider_id', '=', riderId)
          .executeTakeFirst();
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
            const attached = await trx
              .updateTable('delivery_proofs')
              .set({ parcel_id: parcelId })
              .where('id', '=', photoId)
              .where('parcel_id', 'is', null)
              .executeTakeFirst();
            if (Number(attached.numUpdatedRows) !== 1) {
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
      const parcel = await db
        .selectFrom('parcels')
        .select('id')
        .where('id', '=', parcelId)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
      if (!parcel) throw new AppError('NOT_FOUND', parcelMessages.notFound);
      return proofFile(parcel.id);
    },

    /**
     * The same photo for staff, by tracking ID. Hub managers only for parcels whose pickup or
     * delivery hub is theirs (as when moving parcels); admin, support and finance for any (they
     * answer merchants' and customers' disputes wherever the parcel went).
     */
    async proofForStaff(viewer: RunViewer, rawTrackingId: string) {
      const trackingId = normalizeTrackingId(rawTrackingId);
      const parcel = trackingId
        ? await db
            .selectFrom('parcels as p')
            .innerJoin('areas as da', 'da.id', 'p.delivery_area_id')
            .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
            .innerJoin('areas as pa', 'pa.id', 'l.area_id')
            .select(['p.id', 'pa.hub_id as pickup_hub_id', 'da.hub_id as delivery_hub_id'])
            .where('p.tracking_id', '=', trackingId)
            .executeTakeFirst()
        : undefined;
      if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(rawTrackingId));
      if (viewer.role === 'hub_manager') {
        const hubs = await transitions.hubsOf(viewer.staffId);
        if (!hubs.includes(parcel.pickup_hub_id) && !hubs.includes(parcel.delivery_hub_id)) {
          throw new AppError('FORBIDDEN', operationsMessages.notYourHub);
        }
      }
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
        await db
          .insertInto('delivery_proofs')
          .values({
            id,
            rider_id: riderId,
            storage_key: key,
            content_type: check.contentType,
            size_bytes: upload.bytes.length,
          })
          .execute();
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      return { id };
    },
  };
}

export type DeliveryRunsService = ReturnType<typeof createDeliveryRunsService>;
