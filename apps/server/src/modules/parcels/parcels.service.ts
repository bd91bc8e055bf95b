import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { CustomersService } from '../customers/customers.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import { createIdempotency } from './idempotency';
import { createParcelBooking } from './parcel-booking.service';
import { createParcelDelete } from './parcel-delete.service';
import { createParcelExchange } from './parcel-exchange.service';
import { createParcelQueries, parcelLoader } from './parcel-queries.service';
import type { ParcelsRepository } from './parcels.repository';

export type ParcelsService = ReturnType<typeof createParcelsService>;

/**
 * A shop's parcels as one service, composed of its use cases: booking (single, many, and the
 * checks bulk booking runs), exchange, the list and detail, and deletion before pickup. Every
 * status change and event is written by parcel-transitions in the use case's transaction.
 */
export function createParcelsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelsRepository;
  pickups: PickupLocationsService;
  pricing: PricingService;
  /** The shop's address book, updated in the booking's transaction. */
  customers: Pick<CustomersService, 'recordBookings'>;
  /** Uniform integer in [0, max); tests may pass a seeded one. */
  randomInt?: (max: number) => number;
}) {
  const { db, clock, repo } = deps;
  const load = parcelLoader(repo);
  const idempotency = createIdempotency(db);
  const booking = createParcelBooking({ ...deps, load, idempotency });
  const exchange = createParcelExchange({ db, clock, repo, load, idempotency, booking });
  const queries = createParcelQueries({ repo, load });
  const deletion = createParcelDelete({ db, clock, repo, load });
  return {
    create: booking.create,
    createExchange: exchange.createExchange,
    /** Bulk preview and confirm run the booking's checks on every row. */
    check: booking.check,
    checkMany: booking.checkMany,
    /** The chosen pickup location is the shop's and active (bulk checks it once per sheet). */
    checkPickupLocation: booking.activePickupLocation,
    createMany: booking.createMany,
    /** Idempotency-Key for other ways of booking (bulk confirm), the same as create's. */
    once: idempotency.once,
    list: queries.list,
    get: queries.get,
    remove: deletion.remove,
  };
}
