import { hubWorkMessages as m, type Trip } from '@dak/domain/hub-work';
import { actsIn } from '@dak/domain/staff-rooms';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { AppError } from '../../errors';
import { findBags } from './bags.service';
import { actorOf, type HubWorkDeps, type HubWorker, hubWorkTools } from './hub-work.shared';

/**
 * Line-haul trips (issue 5, part 4): bags loaded at one hub, dispatched (their parcels go
 * in_transit, all or none) and received at the other, where what is missing or extra is shown.
 */
export function createTripsService(deps: HubWorkDeps) {
  const { db, clock, repo, transitions } = deps;
  const tools = hubWorkTools(deps);

  async function tripsWhere(where: { id?: string; origin?: string; destination?: string }): Promise<Trip[]> {
    const trips = await repo.tripRows(where);
    const ids = trips.map((t) => t.id);
    const bags = await findBags(repo, { tripIds: ids });
    const scans = trips.length ? await repo.tripScans(ids) : [];
    return trips.map((t) => {
      const mine = bags.filter((b) => b.tripId === t.id);
      const manifest = mine.flatMap((b) => b.parcels.map((p) => p.trackingId));
      const tripScans = scans.filter((s) => s.trip_id === t.id);
      const codes = (inManifest: boolean) => [
        ...new Set(tripScans.filter((s) => s.in_manifest === inManifest).map((s) => s.tracking_id ?? s.code)),
      ];
      const received = codes(true);
      return {
        id: t.id,
        code: t.code,
        origin: { id: t.origin_hub_id, name: { en: t.o_en, bn: t.o_bn } },
        destination: { id: t.destination_hub_id, name: { en: t.d_en, bn: t.d_bn } },
        vehicle: t.vehicle,
        status: t.status,
        createdAt: t.created_at,
        dispatchedAt: t.dispatched_at,
        receivedAt: t.received_at,
        bags: mine.map((b) => ({ id: b.id, code: b.code, parcels: b.parcels })),
        parcelCount: manifest.length,
        received,
        missing: t.status === 'loading' ? [] : manifest.filter((id) => !received.includes(id)),
        extra: codes(false),
      };
    });
  }

  async function trip(id: string) {
    const [found] = await tripsWhere({ id });
    if (!found) throw new AppError('NOT_FOUND', m.tripNotFound);
    return found;
  }

  /** A trip a worker may act on: at its origin (loading, dispatch) or destination (receipt). */
  async function tripFor(w: HubWorker, id: string, side: 'origin' | 'destination' | 'either') {
    const t = await trip(id);
    const hubs = {
      origin: [t.origin.id],
      destination: [t.destination.id],
      either: [t.origin.id, t.destination.id],
    };
    // Another hub's trip is not shown to a hub manager: the same answer as an unknown one.
    if (!actsIn(w, ...hubs[side])) throw new AppError('NOT_FOUND', m.tripNotFound);
    return t;
  }

  /** The manifest's tracking IDs. */
  const manifestOf = (t: Trip) => t.bags.flatMap((b) => b.parcels.map((p) => p.trackingId));

  return {
    async listTrips(w: HubWorker, hubId: string) {
      await tools.assertWorksIn(w, hubId);
      const [outgoing, incoming] = await Promise.all([
        tripsWhere({ origin: hubId }),
        tripsWhere({ destination: hubId }),
      ]);
      return { outgoing, incoming };
    },

    getTrip: (w: HubWorker, id: string) => tripFor(w, id, 'either'),

    async createTrip(
      w: HubWorker,
      input: { hubId: string; destinationHubId: string; bagIds: string[]; vehicle?: string },
    ) {
      await tools.assertWorksIn(w, input.hubId);
      if (input.hubId === input.destinationHubId) {
        throw new AppError('VALIDATION_FAILED', m.sameHub, { field: 'destinationHubId' });
      }
      const ids = [...new Set(input.bagIds)];
      const id = await db.transaction().execute(async (trx) => {
        const bags = await repo.lockOpenBags(trx, ids, input.hubId, input.destinationHubId);
        if (bags.length !== ids.length)
          throw new AppError('VALIDATION_FAILED', m.tripBagsInvalid, { field: 'bagIds' });
        return repo.insertTrip(trx, {
          code: await tools.nextCode('trip_code_seq', 'TRIP', input.hubId, trx),
          originHubId: input.hubId,
          destinationHubId: input.destinationHubId,
          vehicle: input.vehicle || null,
          bagIds: ids,
          by: w.staffId,
          at: clock.now(),
        });
      });
      return trip(id);
    },

    /** The trip leaves: every parcel in its bags goes `in_transit`, all or none. */
    async dispatchTrip(w: HubWorker, id: string) {
      const t = await tripFor(w, id, 'origin');
      if (t.status !== 'loading') throw new AppError('CONFLICT', m.tripNotLoading);
      const ids = manifestOf(t);
      if (ids.length === 0) throw new AppError('CONFLICT', m.tripEmpty);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.dispatchTrip(trx, id, w.staffId, clock.now()))) {
          throw new AppError('CONFLICT', m.tripNotLoading);
        }
        for (const trackingId of [...ids].sort()) {
          const parcel = await transitions.lockParcel(trx, trackingId);
          if (!parcel) throw new AppError('NOT_FOUND', m.unknownCode(trackingId));
          await transitions.moveLocked(trx, actorOf(w), parcel, { trackingId, to: 'in_transit' });
        }
      });
      return trip(id);
    },

    /**
     * A code scanned while unloading a trip at its destination: a manifest parcel arrives
     * (`at_delivery_hub`); anything else is recorded as extra and left as it is.
     */
    async receiveScan(w: HubWorker, id: string, code: string) {
      const t = await tripFor(w, id, 'destination');
      if (t.status !== 'dispatched') throw new AppError('CONFLICT', m.tripNotDispatched);
      const manifest = new Set(manifestOf(t));
      const trackingId = normalizeTrackingId(code);
      const inManifest = Boolean(trackingId && manifest.has(trackingId));
      return db.transaction().execute(async (trx) => {
        const parcel = trackingId ? await transitions.lockParcel(trx, trackingId) : undefined;
        let changed = false;
        let message: string;
        if (inManifest && parcel) {
          if (parcel.status === 'in_transit') {
            await transitions.moveLocked(trx, actorOf(w), parcel, {
              trackingId: parcel.tracking_id,
              to: 'at_delivery_hub',
            });
            changed = true;
            message = `${parcel.tracking_id}: received`;
          } else {
            message = m.alreadyHere(parcel.tracking_id);
          }
        } else {
          message = parcel
            ? `${parcel.tracking_id} is not in this trip's manifest: set it aside (extra); nothing was changed`
            : m.unknownCode(code);
        }
        await repo.insertReceiptScan(
          {
            tripId: id,
            code: parcel?.tracking_id ?? code.slice(0, 100),
            parcelId: parcel?.id ?? null,
            inManifest,
            by: w.staffId,
            at: clock.now(),
          },
          trx,
        );
        return { code, trackingId: parcel?.tracking_id ?? null, inManifest, changed, message };
      });
    },

    /** Closes the receipt: what was in the manifest and not scanned is missing; extras stand. */
    async finishReceipt(w: HubWorker, id: string) {
      const t = await tripFor(w, id, 'destination');
      if (t.status !== 'dispatched') throw new AppError('CONFLICT', m.tripNotDispatched);
      await repo.finishReceipt(id, w.staffId, clock.now());
      return trip(id);
    },
  };
}
