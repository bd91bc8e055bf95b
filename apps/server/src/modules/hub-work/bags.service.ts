import { type Bag, hubWorkMessages as m } from '@dak/domain/hub-work';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { AppError } from '../../errors';
import { assertHub } from '../../lib/staff-scope';
import type { HubWorkRepository } from './hub-work.repository';
import { type HubWorkDeps, type HubWorker, hubWorkTools } from './hub-work.shared';

/** Bags with their parcels, in the order they were opened. */
export async function findBags(
  repo: HubWorkRepository,
  where: { id?: string; originHubId?: string; open?: boolean; tripIds?: string[] },
): Promise<Bag[]> {
  if (where.tripIds?.length === 0) return [];
  const bags = await repo.bagRows(where);
  const contents = bags.length ? await repo.bagContents(bags.map((b) => b.id)) : [];
  return bags.map((b) => ({
    id: b.id,
    code: b.code,
    origin: { id: b.o_id, name: { en: b.o_en, bn: b.o_bn } },
    destination: { id: b.d_id, name: { en: b.d_en, bn: b.d_bn } },
    tripId: b.trip_id,
    parcels: contents
      .filter((c) => c.bag_id === b.id)
      .map((c) => ({ trackingId: c.tracking_id, status: c.status as ParcelStatus })),
    createdAt: b.created_at,
  }));
}

/** Bags (issue 5, part 4): sorted parcels go into a bag per destination hub. */
export function createBagsService(deps: HubWorkDeps) {
  const { db, clock, repo } = deps;
  const tools = hubWorkTools(deps);

  return {
    async listBags(w: HubWorker, hubId: string) {
      await tools.assertWorksIn(w, hubId);
      return { items: await findBags(repo, { originHubId: hubId, open: true }) };
    },

    async createBag(w: HubWorker, hubId: string, destinationHubId: string) {
      await tools.assertWorksIn(w, hubId);
      if (hubId === destinationHubId)
        throw new AppError('VALIDATION_FAILED', m.sameHub, { field: 'destinationHubId' });
      if (!(await repo.hubExists(destinationHubId))) {
        throw new AppError('NOT_FOUND', 'Hub not found', { field: 'destinationHubId' });
      }
      const id = await repo.insertBag({
        code: await tools.nextCode('bag_code_seq', 'BAG', hubId),
        originHubId: hubId,
        destinationHubId,
        by: w.staffId,
        at: clock.now(),
      });
      return (await findBags(repo, { id }))[0] as Bag;
    },

    /** Puts a scanned parcel into an open bag: it must be sorted here and go to the bag's hub. */
    async addToBag(w: HubWorker, bagId: string, code: string) {
      const [bag] = await findBags(repo, { id: bagId });
      if (!bag) throw new AppError('NOT_FOUND', m.bagNotFound);
      assertHub(w, bag.origin.id, () => new AppError('NOT_FOUND', m.bagNotFound));
      if (bag.tripId) throw new AppError('CONFLICT', m.bagInTrip);
      await db.transaction().execute(async (trx) => {
        const parcel = await tools.lockByCode(trx, code);
        const id = parcel.tracking_id;
        if (parcel.status !== 'at_sorting' || parcel.pickup_hub_id !== bag.origin.id) {
          throw new AppError('CONFLICT', m.notSorted(id), { trackingId: id, status: parcel.status });
        }
        if (parcel.delivery_hub_id !== bag.destination.id) {
          const hub = await tools.hubName(parcel.delivery_hub_id, trx);
          throw new AppError('CONFLICT', m.bagWrongDestination(id, hub.name.en), { trackingId: id });
        }
        const already = await repo.bagHolding(parcel.id, bag.origin.id, trx);
        if (already) throw new AppError('CONFLICT', m.alreadyBagged(id, already), { trackingId: id });
        await repo.addToBag({ bagId: bag.id, parcelId: parcel.id, by: w.staffId, at: clock.now() }, trx);
      });
      return (await findBags(repo, { id: bag.id }))[0] as Bag;
    },
  };
}
