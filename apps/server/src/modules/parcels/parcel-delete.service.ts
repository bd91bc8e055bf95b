import { parcelMessages } from '@dak/domain/parcel';
import {
  assertTransition,
  canTransition,
  type ParcelStatus,
  sellerStatusOf,
  TransitionError,
} from '@dak/domain/parcel-status';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../parcel-transitions/parcel-audit';
import { runEffects } from '../parcel-transitions/parcel-effects';
import { recordTransition } from '../parcel-transitions/parcel-transitions.service';
import type { ParcelLoader } from './parcel-queries.service';
import type { ParcelsRepository } from './parcels.repository';

/**
 * The merchant deletes a parcel before pickup (and the return leg of its exchange with it). The
 * move passes the status machine and is written, with its event and audit line, by
 * parcel-transitions in this transaction, on rows locked `for update`.
 */
export function createParcelDelete(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelsRepository;
  load: ParcelLoader;
  /** The effects of entering `deleted` (the shop's webhooks) are queued with these. */
  jobs?: Jobs;
}) {
  const { db, clock, repo, load } = deps;
  return {
    /**
     * The merchant deletes a parcel before pickup: status and seller status become deleted.
     * `note`: why, kept on the event (a RedX client's cancel reason).
     */
    async remove(input: { shopId: string; parcelId: string; userId: string; note?: string | null }) {
      return db.transaction().execute(async (trx) => {
        const row = await load(input.shopId, input.parcelId, trx, true);
        const removeOne = async (parcel: { id: string; status: ParcelStatus; tracking_id: string }) => {
          // Only the merchant's own move; operations move parcels through parcel-transitions.
          assertTransition(parcel.status, 'deleted', { kind: 'merchant' });
          const at = clock.now();
          await recordTransition(trx, {
            parcelId: parcel.id,
            from: parcel.status,
            to: 'deleted',
            at,
            actorUserId: input.userId,
            actorStaffId: null,
            reason: null,
            note: input.note ?? null,
            hubId: null,
          });
          await recordAudit(trx, {
            parcelId: parcel.id,
            at,
            actorUserId: input.userId,
            actorStaffId: null,
            action: 'delete',
            field: null,
            oldValue: parcel.status,
            newValue: 'deleted',
          });
          if (deps.jobs) {
            await runEffects(trx, deps.jobs, {
              parcelId: parcel.id,
              shopId: input.shopId,
              trackingId: parcel.tracking_id,
              from: parcel.status,
              to: 'deleted',
              hubId: null,
              at,
              cashHolder: null,
              decisionHours: 0,
            });
          }
        };
        try {
          await removeOne(row);
          // The return leg of an exchange has no charge of its own: it goes with its forward leg
          // while it is still waiting for pickup (once moving, it finishes its trip).
          if (row.reverse_parcel_id) {
            const leg = await repo.find(input.shopId, row.reverse_parcel_id, trx, true);
            if (leg && leg.flow_type === 'exchange_return' && canTransition(leg.status, 'deleted')) {
              await removeOne(leg);
            }
          }
        } catch (error) {
          if (error instanceof TransitionError && error.refusal === 'illegal') {
            throw new AppError('INVALID_TRANSITION', parcelMessages.notDeletable, { status: row.status });
          }
          throw error;
        }
        return { id: row.id, status: 'deleted' as const, sellerStatus: sellerStatusOf('deleted') };
      });
    },
  };
}
