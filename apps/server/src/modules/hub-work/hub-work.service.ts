import type { StaffRole } from '@dak/domain/auth';
import {
  type Bag,
  hubWorkMessages as m,
  type PickupList,
  type PickupMissedReason,
  pickupEventReasons,
  type RiderPickup,
  type ScanResult,
  type Trip,
} from '@dak/domain/hub-work';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { pickupDate } from '@dak/domain/pricing';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import {
  type LockedParcel,
  type ParcelTransitionsService,
  recordStatusNote,
} from '../parcel-transitions/parcel-transitions.service';

export type HubWorker = { staffId: string; role: StaffRole };

const taka = (poisha: number | string) => Number(poisha) / 100;
const pickupStatuses: ParcelStatus[] = ['pickup_pending', 'pickup_hold'];

/**
 * Pickups, scan-in, bags and line-haul trips (issue 5, parts 3 and 4). Every status change goes
 * through the transitions service (lock, status machine, event); this module decides which move
 * a scan means and keeps the hub's own records (pickups, bags, trips, receipt scans).
 */
export function createHubWorkService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  transitions: ParcelTransitionsService;
}) {
  const { db, clock, transitions } = deps;
  const actorOf = (w: HubWorker) => ({ kind: 'staff' as const, staffId: w.staffId, role: w.role });
  /**
   * The pickup day being planned: today before the 15:00 cut-off, tomorrow from then on (the
   * day parcels booked now are collected).
   */
  const today = () => pickupDate(clock.now());
  /** The calendar day in Dhaka (UTC+6). */
  const dhakaDay = () => new Date(clock.now().getTime() + 6 * 3600 * 1000).toISOString().slice(0, 10);

  /** A hub manager works only in their hubs; an admin anywhere. */
  async function assertHub(w: HubWorker, hubId: string) {
    const hub = await db.selectFrom('hubs').select('id').where('id', '=', hubId).executeTakeFirst();
    if (!hub) throw new AppError('NOT_FOUND', 'Hub not found', { field: 'hubId' });
    if (w.role === 'admin') return;
    const hubs = await transitions.hubsOf(w.staffId);
    if (!hubs.includes(hubId)) throw new AppError('FORBIDDEN', m.notYourHub, { hubId });
  }

  /** `trx`: inside a transaction, read on it (never a second connection while it holds one). */
  async function hubName(id: string, trx: Kysely<DB> | Transaction<DB> = db) {
    const h = await trx
      .selectFrom('hubs')
      .select(['id', 'name_en', 'name_bn'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id: h.id, name: { en: h.name_en, bn: h.name_bn } };
  }

  /** The parcel a scanned code names, locked; unknown codes change nothing. */
  async function lockByCode(trx: Transaction<DB>, code: string): Promise<LockedParcel> {
    const trackingId = normalizeTrackingId(code);
    const parcel = trackingId ? await transitions.lockParcel(trx, trackingId) : undefined;
    if (!parcel) throw new AppError('NOT_FOUND', m.unknownCode(code.slice(0, 60)), { code });
    return parcel;
  }

  // Pickups -------------------------------------------------------------------------------------

  /**
   * The parcels a pickup covers: the location's parcels still waiting for pickup whose pickup
   * day is the pickup's day or earlier (one not handed over yesterday is collected today).
   */
  function pickupParcels(locationId: string, date: string) {
    return db
      .selectFrom('parcels as p')
      .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
      .select([
        'p.id',
        'p.tracking_id',
        'p.status',
        'p.customer_name',
        'p.cash_collection_poisha',
        'a.name_en',
        'a.name_bn',
      ])
      .where('p.pickup_location_id', '=', locationId)
      .where('p.status', 'in', pickupStatuses)
      .where('p.pickup_date', '<=', date)
      .orderBy('p.created_at');
  }

  async function ticksOf(pickupId: string | null) {
    if (!pickupId) return new Map<string, { picked_up: boolean; reason: string | null }>();
    const rows = await db
      .selectFrom('pickup_items')
      .select(['parcel_id', 'picked_up', 'reason'])
      .where('pickup_id', '=', pickupId)
      .execute();
    return new Map(rows.map((r) => [r.parcel_id, r]));
  }

  async function riderPickup(pickupId: string): Promise<RiderPickup> {
    const row = await db
      .selectFrom('pickups as k')
      .innerJoin('pickup_locations as l', 'l.id', 'k.pickup_location_id')
      .innerJoin('areas as a', 'a.id', 'l.area_id')
      .innerJoin('shops as s', 's.id', 'l.shop_id')
      .select([
        'k.id',
        'k.pickup_date',
        'k.pickup_location_id',
        'l.name',
        'l.address',
        'l.phone',
        'a.name_en',
        'a.name_bn',
        's.id as shop_id',
        's.name as shop_name',
      ])
      .where('k.id', '=', pickupId)
      .executeTakeFirstOrThrow();
    const date = String(row.pickup_date);
    const [parcels, ticks] = await Promise.all([
      pickupParcels(row.pickup_location_id, date).execute(),
      ticksOf(row.id),
    ]);
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
        const tick = ticks.get(p.id);
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

  // Bags and trips --------------------------------------------------------------------------------

  async function bagsWhere(where: { id?: string; originHubId?: string; open?: boolean; tripIds?: string[] }) {
    let q = db
      .selectFrom('bags as b')
      .innerJoin('hubs as o', 'o.id', 'b.origin_hub_id')
      .innerJoin('hubs as d', 'd.id', 'b.destination_hub_id')
      .select([
        'b.id',
        'b.code',
        'b.trip_id',
        'b.created_at',
        'o.id as o_id',
        'o.name_en as o_en',
        'o.name_bn as o_bn',
        'd.id as d_id',
        'd.name_en as d_en',
        'd.name_bn as d_bn',
      ])
      .orderBy('b.created_at');
    if (where.id) q = q.where('b.id', '=', where.id);
    if (where.originHubId) q = q.where('b.origin_hub_id', '=', where.originHubId);
    if (where.open) q = q.where('b.trip_id', 'is', null);
    if (where.tripIds) {
      if (where.tripIds.length === 0) return [];
      q = q.where('b.trip_id', 'in', where.tripIds);
    }
    const bags = await q.execute();
    const contents = bags.length
      ? await db
          .selectFrom('bag_parcels as bp')
          .innerJoin('parcels as p', 'p.id', 'bp.parcel_id')
          .select(['bp.bag_id', 'p.tracking_id', 'p.status'])
          .where(
            'bp.bag_id',
            'in',
            bags.map((b) => b.id),
          )
          .orderBy('bp.added_at')
          .execute()
      : [];
    return bags.map(
      (b): Bag => ({
        id: b.id,
        code: b.code,
        origin: { id: b.o_id, name: { en: b.o_en, bn: b.o_bn } },
        destination: { id: b.d_id, name: { en: b.d_en, bn: b.d_bn } },
        tripId: b.trip_id,
        parcels: contents
          .filter((c) => c.bag_id === b.id)
          .map((c) => ({ trackingId: c.tracking_id, status: c.status as ParcelStatus })),
        createdAt: b.created_at,
      }),
    );
  }

  async function tripsWhere(where: { id?: string; origin?: string; destination?: string }): Promise<Trip[]> {
    let q = db
      .selectFrom('line_haul_trips as t')
      .innerJoin('hubs as o', 'o.id', 't.origin_hub_id')
      .innerJoin('hubs as d', 'd.id', 't.destination_hub_id')
      .selectAll('t')
      .select(['o.name_en as o_en', 'o.name_bn as o_bn', 'd.name_en as d_en', 'd.name_bn as d_bn'])
      .orderBy('t.created_at', 'desc')
      .limit(50);
    if (where.id) q = q.where('t.id', '=', where.id);
    if (where.origin) q = q.where('t.origin_hub_id', '=', where.origin);
    if (where.destination)
      q = q.where('t.destination_hub_id', '=', where.destination).where('t.status', '!=', 'loading');
    const trips = await q.execute();
    const bags = await bagsWhere({ tripIds: trips.map((t) => t.id) });
    const scans = trips.length
      ? await db
          .selectFrom('trip_receipt_scans as s')
          .leftJoin('parcels as p', 'p.id', 's.parcel_id')
          .select(['s.trip_id', 's.code', 's.in_manifest', 'p.tracking_id'])
          .where(
            's.trip_id',
            'in',
            trips.map((t) => t.id),
          )
          .orderBy('s.id')
          .execute()
      : [];
    return trips.map((t) => {
      const mine = bags.filter((b) => b.tripId === t.id);
      const manifest = mine.flatMap((b) => b.parcels.map((p) => p.trackingId));
      const tripScans = scans.filter((s) => s.trip_id === t.id);
      const received = [
        ...new Set(tripScans.filter((s) => s.in_manifest).map((s) => s.tracking_id ?? s.code)),
      ];
      const extra = [...new Set(tripScans.filter((s) => !s.in_manifest).map((s) => s.tracking_id ?? s.code))];
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
        extra,
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
    const hubs = w.role === 'admin' ? null : await transitions.hubsOf(w.staffId);
    const ok = (hubId: string) => !hubs || hubs.includes(hubId);
    const allowed =
      side === 'origin'
        ? ok(t.origin.id)
        : side === 'destination'
          ? ok(t.destination.id)
          : ok(t.origin.id) || ok(t.destination.id);
    // Another hub's trip is not shown to a hub manager: the same answer as an unknown one.
    if (!allowed) throw new AppError('NOT_FOUND', m.tripNotFound);
    return t;
  }

  async function nextCode(
    seq: 'bag_code_seq' | 'trip_code_seq',
    prefix: string,
    hubId: string,
    trx: Kysely<DB> | Transaction<DB> = db,
  ) {
    const { rows } = await sql<{ n: string }>`select nextval(${seq}) as n`.execute(trx);
    const hub = hubId.replace(/^hub-/, '').toUpperCase().slice(0, 12);
    return `${prefix}-${hub}-${String(rows[0]?.n ?? 0).padStart(5, '0')}`;
  }

  return {
    // Pickups -----------------------------------------------------------------------------------

    /** Today's (or the day's) pickups of a hub's area, one row per location, with counts. */
    async listPickups(w: HubWorker, hubId: string, date = today()): Promise<PickupList> {
      await assertHub(w, hubId);
      const rows = await db
        .selectFrom('parcels as p')
        .innerJoin('pickup_locations as l', 'l.id', 'p.pickup_location_id')
        .innerJoin('areas as a', 'a.id', 'l.area_id')
        .innerJoin('shops as s', 's.id', 'l.shop_id')
        .leftJoin('pickups as k', (j) =>
          j.onRef('k.pickup_location_id', '=', 'l.id').on('k.pickup_date', '=', date),
        )
        .leftJoin('pickup_items as i', (j) =>
          j.onRef('i.pickup_id', '=', 'k.id').onRef('i.parcel_id', '=', 'p.id'),
        )
        .leftJoin('staff as r', 'r.id', 'k.rider_id')
        .select((eb) => [
          'l.id as location_id',
          'l.name',
          'l.address',
          'l.phone',
          's.id as shop_id',
          's.name as shop_name',
          'a.id as area_id',
          'a.name_en',
          'a.name_bn',
          'k.id as pickup_id',
          'r.id as rider_id',
          'r.name as rider_name',
          'r.phone as rider_phone',
          eb.fn.countAll<number>().as('total'),
          sql<number>`count(*) filter (where p.status = 'pickup_hold')::int`.as('on_hold'),
          sql<number>`count(*) filter (where i.picked_up)::int`.as('collected'),
          sql<number>`count(*) filter (where i.picked_up = false)::int`.as('missed'),
        ])
        .where('a.hub_id', '=', hubId)
        .where('p.status', 'in', pickupStatuses)
        .where('p.pickup_date', '<=', date)
        .groupBy(['l.id', 's.id', 'a.id', 'k.id', 'r.id'])
        .orderBy('a.name_en')
        .orderBy('l.name')
        .execute();
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
      await assertHub(w, input.hubId);
      const date = input.date ?? today();
      const location = await db
        .selectFrom('pickup_locations as l')
        .innerJoin('areas as a', 'a.id', 'l.area_id')
        .select(['l.id', 'a.hub_id'])
        .where('l.id', '=', input.pickupLocationId)
        .executeTakeFirst();
      if (!location || location.hub_id !== input.hubId) {
        throw new AppError('NOT_FOUND', 'Pickup location not found', { field: 'pickupLocationId' });
      }
      const rider = await db
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as h', 'h.staff_id', 's.id')
        .select('s.id')
        .where('s.id', '=', input.riderId)
        .where('s.role', '=', 'rider')
        .where('s.active', '=', true)
        .where('h.hub_id', '=', input.hubId)
        .executeTakeFirst();
      if (!rider) throw new AppError('VALIDATION_FAILED', m.riderNotInHub, { field: 'riderId' });
      const waiting = await pickupParcels(location.id, date).executeTakeFirst();
      if (!waiting) throw new AppError('VALIDATION_FAILED', m.nothingToPickUp, { field: 'pickupLocationId' });
      const now = clock.now();
      await db
        .insertInto('pickups')
        .values({
          pickup_location_id: location.id,
          pickup_date: date,
          hub_id: input.hubId,
          rider_id: rider.id,
          assigned_by: w.staffId,
          assigned_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['pickup_location_id', 'pickup_date'])
            .doUpdateSet({ rider_id: rider.id, assigned_by: w.staffId, assigned_at: now }),
        )
        .execute();
      return (await this.listPickups(w, input.hubId, date)).items.find(
        (i) => i.pickupLocationId === location.id,
      ) as PickupList['items'][number];
    },

    /**
     * The rider's pickups of today (and, after the cut-off, tomorrow's already given to them),
     * each with its parcels and their ticks.
     */
    async riderPickups(riderId: string) {
      const date = dhakaDay();
      const rows = await db
        .selectFrom('pickups')
        .select('id')
        .where('rider_id', '=', riderId)
        .where('pickup_date', '>=', date)
        .where('pickup_date', '<=', today())
        .orderBy('pickup_date')
        .orderBy('assigned_at')
        .execute();
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
      const pickup = await db
        .selectFrom('pickups')
        .selectAll()
        .where('id', '=', pickupId)
        .where('rider_id', '=', riderId)
        .executeTakeFirst();
      // Another rider's pickup answers as an unknown one: nothing about it leaks.
      if (!pickup) throw new AppError('NOT_FOUND', m.pickupNotFound);
      const trackingId = normalizeTrackingId(input.trackingId) ?? input.trackingId;
      await db.transaction().execute(async (trx) => {
        const parcel = await transitions.lockParcel(trx, trackingId);
        const row = parcel
          ? await trx
              .selectFrom('parcels')
              .select(['pickup_location_id', 'pickup_date'])
              .where('id', '=', parcel.id)
              .executeTakeFirstOrThrow()
          : null;
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
        await trx
          .insertInto('pickup_items')
          .values({ pickup_id: pickup.id, parcel_id: parcel.id, picked_up: input.pickedUp, reason, at: now })
          .onConflict((oc) =>
            oc
              .columns(['pickup_id', 'parcel_id'])
              .doUpdateSet({ picked_up: input.pickedUp, reason, at: now }),
          )
          .execute();
        await recordStatusNote(trx, {
          parcelId: parcel.id,
          status: parcel.status,
          at: now,
          actorStaffId: riderId,
          reason: input.pickedUp ? pickupEventReasons.collected : pickupEventReasons.missed,
          note: reason,
          hubId: pickup.hub_id,
        });
      });
      const view = await riderPickup(pickup.id);
      const parcel = view.parcels.find((p) => p.trackingId === trackingId);
      if (!parcel) throw new AppError('NOT_FOUND', m.parcelNotInPickup(trackingId));
      return parcel;
    },

    // Scan-in ----------------------------------------------------------------------------------

    /**
     * A code scanned at a hub's door: first arrival (from a pickup rider or the merchant's own
     * hand-in) → `at_sorting`; arrival at the parcel's delivery hub → `at_delivery_hub`. A parcel
     * already where the scan would put it is reported, not moved; one that has nothing to do with
     * this hub is refused and left alone.
     */
    async scan(w: HubWorker, hubId: string, code: string): Promise<ScanResult> {
      await assertHub(w, hubId);
      const outcome = await db.transaction().execute(async (trx) => {
        const parcel = await lockByCode(trx, code);
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
      const dest = await hubName(outcome.parcel.delivery_hub_id);
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

    // Bags ---------------------------------------------------------------------------------------

    async listBags(w: HubWorker, hubId: string) {
      await assertHub(w, hubId);
      return { items: await bagsWhere({ originHubId: hubId, open: true }) };
    },

    async createBag(w: HubWorker, hubId: string, destinationHubId: string) {
      await assertHub(w, hubId);
      if (hubId === destinationHubId)
        throw new AppError('VALIDATION_FAILED', m.sameHub, { field: 'destinationHubId' });
      const dest = await db
        .selectFrom('hubs')
        .select('id')
        .where('id', '=', destinationHubId)
        .executeTakeFirst();
      if (!dest) throw new AppError('NOT_FOUND', 'Hub not found', { field: 'destinationHubId' });
      const row = await db
        .insertInto('bags')
        .values({
          code: await nextCode('bag_code_seq', 'BAG', hubId),
          origin_hub_id: hubId,
          destination_hub_id: destinationHubId,
          created_by: w.staffId,
          created_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await bagsWhere({ id: row.id }))[0] as Bag;
    },

    /** Puts a scanned parcel into an open bag: it must be sorted here and go to the bag's hub. */
    async addToBag(w: HubWorker, bagId: string, code: string) {
      const [bag] = await bagsWhere({ id: bagId });
      if (!bag) throw new AppError('NOT_FOUND', m.bagNotFound);
      const hubs = w.role === 'admin' ? null : await transitions.hubsOf(w.staffId);
      if (hubs && !hubs.includes(bag.origin.id)) throw new AppError('NOT_FOUND', m.bagNotFound);
      if (bag.tripId) throw new AppError('CONFLICT', m.bagInTrip);
      await db.transaction().execute(async (trx) => {
        const parcel = await lockByCode(trx, code);
        const id = parcel.tracking_id;
        if (parcel.status !== 'at_sorting' || parcel.pickup_hub_id !== bag.origin.id) {
          throw new AppError('CONFLICT', m.notSorted(id), { trackingId: id, status: parcel.status });
        }
        if (parcel.delivery_hub_id !== bag.destination.id) {
          const hub = await hubName(parcel.delivery_hub_id, trx);
          throw new AppError('CONFLICT', m.bagWrongDestination(id, hub.name.en), { trackingId: id });
        }
        const already = await trx
          .selectFrom('bag_parcels as bp')
          .innerJoin('bags as b', 'b.id', 'bp.bag_id')
          .select('b.code')
          .where('bp.parcel_id', '=', parcel.id)
          .where('b.origin_hub_id', '=', bag.origin.id)
          .where((eb) =>
            eb.or([
              eb('b.trip_id', 'is', null),
              eb.exists(
                eb
                  .selectFrom('line_haul_trips as t')
                  .select('t.id')
                  .whereRef('t.id', '=', 'b.trip_id')
                  .where('t.status', '=', 'loading'),
              ),
            ]),
          )
          .executeTakeFirst();
        if (already) throw new AppError('CONFLICT', m.alreadyBagged(id, already.code), { trackingId: id });
        await trx
          .insertInto('bag_parcels')
          .values({ bag_id: bag.id, parcel_id: parcel.id, added_at: clock.now(), added_by: w.staffId })
          .execute();
      });
      return (await bagsWhere({ id: bag.id }))[0] as Bag;
    },

    // Trips --------------------------------------------------------------------------------------

    async listTrips(w: HubWorker, hubId: string) {
      await assertHub(w, hubId);
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
      await assertHub(w, input.hubId);
      if (input.hubId === input.destinationHubId) {
        throw new AppError('VALIDATION_FAILED', m.sameHub, { field: 'destinationHubId' });
      }
      const ids = [...new Set(input.bagIds)];
      const id = await db.transaction().execute(async (trx) => {
        const bags = await trx
          .selectFrom('bags')
          .select(['id'])
          .where('id', 'in', ids)
          .where('origin_hub_id', '=', input.hubId)
          .where('destination_hub_id', '=', input.destinationHubId)
          .where('trip_id', 'is', null)
          .forUpdate()
          .execute();
        if (bags.length !== ids.length)
          throw new AppError('VALIDATION_FAILED', m.tripBagsInvalid, { field: 'bagIds' });
        const trip = await trx
          .insertInto('line_haul_trips')
          .values({
            code: await nextCode('trip_code_seq', 'TRIP', input.hubId, trx),
            origin_hub_id: input.hubId,
            destination_hub_id: input.destinationHubId,
            vehicle: input.vehicle || null,
            created_by: w.staffId,
            created_at: clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('bags').set({ trip_id: trip.id }).where('id', 'in', ids).execute();
        return trip.id;
      });
      return trip(id);
    },

    /** The trip leaves: every parcel in its bags goes `in_transit`, all or none. */
    async dispatchTrip(w: HubWorker, id: string) {
      const t = await tripFor(w, id, 'origin');
      if (t.status !== 'loading') throw new AppError('CONFLICT', m.tripNotLoading);
      const ids = t.bags.flatMap((b) => b.parcels.map((p) => p.trackingId));
      if (ids.length === 0) throw new AppError('CONFLICT', m.tripEmpty);
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('line_haul_trips')
          .set({ status: 'dispatched', dispatched_at: clock.now(), dispatched_by: w.staffId })
          .where('id', '=', id)
          .where('status', '=', 'loading')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new AppError('CONFLICT', m.tripNotLoading);
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
      const manifest = new Set(t.bags.flatMap((b) => b.parcels.map((p) => p.trackingId)));
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
        await trx
          .insertInto('trip_receipt_scans')
          .values({
            trip_id: id,
            code: parcel?.tracking_id ?? code.slice(0, 100),
            parcel_id: parcel?.id ?? null,
            in_manifest: inManifest,
            at: clock.now(),
            scanned_by: w.staffId,
          })
          .execute();
        return { code, trackingId: parcel?.tracking_id ?? null, inManifest, changed, message };
      });
    },

    /** Closes the receipt: what was in the manifest and not scanned is missing; extras stand. */
    async finishReceipt(w: HubWorker, id: string) {
      const t = await tripFor(w, id, 'destination');
      if (t.status !== 'dispatched') throw new AppError('CONFLICT', m.tripNotDispatched);
      await db
        .updateTable('line_haul_trips')
        .set({ status: 'received', received_at: clock.now(), received_by: w.staffId })
        .where('id', '=', id)
        .where('status', '=', 'dispatched')
        .execute();
      return trip(id);
    },
  };
}

export type HubWorkService = ReturnType<typeof createHubWorkService>;
