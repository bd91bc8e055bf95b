import { createBagsService } from './bags.service';
import type { HubWorkDeps } from './hub-work.shared';
import { createPickupsService } from './pickups.service';
import { createScanInService } from './scan-in.service';
import { createTripsService } from './trips.service';

export type { HubWorker } from './hub-work.shared';

/**
 * Pickups, scan-in, bags and line-haul trips (issue 5, parts 3 and 4), one service each. Every
 * status change goes through the transitions service (lock, status machine, event); hub work
 * decides which move a scan means and keeps the hub's own records (pickups, bags, trips, receipt
 * scans, in its repository).
 */
export function createHubWorkService(deps: HubWorkDeps) {
  return {
    ...createPickupsService(deps),
    ...createScanInService(deps),
    ...createBagsService(deps),
    ...createTripsService(deps),
  };
}

export type HubWorkService = ReturnType<typeof createHubWorkService>;
