import { randomUUID } from 'node:crypto';
import { messages } from '@dak/domain/errors';
import {
  canSubmitNid,
  checkImage,
  maskNidNumber,
  type NidImageSide,
  type NidStatus,
  type NidView,
  nidImageMaxBytes,
  nidNumberSchema,
  restrictionsFor,
} from '@dak/domain/nid';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { decodesAsImage } from '../../lib/image-decode';
import { pageOf } from '../../lib/paging';
import type { Storage } from '../../lib/storage';
import { notify } from '../notifications/notifications.service';
import { createNidRepository } from './nid.repository';

export type NidService = ReturnType<typeof createNidService>;

/** How many past submissions the merchant's NID screen lists. */
const historyLimit = 10;

/** An uploaded photo as the transport read it: its bytes, or that it went over the size limit. */
export type NidUpload = { bytes: Uint8Array; tooLarge: boolean } | undefined;

function fileError(side: NidImageSide, upload: NidUpload) {
  const details = { field: side };
  if (!upload || (upload.bytes.length === 0 && !upload.tooLarge)) {
    return new AppError('FILE_REQUIRED', messages.fileRequired, details);
  }
  if (upload.tooLarge || upload.bytes.length > nidImageMaxBytes) {
    return new AppError('FILE_TOO_LARGE', `The ${side} image must be at most 5 MB`, details);
  }
  const check = checkImage(upload.bytes);
  if (check.ok) return check;
  if (check.reason === 'type') {
    return new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      `The ${side} image must be a JPEG, PNG or WebP photo`,
      details,
    );
  }
  return corruptError(side);
}

function corruptError(side: NidImageSide) {
  return new AppError(
    'FILE_CORRUPT',
    `The ${side} image is damaged or incomplete; please take the photo again`,
    { field: side },
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * NID verification of a shop's owner: the number and photos of both sides, all-or-nothing (files
 * are checked by their bytes before anything is written, and removed again if the row cannot be
 * written), reviewed by staff (pending → verified, or failed with a reason). The NID is the
 * person's: a shop shows its owner's status. The number and images never go to a log.
 */
export function createNidService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  storage: Storage;
  /** The decision tells the person (issue 14 notifications); absent in tests that build the service alone. */
  jobs?: Jobs;
}) {
  const repo = createNidRepository(deps.db);
  const { storage, clock } = deps;

  /** The decision and, in its transaction, the person's notification (when the NID was for a shop). */
  function decideAndTell(
    id: string,
    decision: { status: 'verified' | 'failed'; reason: string | null; staffId: string },
  ) {
    return deps.db.transaction().execute(async (trx) => {
      const now = clock.now();
      const done = await repo.decide(id, { ...decision, now }, trx);
      if (done?.shop_id && deps.jobs) {
        await notify(trx, deps.jobs, {
          shopId: done.shop_id,
          userId: done.user_id,
          kind: 'nid_decided',
          at: now,
          link: '/nid',
          params: {
            decision: decision.status === 'verified' ? 'approved' : 'rejected',
            ...(decision.reason ? { reason: decision.reason } : {}),
          },
        });
      }
      return done;
    });
  }

  async function ownerOf(shopId: string) {
    const ownerId = await repo.findShopOwnerId(shopId);
    if (!ownerId) throw new AppError('NOT_FOUND', 'Shop not found');
    return ownerId;
  }

  async function viewOfUser(userId: string): Promise<NidView> {
    const [submissions, skip] = await Promise.all([
      repo.submissionsOf(userId, historyLimit),
      repo.lastSkipOf(userId),
    ]);
    const latest = submissions[0];
    const status: NidStatus = latest?.status ?? 'not_submitted';
    const skippedAt =
      skip && (!latest || skip.created_at.getTime() >= latest.created_at.getTime()) ? skip.created_at : null;
    return {
      status,
      nidNumberMasked: latest ? maskNidNumber(latest.nid_number) : null,
      reason: latest?.status === 'failed' ? latest.reason : null,
      submittedAt: latest?.created_at ?? null,
      reviewedAt: latest?.reviewed_at ?? null,
      skippedAt,
      canSubmit: canSubmitNid(status),
      restrictions: restrictionsFor(status),
      history: submissions.map((s) => ({
        id: s.id,
        status: s.status,
        nidNumberMasked: maskNidNumber(s.nid_number),
        reason: s.reason,
        submittedAt: s.created_at,
        reviewedAt: s.reviewed_at,
      })),
    };
  }

  async function requireSubmittable(ownerId: string) {
    const view = await viewOfUser(ownerId);
    if (!view.canSubmit) {
      throw new AppError(
        'CONFLICT',
        view.status === 'verified'
          ? 'Your NID is already verified'
          : 'Your NID is already waiting for verification',
      );
    }
  }

  async function decided(id: string) {
    const found = await repo.findSubmission(id);
    if (!found) return new AppError('NOT_FOUND', 'NID submission not found');
    return new AppError('CONFLICT', `This NID submission is already ${found.status}`);
  }

  return {
    viewOfUser,

    async viewForShop(shopId: string) {
      return viewOfUser(await ownerOf(shopId));
    },

    /** Checks everything, then stores both photos and the row; on any failure nothing stays. */
    async submit(input: {
      shopId: string;
      userId: string;
      nidNumber: string | undefined;
      front: NidUpload;
      back: NidUpload;
    }) {
      const ownerId = await ownerOf(input.shopId);
      await requireSubmittable(ownerId);
      const number = nidNumberSchema.safeParse(input.nidNumber ?? '');
      if (!number.success) {
        const message = number.error.issues[0]?.message ?? 'NID number is not valid';
        throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'body.nidNumber', message }] });
      }
      const front = fileError('front', input.front);
      if (front instanceof AppError) throw front;
      const back = fileError('back', input.back);
      if (back instanceof AppError) throw back;
      const frontBytes = input.front?.bytes ?? new Uint8Array();
      const backBytes = input.back?.bytes ?? new Uint8Array();
      // The structure is right; now the pixels: a right header over a garbage body is refused too.
      const [frontDecodes, backDecodes] = await Promise.all([
        decodesAsImage(frontBytes),
        decodesAsImage(backBytes),
      ]);
      if (!frontDecodes) throw corruptError('front');
      if (!backDecodes) throw corruptError('back');

      const id = randomUUID();
      const keys = {
        front: `nid/${ownerId}/${id}-front.${front.extension}`,
        back: `nid/${ownerId}/${id}-back.${back.extension}`,
      };
      try {
        await storage.put(keys.front, frontBytes, front.contentType);
        await storage.put(keys.back, backBytes, back.contentType);
        await repo.insertSubmission({
          id,
          user_id: ownerId,
          shop_id: input.shopId,
          submitted_by_user_id: input.userId,
          nid_number: number.data,
          front_key: keys.front,
          front_content_type: front.contentType,
          front_bytes: frontBytes.length,
          back_key: keys.back,
          back_content_type: back.contentType,
          back_bytes: backBytes.length,
          created_at: clock.now(),
        });
      } catch (error) {
        await Promise.allSettled([storage.delete(keys.front), storage.delete(keys.back)]);
        // Two submissions at once: the one-pending-per-person index lets only one in.
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 'Your NID is already waiting for verification');
        }
        throw error;
      }
      return { message: messages.nidSent, nid: await viewOfUser(ownerId) };
    },

    /** "Skip for now": recorded, so the dashboard can stop asking for a while. */
    async skip(input: { shopId: string; userId: string }) {
      const ownerId = await ownerOf(input.shopId);
      await requireSubmittable(ownerId);
      await repo.insertSkip({
        user_id: ownerId,
        shop_id: input.shopId,
        skipped_by_user_id: input.userId,
        created_at: clock.now(),
      });
      return viewOfUser(ownerId);
    },

    async reviewQueue(filter: { status: 'pending' | 'verified' | 'failed'; limit: number; offset: number }) {
      return pageOf(await repo.review(filter), (row) => ({
        id: row.id,
        status: row.status,
        nidNumber: row.nid_number,
        reason: row.reason,
        submittedAt: row.created_at,
        reviewedAt: row.reviewed_at,
        reviewedBy:
          row.reviewed_by_staff_id && row.reviewer_name
            ? { staffId: row.reviewed_by_staff_id, name: row.reviewer_name }
            : null,
        user: {
          id: row.user_id,
          phone: row.user_phone,
          name: row.user_name,
          fullName: row.user_full_name,
          dateOfBirth: row.user_date_of_birth,
        },
        shop: row.shop_id && row.shop_name ? { id: row.shop_id, name: row.shop_name } : null,
        images: {
          front: `/api/v1/ops/nid/${row.id}/image/front`,
          back: `/api/v1/ops/nid/${row.id}/image/back`,
        },
      }));
    },

    async approve(input: { id: string; staffId: string }) {
      const done = await decideAndTell(input.id, {
        status: 'verified',
        reason: null,
        staffId: input.staffId,
      });
      if (!done) throw await decided(input.id);
      return { id: input.id, status: 'verified' as const };
    },

    async fail(input: { id: string; staffId: string; reason: string }) {
      const done = await decideAndTell(input.id, {
        status: 'failed',
        reason: input.reason,
        staffId: input.staffId,
      });
      if (!done) throw await decided(input.id);
      return { id: input.id, status: 'failed' as const };
    },

    /** A stored photo, for a reviewer's eyes only. */
    async image(input: { id: string; side: NidImageSide }) {
      const submission = await repo.findSubmission(input.id);
      if (!submission) throw new AppError('NOT_FOUND', 'NID submission not found');
      const file = await storage.get(input.side === 'front' ? submission.front_key : submission.back_key);
      if (!file) throw new AppError('NOT_FOUND', 'Image not found');
      return file;
    },
  };
}
