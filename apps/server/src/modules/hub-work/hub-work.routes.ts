import type { Trip } from '@dak/domain/hub-work';
import {
  bagCreateSchema,
  bagListSchema,
  bagParcelSchema,
  bagQuerySchema,
  bagSchema,
  idParamsSchema,
  pickupAssignSchema,
  pickupListSchema,
  pickupLocationSummarySchema,
  pickupQuerySchema,
  pickupTickResultSchema,
  pickupTickSchema,
  riderPickupListSchema,
  scanRequestSchema,
  scanResultSchema,
  tripCreateSchema,
  tripListSchema,
  tripQuerySchema,
  tripScanResultSchema,
  tripScanSchema,
  tripSchema,
} from '@dak/domain/hub-work';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoute } from '../../lib/staff-route';
import type { StaffScope } from '../../lib/staff-scope';
import { type Guards, staffOf } from '../../plugins/auth';
import type { HubWorkService } from './hub-work.service';
import { manifestPdf } from './manifest.pdf';

const tags = ['ops'];

/**
 * Pickup assignment, the hub's scan-in, bags and line-haul trips (issue 5, parts 3 and 4), and
 * the rider's pickups. Hub staff act in their own hubs only (their staff scope); a rider on their
 * own pickups only.
 */
export function hubWorkRoutes(deps: { hubWork: HubWorkService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { hubWork, guards } = deps;
    const pickups = guards.staff(roomRoles.pickups);
    const riders = guards.staff(['rider']);
    const hubStaff = guards.staff(roomRoles['hub-scan']);
    const hub = <S extends object>(summary: string, schema: S) => staffRoute(hubStaff, tags, summary, schema);
    const rider = <S extends object>(summary: string, schema: S) =>
      staffRoute(riders, ['rider'], summary, schema);
    const trip = { params: idParamsSchema('Trip') };
    /** A route on one trip that answers the trip. */
    const tripRoute = (
      method: 'GET' | 'POST',
      url: string,
      summary: string,
      act: (w: StaffScope, id: string) => Promise<Trip>,
    ) =>
      r.route({
        method,
        url,
        ...hub(summary, { ...trip, response: { 200: tripSchema } }),
        handler: (request) => act(staffOf(request), request.params.id),
      });

    r.get(
      '/ops/pickups',
      staffRoute(
        pickups,
        tags,
        "The day's pickups of a hub's area (today unless told), one row per pickup location",
        {
          querystring: pickupQuerySchema,
          response: { 200: pickupListSchema },
        },
      ),
      (request) => hubWork.listPickups(staffOf(request), request.query.hubId, request.query.date),
    );
    r.put(
      '/ops/pickups',
      staffRoute(
        pickups,
        tags,
        "Assign a location's pickup of the day to a rider of the hub (again to reassign)",
        {
          body: pickupAssignSchema,
          response: { 200: pickupLocationSummarySchema },
        },
      ),
      (request) => hubWork.assignPickup(staffOf(request), request.body),
    );

    r.get(
      '/rider/pickups',
      rider("The signed-in rider's pickups of today, each with its parcels", {
        response: { 200: riderPickupListSchema },
      }),
      (request) => hubWork.riderPickups(staffOf(request).staffId),
    );
    r.post(
      '/rider/pickups/:id/parcels',
      rider(
        'Tick a parcel of your pickup: picked up, or not handed over with a reason (status stays pickup_pending until the hub scans it in)',
        {
          description:
            '404 for a pickup that is not yours or a parcel not in it; 409 PICKUP_ON_HOLD while the parcel waits for prepayment.',
          params: idParamsSchema('Pickup'),
          body: pickupTickSchema,
          response: { 200: pickupTickResultSchema },
        },
      ),
      (request) => hubWork.tick(staffOf(request).staffId, request.params.id, request.body),
    );

    r.post(
      '/ops/hub-scan',
      hub('Scan a parcel in at a hub: first arrival → at_sorting; at its delivery hub → at_delivery_hub', {
        description:
          '404 for an unknown code, 403 for a parcel not for this hub, 409 PICKUP_ON_HOLD or INVALID_TRANSITION; nothing changes on any refusal.',
        body: scanRequestSchema,
        response: { 200: scanResultSchema },
      }),
      (request) => hubWork.scan(staffOf(request), request.body.hubId, request.body.code),
    );

    r.get(
      '/ops/bags',
      hub("A hub's open bags (not yet on a trip) with their parcels", {
        querystring: bagQuerySchema,
        response: { 200: bagListSchema },
      }),
      (request) => hubWork.listBags(staffOf(request), request.query.hubId),
    );
    r.post(
      '/ops/bags',
      hub('Open a bag at a hub for a destination hub', {
        body: bagCreateSchema,
        response: { 201: bagSchema },
      }),
      async (request, reply) => {
        const { hubId, destinationHubId } = request.body;
        return reply.code(201).send(await hubWork.createBag(staffOf(request), hubId, destinationHubId));
      },
    );
    r.post(
      '/ops/bags/:id/parcels',
      hub("Put a scanned parcel into a bag (sorted at the bag's hub, going to its destination)", {
        params: idParamsSchema('Bag'),
        body: bagParcelSchema,
        response: { 200: bagSchema },
      }),
      (request) => hubWork.addToBag(staffOf(request), request.params.id, request.body.code),
    );

    r.get(
      '/ops/trips',
      hub("A hub's line-haul trips: outgoing (loading or gone) and incoming", {
        querystring: tripQuerySchema,
        response: { 200: tripListSchema },
      }),
      (request) => hubWork.listTrips(staffOf(request), request.query.hubId),
    );
    r.post(
      '/ops/trips',
      hub('Load open bags onto a line-haul trip to their destination hub', {
        body: tripCreateSchema,
        response: { 201: tripSchema },
      }),
      async (request, reply) =>
        reply.code(201).send(await hubWork.createTrip(staffOf(request), request.body)),
    );
    tripRoute(
      'GET',
      '/ops/trips/:id',
      'A trip with its manifest, and on receipt what arrived, what is missing and what is extra',
      hubWork.getTrip,
    );
    r.get(
      '/ops/trips/:id/manifest',
      hub("The trip's manifest as a printable PDF (bags and parcels, with signature lines)", {
        ...trip,
        produces: ['application/pdf'],
      }),
      async (request, reply) => {
        const found = await hubWork.getTrip(staffOf(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${found.code}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(await manifestPdf(found));
      },
    );
    tripRoute(
      'POST',
      '/ops/trips/:id/dispatch',
      'The trip leaves: every parcel in its bags goes in_transit (all or none)',
      hubWork.dispatchTrip,
    );
    r.post(
      '/ops/trips/:id/receive-scans',
      hub('Scan a parcel off an arrived trip: in the manifest → at_delivery_hub; otherwise extra', {
        ...trip,
        body: tripScanSchema,
        response: { 200: tripScanResultSchema },
      }),
      (request) => hubWork.receiveScan(staffOf(request), request.params.id, request.body.code),
    );
    tripRoute(
      'POST',
      '/ops/trips/:id/receive',
      'Finish the receipt: lists the missing (in the manifest, not scanned) and extra parcels',
      hubWork.finishReceipt,
    );
  };
}
