import { dhakaDate } from '@dak/domain/delivery-runs';
import type { OpsOverview } from '@dak/domain/ops-overview';
import { pickupDate } from '@dak/domain/pricing';
import type { Clock } from '../../lib/clock';
import { hubFilter, type StaffScope } from '../../lib/staff-scope';
import type { CashService } from '../cash/cash.service';
import type { OpsOverviewRepository } from './ops-overview.repository';

export type OpsOverviewService = ReturnType<typeof createOpsOverviewService>;

/**
 * The operations overview (issue 14, item 5): for each hub the staff member works in (every hub
 * for an admin; the staff scope's hubFilter decides, as on every hub screen), the work waiting
 * there now, counted in SQL by hub, and the cash its riders hold from the cash module's read.
 */
export function createOpsOverviewService(deps: {
  clock: Clock;
  repo: OpsOverviewRepository;
  cash: Pick<CashService, 'ridersHoldingByHub'>;
}) {
  const { clock, repo, cash } = deps;
  return {
    async overview(scope: StaffScope): Promise<OpsOverview> {
      const now = clock.now();
      const today = dhakaDate(now);
      const pickupDay = pickupDate(now);
      const hubIds = hubFilter(scope);
      const [rows, riderCash] = await Promise.all([
        repo.read(hubIds, today, pickupDay),
        cash.ridersHoldingByHub(hubIds),
      ]);
      const delivery = new Map(rows.delivery.map((r) => [r.hub_id, r]));
      const pickup = new Map(rows.pickup.map((r) => [r.hub_id, r]));
      const runs = new Map(rows.runs.map((r) => [r.hub_id, r]));
      return {
        today,
        pickupDay,
        hubs: rows.hubs.map((h) => {
          const d = delivery.get(h.id);
          const p = pickup.get(h.id);
          const r = runs.get(h.id);
          const c = riderCash.get(h.id);
          return {
            hub: { id: h.id, name: { en: h.name_en, bn: h.name_bn } },
            waiting: {
              toSort: p?.to_sort ?? 0,
              toDeliver: d?.to_deliver ?? 0,
              returnsToSend: d?.returns_to_send ?? 0,
              returnsToHandBack: p?.returns_to_hand_back ?? 0,
            },
            pickupsUnassigned: { pickups: p?.unassigned_pickups ?? 0, parcels: p?.unassigned_parcels ?? 0 },
            runsToday: { runs: r?.runs ?? 0, parcels: r?.parcels ?? 0, done: r?.done ?? 0 },
            failedAwaitingMerchant: d?.failed_waiting ?? 0,
            reattemptRequests: d?.reattempt_requests ?? 0,
            pastPromise: (d?.past_promise ?? 0) + (p?.past_promise ?? 0),
            riderCash: { riders: c?.riders ?? 0, amount: (c?.holdingPoisha ?? 0) / 100 },
          };
        }),
      };
    },
  };
}
