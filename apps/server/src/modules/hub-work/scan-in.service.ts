import { hubWorkMessages as m, type ScanResult } from '@dak/domain/hub-work';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { AppError } from '../../errors';
import { actorOf, type HubWorkDeps, type HubWorker, hubWorkTools } from './hub-work.shared';

/** A hub's scan-in (issue 5, part 3): the code scanned at the door moves the parcel in. */
export function createScanInService(deps: HubWorkDeps) {
  const { db, transitions } = deps;
  const tools = hubWorkTools(deps);

  return {
    /**
     * A code scanned at a hub's door: first arrival (from a pickup rider or the merchant's own
     * hand-in) → `at_sorting`; arrival at the parcel's delivery hub → `at_delivery_hub`. A parcel
     * already where the scan would put it is reported, not moved; one that has nothing to do with
     * this hub is refused and left alone.
     */
    async scan(w: HubWorker, hubId: string, code: string): Promise<ScanResult> {
      await tools.assertWorksIn(w, hubId);
      const outcome = await db.transaction().execute(async (trx) => {
        const parcel = await tools.lockByCode(trx, code);
        const id = parcel.tracking_id;
        const atPickupHub = parcel.pickup_hub_id === hubId;
        const atDeliveryHub = parcel.delivery_hub_id === hubId;
        if (!atPickupHub && !atDeliveryHub)
          throw new AppError('FORBIDDEN', m.foreignParcel(id), { trackingId: id });
        let to: ParcelStatus | null = null;
        let message = '';
        const s = parcel.status;
        if (s === 'pickup_hold') throw new AppError('PICKUP_ON_HOLD', m.pickupHold(id), { trackingId: id });
        if (s === 'pickup_pending') {
          if (!atPickupHub) throw new AppError('FORBIDDEN', m.foreignParcel(id), { trackingId: id });
          to = 'at_sorting';
        } else if ((s === 'in_transit' || s === 'at_sorting') && atDeliveryHub) {
          to = 'at_delivery_hub';
        } else if (s === 'at_sorting' && atPickupHub) {
          message = m.alreadyHere(id);
        } else if (s === 'at_delivery_hub' && atDeliveryHub) {
          message = m.alreadyHere(id);
        } else {
          throw new AppError('CONFLICT', m.nothingToDo(id, s), { trackingId: id, status: s });
        }
        const result = to
          ? await transitions.moveLocked(trx, actorOf(w), parcel, { trackingId: id, to })
          : null;
        return { parcel, from: s, to: to ?? s, changed: Boolean(result), message };
      });
      const dest = await tools.hubName(outcome.parcel.delivery_hub_id);
      return {
        trackingId: outcome.parcel.tracking_id,
        changed: outcome.changed,
        from: outcome.from,
        status: outcome.to,
        destinationHub: dest,
        message:
          outcome.message ||
          (outcome.to === 'at_delivery_hub'
            ? `${outcome.parcel.tracking_id}: arrived at its delivery hub`
            : `${outcome.parcel.tracking_id}: scanned in; sort it for ${dest.name.en}`),
      };
    },
  };
}
