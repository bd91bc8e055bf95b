import { operationsMessages } from '@dak/domain/operations';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import {
  type Approval,
  type ApprovalDecision,
  type ApprovalStatus,
  type ReattemptRequest,
  type ReturnedParcel,
  type ReturnedParcelView,
  returnsMessages,
} from '@dak/domain/returns';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageOf } from '../../lib/paging';
import { hubFilter, type StaffScope } from '../../lib/staff-scope';
import { recordAudit } from '../parcel-transitions/parcel-audit';
import {
  approveReattempt,
  type ParcelTransitionsService,
  type RequestOrigin,
} from '../parcel-transitions/parcel-transitions.service';
import type { ReturnsRepository } from './returns.repository';

/** The staff member deciding, with the hubs they may act in (staffOf). */
export type StaffViewer = StaffScope;

const hour = 3_600_000;
const taka = (poisha: number) => Number(poisha) / 100;

/**
 * The merchant's side of a failed delivery (ask for a reattempt with an issue reason, or confirm
 * the return), the staff's decisions on those requests, and the job that returns what nobody
 * decided within the window. Every status change goes through the transitions service.
 */
export function createReturnsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ReturnsRepository;
  transitions: ParcelTransitionsService;
  autoReturnHours: number;
  log?: (error: unknown, message: string) => void;
}) {
  const { db, clock, repo, transitions } = deps;

  function trackingIdOf(raw: string) {
    const id = normalizeTrackingId(raw);
    if (!id) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(raw));
    return id;
  }

  function audit(
    executor: Kysely<DB>,
    row: {
      parcelId: string;
      action: 'reattempt_requested' | 'reattempt_approved' | 'reattempt_rejected';
      userId?: string;
      staffId?: string;
      value: string | null;
      origin?: RequestOrigin;
    },
  ) {
    return recordAudit(executor, {
      parcelId: row.parcelId,
      at: clock.now(),
      actorUserId: row.userId,
      actorStaffId: row.staffId,
      action: row.action,
      newValue: row.value,
      origin: row.origin,
    });
  }

  function toApproval(r: {
    id: string;
    type: 'return_reattempt_request';
    status: ApprovalStatus;
    reason: string;
    note: string | null;
    created_at: Date;
    decided_at: Date | null;
    decision_note: string | null;
    tracking_id: string;
    parcel_status: ParcelStatus;
    customer_name: string;
    area_en: string;
    area_bn: string;
    hub_en: string;
    hub_bn: string;
    failed_reason: string | null;
    shop_id: string;
    shop_name: string;
    requested_by: string | null;
    decided_by: string | null;
  }): Approval {
    return {
      id: r.id,
      type: r.type,
      status: r.status,
      reason: r.reason,
      note: r.note,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      decisionNote: r.decision_note,
      parcel: {
        trackingId: r.tracking_id,
        status: r.parcel_status,
        customerName: r.customer_name,
        deliveryArea: { en: r.area_en, bn: r.area_bn },
        hub: { en: r.hub_en, bn: r.hub_bn },
        failedReason: r.failed_reason,
      },
      shop: { id: r.shop_id, name: r.shop_name },
      requestedBy: r.requested_by,
      decidedBy: r.decided_by,
    };
  }

  const service = {
    autoReturnHours: deps.autoReturnHours,

    async listReturned(
      shopId: string,
      /** `oldestFirst`: the longest-waiting first (the dashboard's soonest auto-returns). */
      query: { view: ReturnedParcelView; q?: string; limit: number; offset: number; oldestFirst?: boolean },
    ): Promise<{ items: ReturnedParcel[]; count: number; autoReturnHours: number }> {
      const { rows, count } = await repo.listForShop(shopId, query);
      const items = rows.map((r): ReturnedParcel => {
        const attemptedAt = r.attempted_at ? new Date(r.attempted_at) : null;
        const approval = r.approval;
        const waiting =
          r.status === 'delivery_attempted' && !r.reattempt_approved_at && approval?.status !== 'pending';
        return {
          id: r.id,
          trackingId: r.tracking_id,
          invoiceId: r.invoice_id,
          customerName: r.customer_name,
          customerPhone: r.customer_phone,
          deliveryArea: { en: r.area_en, bn: r.area_bn },
          status: r.status,
          cashCollectionAmount: taka(r.cash_collection_poisha),
          attemptedAt,
          failedReason: r.failed_reason ?? null,
          autoReturnAt:
            waiting && attemptedAt ? new Date(attemptedAt.getTime() + deps.autoReturnHours * hour) : null,
          reattemptApprovedAt: r.reattempt_approved_at,
          approval: approval
            ? {
                id: approval.id,
                status: approval.status,
                reason: approval.reason,
                createdAt: new Date(approval.created_at),
              }
            : null,
        };
      });
      return { items, count, autoReturnHours: deps.autoReturnHours };
    },

    /** The merchant asks for another delivery attempt: a pending approval for staff to decide. */
    async requestReattempt(input: {
      shopId: string;
      userId: string;
      trackingId: string;
      request: ReattemptRequest;
      origin?: RequestOrigin;
    }) {
      const trackingId = trackingIdOf(input.trackingId);
      const now = clock.now();
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const parcel = await repo.findShopParcel(trx, input.shopId, trackingId);
          if (!parcel) throw new AppError('NOT_FOUND', operationsMessages.parcelNotFound(trackingId));
          if (parcel.status !== 'delivery_attempted') {
            throw new AppError('INVALID_TRANSITION', returnsMessages.notAttempted, { trackingId });
          }
          if (parcel.reattempt_approved_at || (await repo.pendingApproval(parcel.id, trx))) {
            throw new AppError('CONFLICT', returnsMessages.alreadyRequested, { trackingId });
          }
          const approvalId = await repo.insertApproval(
            {
              type: 'return_reattempt_request',
              parcel_id: parcel.id,
              shop_id: input.shopId,
              reason: input.request.reason,
              note: input.request.note ?? null,
              requested_by_user_id: input.userId,
              created_at: now,
            },
            trx,
          );
          await audit(trx, {
            parcelId: parcel.id,
            action: 'reattempt_requested',
            userId: input.userId,
            value: input.request.reason,
            origin: input.origin,
          });
          return approvalId;
        })
        .catch((error: unknown) => {
          // Two requests at once: the unique index on pending requests lets one through.
          if ((error as { code?: string }).code === '23505') {
            throw new AppError('CONFLICT', returnsMessages.alreadyRequested, { trackingId });
          }
          throw error;
        });
      return { id, trackingId, status: 'pending' as const, createdAt: now };
    },

    /** The merchant takes the parcel back: it starts the return leg at the delivery hub. */
    async confirmReturn(input: {
      shopId: string;
      userId: string;
      trackingId: string;
      origin?: RequestOrigin;
    }) {
      const trackingId = trackingIdOf(input.trackingId);
      const pending = await repo.pendingForShopParcel(input.shopId, trackingId);
      const result = await transitions.transition(
        { kind: 'merchant', userId: input.userId, shopId: input.shopId },
        {
          trackingId,
          to: 'return_at_delivery_hub',
          note: 'Return confirmed by the merchant',
          origin: input.origin,
        },
      );
      if (pending) {
        // The merchant changed their mind: their own open request is closed with the move.
        await repo.withdraw(pending.id, result.at);
      }
      return result;
    },

    async listApprovals(
      viewer: StaffViewer,
      query: { status: ApprovalStatus; q?: string; limit: number; offset: number },
    ) {
      const scope = hubFilter(viewer);
      return pageOf(await repo.listApprovals(scope, query), toApproval);
    },

    /**
     * Staff decide one request. Approve: the parcel waits for the next delivery run
     * (`reattempt_approved_at`). Reject: it starts back (return_at_delivery_hub) as the staff
     * member's move. Hub managers decide only for parcels of their hubs.
     */
    async decide(viewer: StaffViewer, id: string, decision: ApprovalDecision, origin?: RequestOrigin) {
      const scope = hubFilter(viewer);
      const row = await repo.findApproval(scope, id);
      if (!row) throw new AppError('NOT_FOUND', returnsMessages.approvalNotFound);
      if (row.status !== 'pending') throw new AppError('CONFLICT', returnsMessages.alreadyDecided, { id });
      const stillFailed = row.parcel_status === 'delivery_attempted';
      if (decision.decision === 'approved' && !stillFailed) {
        throw new AppError('INVALID_TRANSITION', returnsMessages.notAttempted, { id });
      }
      // The decision is claimed first (pending → decided, in one statement), so of two staff
      // deciding at once exactly one goes on; a rejection then moves the parcel, and the claim is
      // given back if that move is refused while the parcel still waits.
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const updated = await repo.claimDecision(id, { ...decision, staffId: viewer.staffId, at: now }, trx);
        if (!updated) throw new AppError('CONFLICT', returnsMessages.alreadyDecided, { id });
        if (decision.decision === 'approved') {
          if (!(await approveReattempt(trx, { id: updated.parcel_id, at: now }))) {
            throw new AppError('INVALID_TRANSITION', returnsMessages.notAttempted, { id });
          }
        }
        // A rejection's line is written once its move has been made (below).
        if (decision.decision === 'approved' || !stillFailed) {
          await audit(trx, {
            parcelId: updated.parcel_id,
            action: decision.decision === 'approved' ? 'reattempt_approved' : 'reattempt_rejected',
            staffId: viewer.staffId,
            value: decision.note ?? null,
            origin,
          });
        }
      });
      if (decision.decision === 'rejected' && stillFailed) {
        try {
          await transitions.transition(
            { kind: 'staff', ...viewer },
            {
              trackingId: row.tracking_id,
              to: 'return_at_delivery_hub',
              note: 'Reattempt request rejected',
              origin,
            },
          );
          await audit(db, {
            parcelId: row.parcel_id,
            action: 'reattempt_rejected',
            staffId: viewer.staffId,
            value: decision.note ?? null,
            origin,
          });
        } catch (error) {
          if ((await repo.parcelStatus(row.tracking_id)) === 'delivery_attempted') {
            await repo.reopen(id, viewer.staffId);
          }
          throw error;
        }
      }
      const fresh = await repo.findApproval(null, id);
      if (!fresh) throw new AppError('NOT_FOUND', returnsMessages.approvalNotFound);
      return toApproval(fresh);
    },

    /** Many decisions, each on its own; one refusal does not stop the rest. */
    async decideMany(viewer: StaffViewer, ids: string[], decision: ApprovalDecision, origin?: RequestOrigin) {
      const results: { id: string; ok: boolean; error?: { code: string; message: string } }[] = [];
      for (const id of ids) {
        try {
          await service.decide(viewer, id, decision, origin);
          results.push({ id, ok: true });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, error: { code: error.code, message: error.message } });
        }
      }
      return { results };
    },

    /** The job: returns every failed parcel left undecided past the window. */
    async autoReturn() {
      const cutoff = new Date(clock.now().getTime() - deps.autoReturnHours * hour);
      const due = await repo.dueForAutoReturn(cutoff);
      let returned = 0;
      for (const { tracking_id } of due) {
        try {
          await transitions.transition(
            { kind: 'system' },
            {
              trackingId: tracking_id,
              to: 'return_at_delivery_hub',
              note: `Returned automatically: no decision within ${deps.autoReturnHours} hours`,
            },
          );
          returned += 1;
        } catch (error) {
          // Moved or decided meanwhile: the next run looks again.
          if (!(error instanceof AppError)) throw error;
          deps.log?.(error, 'auto-return skipped a parcel');
        }
      }
      return { returned };
    },
  };
  return service;
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
