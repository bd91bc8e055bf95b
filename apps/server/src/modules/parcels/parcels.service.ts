import type { Jobs } from '../../jobs/jobs';
import { createIdempotency } from './idempotency';
import { createParcelBooking, type ParcelBookingDeps } from './parcel-booking.service';
import { createParcelDelete } from './parcel-delete.service';
import { createParcelExchange } from './parcel-exchange.service';
import { createParcelQueries, parcelLoader } from './parcel-queries.service';

export type ParcelsService = ReturnType<typeof createParcelsService>;

/**
 * A shop's parcels as one service, composed of its use cases: booking (single, many, and the
 * checks bulk booking runs), exchange, the list and detail, and deletion before pickup. Every
 * status change and event is written by parcel-transitions in the use case's transaction.
 */
export function createParcelsService(
  deps: Omit<ParcelBookingDeps, 'load' | 'idempotency'> & {
    /** A deletion's follow-ups (the shop's webhooks, issue 15) are queued with these. */
    jobs?: Jobs;
  },
) {
  const { db, clock, repo } = deps;
  const load = parcelLoader(repo);
  const idempotency = createIdempotency(db);
  const booking = createParcelBooking({ ...deps, load, idempotency });
  const exchange = createParcelExchange({ db, clock, repo, load, idempotency, booking });
  const queries = createParcelQueries({ repo, load });
  const deletion = createParcelDelete({ db, clock, repo, load, jobs: deps.jobs });
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
