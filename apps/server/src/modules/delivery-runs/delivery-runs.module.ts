import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { Guards } from '../../plugins/auth';
import type { ParcelTransitionsService } from '../parcel-transitions/parcel-transitions.service';
import { createDeliveryRunsRepository } from './delivery-runs.repository';
import { deliveryRunsRoutes } from './delivery-runs.routes';
import { createDeliveryRunsService } from './delivery-runs.service';

/** Delivery runs, the rider's run and the photo proofs: the module's repository, service and routes. */
export function deliveryRunsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  storage: Storage;
  transitions: ParcelTransitionsService;
  guards: Guards;
}) {
  const service = createDeliveryRunsService({
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    repo: createDeliveryRunsRepository(deps.db),
    transitions: deps.transitions,
  });
  return { service, routes: deliveryRunsRoutes({ runs: service, guards: deps.guards }) };
}
