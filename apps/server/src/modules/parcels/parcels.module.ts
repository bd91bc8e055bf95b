import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../../plugins/auth';
import type { CustomersService } from '../customers/customers.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import type { ParcelBookingDeps } from './parcel-booking.service';
import { createParcelEditsRepository } from './parcel-edits.repository';
import { parcelEditsRoutes } from './parcel-edits.routes';
import { createParcelEditsService } from './parcel-edits.service';
import type { Queryable } from './parcel-list.repository';
import { createParcelsRepository } from './parcels.repository';
import { parcelsRoutes } from './parcels.routes';
import { createParcelsService } from './parcels.service';

/**
 * The parcels module: booking, exchange, the list and detail, delete (issue 4, part 2), and
 * editing a booked parcel with its notes and audit log (parts 3 and 8).
 */
export function parcelsModule(deps: {
  db: Kysely<DB>;
  /** The API's pool: the parcel list runs its statements on it by name (issue 16). */
  pool?: Queryable;
  clock: Clock;
  guards: Guards;
  pickups: PickupLocationsService;
  pricing: PricingService;
  customers: Pick<CustomersService, 'recordBookings'>;
  prepaymentHold?: ParcelBookingDeps['prepaymentHold'];
  /** A deletion's follow-ups (the shop's webhooks). */
  jobs?: Jobs;
}) {
  const { db, clock, guards, pickups, pricing } = deps;
  const repo = createParcelsRepository(db, deps.pool);
  const service = createParcelsService({
    db,
    clock,
    repo,
    pickups,
    pricing,
    customers: deps.customers,
    prepaymentHold: deps.prepaymentHold,
    jobs: deps.jobs,
  });
  const edits = createParcelEditsService({
    db,
    clock,
    repo: createParcelEditsRepository(db),
    parcels: repo,
    pickups,
    pricing,
  });
  return {
    service,
    routes: async (app: FastifyInstance) => {
      await app.register(parcelsRoutes({ parcels: service, guards }));
      await app.register(parcelEditsRoutes({ edits, guards }));
    },
  };
}
