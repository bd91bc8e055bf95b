import { deliveryRunMessages } from '@dak/domain/delivery-runs';
import { operationsMessages } from '@dak/domain/operations';
import { normalizePhone } from '@dak/domain/phone';
import { type CallLog, type CallOutcome, callMessages, type TelephonyEvent } from '@dak/domain/returns';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import type { Storage } from '../../lib/storage';
import { recordRobocallVerified } from '../parcel-transitions/parcel-transitions.service';
import type { CallsRepository } from './calls.repository';
import { sameSignature, type TelephonyProvider, telephonySignature } from './telephony.providers';

const day = 86_400_000;
const extensions: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/ogg': 'ogg' };

/**
 * Call logs (issue 5, item 8): a rider's calls from the rider view, the telephony provider's
 * calls through its signed webhook (with recordings, kept for the retention window), and the
 * provider's IVR confirmation (robocall-verified). Merchants read their own parcels' calls.
 */
export function createCallsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: CallsRepository;
  storage: Storage;
  jobs: Jobs;
  provider: TelephonyProvider | null;
  webhookSecret: string | undefined;
  toleranceSeconds: number;
  retentionDays: number;
}) {
  const { db, clock, repo, storage } = deps;

  function trackingIdOf(raw: string) {
    const id = normalizeTrackingId(raw);
    if (!id) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(raw));
    return id;
  }

  async function storeRecording(callLogId: string, bytes: Uint8Array, contentType: string) {
    const key = `call-recordings/${callLogId}.${extensions[contentType] ?? 'bin'}`;
    await storage.put(key, bytes, contentType);
    await repo.updateRecording(callLogId, { recording_key: key });
  }

  const service = {
    /**
     * A rider's call to the customer of a parcel open on their own delivery run; any other parcel
     * (another rider's, closed, unknown) is 404 like the other rider routes.
     */
    async logRiderCall(
      riderId: string,
      rawTrackingId: string,
      call: { startedAt: Date; durationSeconds?: number; outcome: CallOutcome },
    ) {
      const trackingId = normalizeTrackingId(rawTrackingId);
      const parcel = trackingId ? await repo.riderOpenParcel(riderId, trackingId) : undefined;
      if (!trackingId || !parcel) throw new AppError('NOT_FOUND', deliveryRunMessages.notOnYourRun);
      const now = clock.now();
      if (call.startedAt.getTime() > now.getTime() + 5 * 60_000) {
        throw new AppError('VALIDATION_FAILED', callMessages.startsInFuture, { field: 'startedAt' });
      }
      const row = await repo.insertCall({
        parcel_id: parcel.id,
        shop_id: parcel.shop_id,
        source: 'rider',
        outcome: call.outcome,
        started_at: call.startedAt,
        duration_seconds: call.durationSeconds ?? null,
        customer_phone: parcel.customer_phone,
        caller_staff_id: riderId,
        created_at: now,
      });
      return {
        id: row.id,
        trackingId,
        startedAt: call.startedAt,
        outcome: call.outcome,
        durationSeconds: call.durationSeconds ?? null,
      };
    },

    /**
     * The checks that need no body: the provider is configured, both headers are there and the
     * timestamp is fresh. The route runs them before it reads a byte (up to 20 MB) of the body.
     * Returns the shared secret.
     */
    checkWebhookHeaders(timestamp: unknown, signature: unknown): string {
      if (!deps.webhookSecret) {
        throw new AppError('UNAUTHENTICATED', callMessages.webhookNotConfigured);
      }
      if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) || typeof signature !== 'string') {
        throw new AppError('UNAUTHENTICATED', callMessages.signatureMissing);
      }
      const age = Math.abs(clock.now().getTime() / 1000 - Number(timestamp));
      if (age > deps.toleranceSeconds) {
        throw new AppError('UNAUTHENTICATED', callMessages.timestampOutOfWindow);
      }
      return deps.webhookSecret;
    },

    /**
     * Checks the provider's signature over the raw body and that the timestamp is fresh (a
     * replayed old delivery is refused). Throws 401 with the reason; the headers alone were checked before the body was read (checkWebhookHeaders).
     */
    verifyWebhook(rawBody: Buffer | undefined, timestamp: unknown, signature: unknown) {
      const secret = service.checkWebhookHeaders(timestamp, signature);
      const expected = telephonySignature(secret, timestamp as string, rawBody ?? Buffer.alloc(0));
      if (!sameSignature(expected, signature as string)) {
        throw new AppError('UNAUTHENTICATED', callMessages.signatureInvalid);
      }
    },

    /** One verified event; an event id seen before is answered without doing anything twice. */
    async handleWebhook(event: TelephonyEvent) {
      const trackingId = trackingIdOf(event.trackingId);
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimWebhookEvent(event.eventId, now, trx)))
          return { duplicate: true, callLogId: null };
        const parcel = await repo.lockParcel(trackingId, trx);
        if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
        if (event.type === 'ivr.confirmed') {
          await recordRobocallVerified(trx, { parcelId: parcel.id, at: now, callId: event.callId });
          return { duplicate: false, callLogId: null };
        }
        const row = await repo.insertProviderCall(
          {
            parcel_id: parcel.id,
            shop_id: parcel.shop_id,
            source: 'telephony',
            outcome: event.outcome,
            started_at: event.startedAt,
            duration_seconds: event.durationSeconds ?? null,
            customer_phone:
              (event.customerPhone && normalizePhone(event.customerPhone)) || parcel.customer_phone,
            caller_staff_id: null,
            provider_call_id: event.callId,
            created_at: now,
          },
          trx,
        );
        return { duplicate: !row, callLogId: row?.id ?? null };
      });
      if (event.type === 'call.completed' && outcome.callLogId) {
        if (event.recording) {
          const bytes = Buffer.from(event.recording.base64, 'base64');
          if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', callMessages.recordingEmpty);
          await storeRecording(outcome.callLogId, bytes, event.recording.contentType);
        } else if (event.recordingUrl) {
          await deps.jobs.send('fetch-call-recording', {
            callLogId: outcome.callLogId,
            url: event.recordingUrl,
          });
        }
      }
      return { ok: true as const, duplicate: outcome.duplicate };
    },

    /** The job's work: the recording from the provider into our storage. */
    async fetchRecording(callLogId: string, url: string) {
      if (!deps.provider) throw new Error('no telephony provider is configured to fetch recordings from');
      const { bytes, contentType } = await deps.provider.fetchRecording(url);
      await storeRecording(callLogId, bytes, contentType);
    },

    /** The retention job: recordings older than the window are deleted; the call stays listed. */
    async expireRecordings() {
      const cutoff = new Date(clock.now().getTime() - deps.retentionDays * day);
      const due = await repo.recordingsStartedBefore(cutoff);
      for (const row of due) {
        if (row.recording_key) await storage.delete(row.recording_key);
        await repo.updateRecording(row.id, { recording_key: null, recording_deleted_at: clock.now() });
      }
      return { deleted: due.length };
    },

    async listForShop(
      shopId: string,
      query: { q?: string; outcome?: CallOutcome; limit: number; offset: number },
    ): Promise<{ items: CallLog[]; count: number }> {
      return pageOf(await repo.listForShop(shopId, query), (r) => ({
        id: r.id,
        trackingId: r.tracking_id,
        startedAt: r.started_at,
        outcome: r.outcome,
        durationSeconds: r.duration_seconds,
        customerPhone: r.customer_phone,
        source: r.source,
        caller: r.caller_name
          ? {
              kind: r.caller_role === 'rider' ? ('rider' as const) : ('staff' as const),
              name: r.caller_name,
            }
          : { kind: 'ivr' as const, name: null },
        hasRecording: r.recording_key !== null,
        recordingDeleted: r.recording_deleted_at !== null,
      }));
    },

    /** A call's recording, only for the shop whose parcel it was. */
    async recordingForShop(shopId: string, callId: string) {
      const row = await repo.shopRecording(shopId, callId);
      if (!row) throw new AppError('NOT_FOUND', callMessages.notFound);
      if (!row.recording_key) {
        throw new AppError(
          'NOT_FOUND',
          row.recording_deleted_at ? callMessages.recordingGone : callMessages.noRecording,
        );
      }
      const file = await storage.get(row.recording_key);
      if (!file) throw new AppError('NOT_FOUND', callMessages.recordingGone);
      return file;
    },
  };
  return service;
}

export type CallsService = ReturnType<typeof createCallsService>;
