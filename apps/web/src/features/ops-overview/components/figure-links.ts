import type { HubOverview } from '@dak/domain/ops-overview';

/** A figure of the overview: where it is read from and the console screen that acts on it. */
export type OverviewFigure =
  | 'toSort'
  | 'toDeliver'
  | 'returnsToSend'
  | 'returnsToHandBack'
  | 'pickupsUnassigned'
  | 'runsToday'
  | 'failedAwaitingMerchant'
  | 'reattemptRequests'
  | 'pastPromise'
  | 'riderCash';

const withHub = (path: string, hubId: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ hub: hubId, ...extra }).toString()}`;

/**
 * The screen each figure leads to, with the hub chosen where that screen takes one (`?hub=`):
 * parcels to sort → the hub's bagging step; waiting for a run, today's runs and late parcels →
 * the runs screen (most late parcels wait for a run there); unassigned pickups → pickups; riders'
 * cash → the cash desk; reattempt requests → Return approvals; the return leg and failed parcels
 * the merchant has not decided on → Parcel status, where staff move them by hand (neither screen
 * takes a hub).
 */
export function figureLink(figure: OverviewFigure, hub: HubOverview['hub']): string {
  switch (figure) {
    case 'toSort':
      return withHub('/ops/hub-scan', hub.id, { step: 'bag' });
    case 'toDeliver':
    case 'runsToday':
    case 'pastPromise':
      return withHub('/ops/runs', hub.id);
    case 'pickupsUnassigned':
      return withHub('/ops/pickups', hub.id);
    case 'riderCash':
      return withHub('/ops/cash', hub.id);
    case 'reattemptRequests':
      return '/ops/returns';
    case 'returnsToSend':
    case 'returnsToHandBack':
    case 'failedAwaitingMerchant':
      return '/ops/parcel-status';
  }
}
