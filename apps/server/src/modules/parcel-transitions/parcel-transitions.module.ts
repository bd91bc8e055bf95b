import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../../plugins/auth';
import { parcelTransitionsRoutes } from './parcel-transitions.routes';
import { createParcelTransitionsService } from './parcel-transitions.service';

/**
 * Parcel moves (issue 5): the one writer of a parcel's status, events, audit log and OTP columns.
 * Each move runs its follow-ups (the domain's effects table) in its own transaction, so `jobs`.
 */
export function parcelTransitionsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  jobs: Jobs;
  guards: Guards;
  autoReturnHours?: number;
}) {
  const service = createParcelTransitionsService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    autoReturnHours: deps.autoReturnHours,
  });
  return { service, routes: parcelTransitionsRoutes({ transitions: service, guards: deps.guards }) };
}
