import {
  type Dashboard,
  type DashboardQuery,
  type DashboardStatus,
  dashboardMessages,
  dashboardRange,
  dashboardRates,
  dashboardStatuses,
  datesOf,
  lastSortingDay,
} from '@dak/domain/dashboard';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PaymentsService } from '../invoices/payments.service';
import type { ReturnsService } from '../returns/returns.service';
import {
  foldDeltas,
  insertBookingDeltas,
  insertMoveDeltas,
  rangeCounts,
  sortingCounts,
  statusCount,
} from './dashboard.repository';

/**
 * Counts a status move for the dashboard, in the move's transaction (parcel-transitions'
 * recordTransition calls it for every move, the merchant's delete included). It only appends,
 * so concurrent moves never wait on a shared counter.
 */
export async function countMove(
  trx: Transaction<DB>,
  move: { parcelId: string; from: ParcelStatus; to: ParcelStatus; at: Date },
) {
  await insertMoveDeltas(trx, move);
}

/** Counts parcels just booked (single, exchange, bulk), in the booking's transaction. */
export async function countBookings(trx: Transaction<DB>, parcelIds: readonly string[]) {
  if (parcelIds.length > 0) await insertBookingDeltas(trx, parcelIds);
}

/** How many failed attempts the dashboard lists by name. */
const failedAttemptsShown = 10;

export function createDashboardService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  returns: Pick<ReturnsService, 'listReturned'>;
  payments: Pick<PaymentsService, 'bounced'>;
}) {
  const { db, clock } = deps;

  return {
    /** Adds the appended deltas into the counters (the fold job); answers how many it folded. */
    fold(): Promise<number> {
      return db.transaction().execute((trx) => foldDeltas(trx));
    },

    /**
     * The dashboard of a shop: parcels booked in the range by their stage now, the rates, the
     * series of bookings and deliveries per day, and what needs the merchant now.
     */
    async get(shopId: string, query: DashboardQuery, access: { seesPayments: boolean }): Promise<Dashboard> {
      const range = dashboardRange(query, clock.now());
      if ('refusal' in range) {
        throw new AppError('VALIDATION_FAILED', dashboardMessages[range.refusal], { field: 'since' });
      }
      const where = { shopId, ...range, pickupLocationId: query.pickupLocationId };
      const sortingDay = lastSortingDay(clock.now());
      const [rows, onHold, attempted, bounced, sorting] = await Promise.all([
        rangeCounts(db, where),
        statusCount(db, { shopId, status: 'pickup_hold', pickupLocationId: query.pickupLocationId }),
        // The oldest attempts return soonest: a shop with many waiting still sees its most urgent.
        deps.returns.listReturned(shopId, { view: 'attempted', limit: 50, offset: 0, oldestFirst: true }),
        access.seesPayments ? deps.payments.bounced(shopId) : null,
        sortingCounts(db, { shopId, day: sortingDay, pickupLocationId: query.pickupLocationId }),
      ]);
      const counts = Object.fromEntries(dashboardStatuses.map((s) => [s, 0])) as Record<
        DashboardStatus,
        number
      >;
      const booked = new Map<string, number>();
      const delivered = new Map<string, number>();
      for (const row of rows) {
        if (row.measure === 'delivered') {
          delivered.set(row.day, (delivered.get(row.day) ?? 0) + row.n);
          continue;
        }
        if (row.status in counts) counts[row.status as DashboardStatus] += row.n;
        if (row.status !== 'deleted') booked.set(row.day, (booked.get(row.day) ?? 0) + row.n);
      }
      const waiting = attempted.items
        .filter((p) => p.autoReturnAt !== null)
        .map((p) => ({ parcelId: p.id, trackingId: p.trackingId, autoReturnAt: p.autoReturnAt as Date }))
        .sort((a, b) => a.autoReturnAt.getTime() - b.autoReturnAt.getTime());
      return {
        ...range,
        counts,
        ...dashboardRates(counts),
        series: datesOf(range).map((date) => ({
          date,
          booked: booked.get(date) ?? 0,
          delivered: delivered.get(date) ?? 0,
        })),
        needsAction: {
          failedAttempts: waiting.slice(0, failedAttemptsShown),
          failedAttemptCount: attempted.count,
          pickupsOnHold: onHold,
          bouncedPayment: bounced ? bounced.bounced !== null : null,
        },
        lastDaySorting: { date: sortingDay, ...sorting },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
