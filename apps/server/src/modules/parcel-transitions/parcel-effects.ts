import { effectsOnEntering, type ParcelSms } from '@dak/domain/parcel-effects';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import { sendParcelSmsJobName } from '../../jobs/send-parcel-sms.job';
import { type CashHolder, settleParcelMoney } from '../ledger/ledger.service';
import { notify } from '../notifications/notifications.service';
import { announceParcelMove } from '../webhooks/webhook-events.service';

/** Queues a parcel SMS in the caller's transaction: it exists, and goes out, only after the commit. */
export async function sendSms(trx: Transaction<DB>, jobs: Jobs, message: ParcelSms) {
  await jobs.sendWithin(trx, sendParcelSmsJobName, message);
}

/**
 * The one place a move's follow-ups run: the domain's table says which, for the status entered,
 * and each is done inside the move's transaction (so it exists exactly when the move does).
 */
export async function runEffects(
  trx: Transaction<DB>,
  jobs: Jobs,
  move: {
    parcelId: string;
    shopId: string;
    trackingId: string;
    from: ParcelStatus;
    to: ParcelStatus;
    reason?: string;
    /** The hub the move's event names (the webhook's `hub`). */
    hubId: string | null;
    /** The event's reason (a partial delivery's `partial_delivery` too), for the webhook. */
    eventReason?: string | null;
    at: Date;
    cashHolder: CashHolder | null;
    /** Hours the merchant has to decide on a failed attempt before it returns by itself. */
    decisionHours: number;
  },
) {
  for (const effect of effectsOnEntering[move.to]) {
    switch (effect.kind) {
      case 'sms':
        await sendSms(trx, jobs, {
          kind: effect.template,
          parcelId: move.parcelId,
          ...(effect.withReason ? { reason: move.reason } : {}),
        });
        break;
      case 'ledger':
        await settleParcelMoney(trx, {
          parcelId: move.parcelId,
          to: effect.settle,
          at: move.at,
          cashHolder: move.cashHolder,
        });
        break;
      case 'notify':
        await notify(trx, jobs, {
          shopId: move.shopId,
          kind: effect.event,
          at: move.at,
          link: `/parcels/${move.parcelId}`,
          params:
            effect.event === 'delivery_failed'
              ? {
                  trackingId: move.trackingId,
                  ...(move.reason ? { reason: move.reason } : {}),
                  deadline: new Date(move.at.getTime() + move.decisionHours * 3600_000).toISOString(),
                }
              : { trackingId: move.trackingId },
        });
        break;
      case 'webhook':
        await announceParcelMove(trx, jobs, {
          parcelId: move.parcelId,
          from: move.from,
          to: move.to,
          at: move.at,
          reason: move.eventReason ?? move.reason ?? null,
          hubId: move.hubId,
        });
        break;
      default: {
        // A kind the table gained without a runner here does not compile.
        const unknown: never = effect;
        const kind = (unknown as { kind: string }).kind;
        throw new Error(`no runner for the parcel effect ${String(kind)}`);
      }
    }
  }
}
