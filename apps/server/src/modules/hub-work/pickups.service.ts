import {
  hubWorkMessages as m,
  type PickupList,
  type PickupMissedReason,
  pickupEventReasons,
  type RiderPickup,
} from '@dak/domain/hub-work';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { AppError } from '../../errors';
import { notify } from '../notifications/notifications.service';
import { recordStatusNote } from '../parcel-transitions/parcel-transitions.service';
import { type HubWorkDeps, type HubWorker, hubWorkTools, pickupStatuses } from './hub-work.shared';

const taka = (poisha: number | string) => Number(poisha) / 100;

/**
 * Pickups (issue 5, part 3): the hub assigns each location's pickup of the day to a rider; the
 * rider ticks what was handed over. No status changes here: the hub's scan-in does that.
 */
export function createPickupsService(deps: HubWorkDeps) {
  const { db, clock, repo, transitions } = deps;
  const tools = hubWorkTools(deps);

  async function riderPickup(pickupId: string): Promise<RiderPickup> {
    const row = await repo.riderPickup(pickupId);
    const date = String(row.pickup_date);
    const [parcels, ticks] = await Promise.all([
      repo.pickupParcels(row.pickup_location_id, date),
      repo.pickupTicks(row.id),
    ]);
    const tickOf = new Map(ticks.map((t) => [t.parcel_id, t]));
    return {
      id: row.id,
      date,
      location: {
        name: row.name,
        address: row.address,
        phone: row.phone,
        area: { en: row.name_en, bn: row.name_bn },
      },
      shop: { id: row.shop_id, name: row.shop_name },
      parcels: parcels.map((p) => {
        const tick = tickOf.get(p.id);
        return {
          trackingId: p.tracking_id,
          status: p.status as ParcelStatus,
          customerName: p.customer_name,
          deliveryArea: { en: p.name_en, bn: p.name_bn },
          cashCollection: taka(p.cash_collection_poisha),
          pickedUp: tick ? tick.picked_up : null,
          reason: tick?.reason ?? null,
        };
      }),
    };
  }

  const service = {
    /** Today's (or the day's) pickups of a hub's area, one row per location, with counts. */
    async listPickups(w: HubWorker, hubId: string, date = tools.today()): Promise<PickupList> {
      await tools.assertWorksIn(w, hubId);
      const rows = await repo.pickupSummaries(hubId, date);
      const items = rows.map((r) => {
        const total = Number(r.total);
        const done = Number(r.collected) + Number(r.missed);
        return {
          pickupLocationId: r.location_id,
          pickupId: r.pickup_id,
          date,
          name: r.name,
          address: r.address,
          phone: r.phone,
          shop: { id: r.shop_id, name: r.shop_name },
          area: { id: r.area_id, name: { en: r.name_en, bn: r.name_bn } },
          counts: {
            total,
            pending: total - Number(r.on_hold) - done,
            onHold: Number(r.on_hold),
            collected: Number(r.collected),
            missed: Number(r.missed),
          },
          rider: r.rider_id ? { id: r.rider_id, name: r.rider_name ?? '', phone: r.rider_phone ?? '' } : null,
        };
      });
      return {
        hubId,
        date,
        items,
        totals: { locations: items.length, parcels: items.reduce((n, i) => n + i.counts.total, 0) },
      };
    },

    /** Gives a location's pickup of the day to a rider of the hub (again: to another rider). */
    async assignPickup(
      w: HubWorker,
      input: { hubId: string; pickupLocationId: string; date?: string; riderId: string },
    ) {
      await tools.assertWorksIn(w, input.hubId);
      const date = input.date ?? tools.today();
      const location = await repo.pickupLocation(input.pickupLocationId);
      if (!location || location.hub_id !== input.hubId) {
        throw new AppError('NOT_FOUND', 'Pickup location not found', { field: 'pickupLocationId' });
      }
      if (!(await repo.isActiveRiderOf(input.hubId, input.riderId))) {
        throw new AppError('VALIDATION_FAILED', m.riderNotInHub, { field: 'riderId' });
      }
      if (!(await repo.hasPickupParcels(location.id, date))) {
        throw new AppError('VALIDATION_FAILED', m.nothingToPickUp, { field: 'pickupLocationId' });
      }
      await repo.assignPickup({
        locationId: location.id,
        date,
        hubId: input.hubId,
        riderId: input.riderId,
        by: w.staffId,
        at: clock.now(),
      });
      return (await service.listPickups(w, input.hubId, date)).items.find(
        (i) => i.pickupLocationId === location.id,
      ) as PickupList['items'][number];
    },

    /**
     * The rider's pickups of today (and, after the cut-off, tomorrow's already given to them),
     * each with its parcels and their ticks.
     */
    async riderPickups(riderId: string) {
      const date = tools.dhakaDay();
      const rows = await repo.riderPickupIds(riderId, date, tools.today());
      const items = [];
      for (const r of rows) items.push(await riderPickup(r.id));
      return { date, items };
    },

    /**
     * The rider's tick: collected, or not handed over with a reason. No status changes (the
     * hub's scan-in does that); the tick is an event on the parcel's timeline. A parcel on
     * prepayment hold is refused: it may not leave the merchant until the hold is cleared.
     */
    async tick(
      riderId: string,
      pickupId: string,
      input: { trackingId: string; pickedUp: boolean; reason?: PickupMissedReason },
    ) {
      const pickup = await repo.pickupOfRider(pickupId, riderId);
      // Another rider's pickup answers as an unknown one: nothing about it leaks.
      if (!pickup) throw new AppError('NOT_FOUND', m.pickupNotFound);
      const trackingId = normalizeTrackingId(input.trackingId) ?? input.trackingId;
      await db.transaction().execute(async (trx) => {
        const parcel = await transitions.lockParcel(trx, trackingId);
        const row = parcel ? await repo.parcelPickup(parcel.id, trx) : null;
        if (
          !parcel ||
          !row ||
          row.pickup_location_id !== pickup.pickup_location_id ||
          String(row.pickup_date) > String(pickup.pickup_date)
        ) {
          throw new AppError('NOT_FOUND', m.parcelNotInPickup(trackingId));
        }
        if (parcel.status === 'pickup_hold' && input.pickedUp) {
          throw new AppError('PICKUP_ON_HOLD', m.pickupHold(trackingId), { trackingId });
        }
        if (!pickupStatuses.includes(parcel.status)) {
          throw new AppError('CONFLICT', m.nothingToDo(trackingId, parcel.status), { trackingId });
        }
        const now = clock.now();
        const reason = input.pickedUp ? null : (input.reason ?? 'other');
        await repo.tick(
          { pickupId: pickup.id, parcelId: parcel.id, pickedUp: input.pickedUp, reason, at: now },
          trx,
        );
        await recordStatusNote(trx, {
          parcelId: parcel.id,
          status: parcel.status,
          at: now,
          actorStaffId: riderId,
          reason: input.pickedUp ? pickupEventReasons.collected : pickupEventReasons.missed,
          note: reason,
          hubId: pickup.hub_id,
        });
        if (!input.pickedUp && deps.jobs) {
          await notify(trx, deps.jobs, {
            shopId: parcel.shop_id,
            kind: 'pickup_missed',
            at: now,
            link: `/parcels/${parcel.id}`,
            params: { trackingId, ...(reason ? { reason } : {}) },
          });
        }
      });
      const view = await riderPickup(pickup.id);
      const parcel = view.parcels.find((p) => p.trackingId === trackingId);
      if (!parcel) throw new AppError('NOT_FOUND', m.parcelNotInPickup(trackingId));
      return parcel;
    },
  };
  return service;
}
