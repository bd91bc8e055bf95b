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
import { type Guards, staffOf } from '../../plugins/auth';
import type { HubWorkService } from './hub-work.service';
import { manifestPdf } from './manifest.pdf';

const secured = { security: [{ bearer: [] }] };
const tags = ['ops'];
const workerOf = (request: Parameters<typeof staffOf>[0]) => {
  const s = staffOf(request);
  return { staffId: s.staffId, role: s.role };
};

/**
 * Pickup assignment, the hub's scan-in, bags and line-haul trips (issue 5, parts 3 and 4), and
 * the rider's pickups. Hub staff act in their own hubs only; a rider on their own pickups only.
 */
export function hubWorkRoutes(deps: { hubWork: HubWorkService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { hubWork, guards } = deps;
    const hubStaff = guards.staff(roomRoles['hub-scan']);
    const tripParams = idParamsSchema('Trip');

    r.get(
      '/ops/pickups',
      {
        preValidation: guards.staff(roomRoles.pickups),
        schema: {
          tags,
          summary: "The day's pickups of a hub's area (today unless told), one row per pickup location",
          ...secured,
          querystring: pickupQuerySchema,
          response: { 200: pickupListSchema },
        },
      },
      (request) => hubWork.listPickups(workerOf(request), request.query.hubId, request.query.date),
    );
    r.put(
      '/ops/pickups',
      {
        preValidation: guards.staff(roomRoles.pickups),
        schema: {
          tags,
          summary: "Assign a location's pickup of the day to a rider of the hub (again to reassign)",
          ...secured,
          body: pickupAssignSchema,
          response: { 200: pickupLocationSummarySchema },
        },
      },
      (request) => hubWork.assignPickup(workerOf(request), request.body),
    );

    r.get(
      '/rider/pickups',
      {
        preValidation: guards.staff(['rider']),
        schema: {
          tags: ['rider'],
          summary: "The signed-in rider's pickups of today, each with its parcels",
          ...secured,
          response: { 200: riderPickupListSchema },
        },
      },
      (request) => hubWork.riderPickups(staffOf(request).staffId),
    );
    r.post(
      '/rider/pickups/:id/parcels',
      {
        preValidation: guards.staff(['rider']),
        schema: {
          tags: ['rider'],
          summary:
            'Tick a parcel of your pickup: picked up, or not handed over with a reason (status stays pickup_pending until the hub scans it in)',
          description:
            '404 for a pickup that is not yours or a parcel not in it; 409 PICKUP_ON_HOLD while the parcel waits for prepayment.',
          ...secured,
          params: idParamsSchema('Pickup'),
          body: pickupTickSchema,
          response: { 200: pickupTickResultSchema },
        },
      },
      (request) => hubWork.tick(staffOf(request).staffId, request.params.id, request.body),
    );

    r.post(
      '/ops/hub-scan',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary:
            'Scan a parcel in at a hub: first arrival → at_sorting; at its delivery hub → at_delivery_hub',
          description:
            '404 for an unknown code, 403 for a parcel not for this hub, 409 PICKUP_ON_HOLD or INVALID_TRANSITION; nothing changes on any refusal.',
          ...secured,
          body: scanRequestSchema,
          response: { 200: scanResultSchema },
        },
      },
      (request) => hubWork.scan(workerOf(request), request.body.hubId, request.body.code),
    );

    r.get(
      '/ops/bags',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: "A hub's open bags (not yet on a trip) with their parcels",
          ...secured,
          querystring: bagQuerySchema,
          response: { 200: bagListSchema },
        },
      },
      (request) => hubWork.listBags(workerOf(request), request.query.hubId),
    );
    r.post(
      '/ops/bags',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: 'Open a bag at a hub for a destination hub',
          ...secured,
          body: bagCreateSchema,
          response: { 201: bagSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await hubWork.createBag(workerOf(request), request.body.hubId, request.body.destinationHubId),
          ),
    );
    r.post(
      '/ops/bags/:id/parcels',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: "Put a scanned parcel into a bag (sorted at the bag's hub, going to its destination)",
          ...secured,
          params: idParamsSchema('Bag'),
          body: bagParcelSchema,
          response: { 200: bagSchema },
        },
      },
      (request) => hubWork.addToBag(workerOf(request), request.params.id, request.body.code),
    );

    r.get(
      '/ops/trips',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: "A hub's line-haul trips: outgoing (loading or gone) and incoming",
          ...secured,
          querystring: tripQuerySchema,
          response: { 200: tripListSchema },
        },
      },
      (request) => hubWork.listTrips(workerOf(request), request.query.hubId),
    );
    r.post(
      '/ops/trips',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: 'Load open bags onto a line-haul trip to their destination hub',
          ...secured,
          body: tripCreateSchema,
          response: { 201: tripSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await hubWork.createTrip(workerOf(request), request.body)),
    );
    r.get(
      '/ops/trips/:id',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: 'A trip with its manifest, and on receipt what arrived, what is missing and what is extra',
          ...secured,
          params: tripParams,
          response: { 200: tripSchema },
        },
      },
      (request) => hubWork.getTrip(workerOf(request), request.params.id),
    );
    r.get(
      '/ops/trips/:id/manifest',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: "The trip's manifest as a printable PDF (bags and parcels, with signature lines)",
          ...secured,
          params: tripParams,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const trip = await hubWork.getTrip(workerOf(request), request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${trip.code}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(await manifestPdf(trip));
      },
    );
    r.post(
      '/ops/trips/:id/dispatch',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: 'The trip leaves: every parcel in its bags goes in_transit (all or none)',
          ...secured,
          params: tripParams,
          response: { 200: tripSchema },
        },
      },
      (request) => hubWork.dispatchTrip(workerOf(request), request.params.id),
    );
    r.post(
      '/ops/trips/:id/receive-scans',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: 'Scan a parcel off an arrived trip: in the manifest → at_delivery_hub; otherwise extra',
          ...secured,
          params: tripParams,
          body: tripScanSchema,
          response: { 200: tripScanResultSchema },
        },
      },
      (request) => hubWork.receiveScan(workerOf(request), request.params.id, request.body.code),
    );
    r.post(
      '/ops/trips/:id/receive',
      {
        preValidation: hubStaff,
        schema: {
          tags,
          summary: 'Finish the receipt: lists the missing (in the manifest, not scanned) and extra parcels',
          ...secured,
          params: tripParams,
          response: { 200: tripSchema },
        },
      },
      (request) => hubWork.finishReceipt(workerOf(request), request.params.id),
    );
  };
}
