import {
  deliveryProofMaxBytes,
  deliveryProofSchema,
  deliveryRunCreatedSchema,
  deliveryRunCreateSchema,
  deliveryRunListQuerySchema,
  deliveryRunListSchema,
  riderDeliverSchema,
  riderFailSchema,
  riderMoveResultSchema,
  riderRunSchema,
  runCandidatesQuerySchema,
  runCandidatesSchema,
} from '@dak/domain/delivery-runs';
import { parcelMessages } from '@dak/domain/parcel';
import { roomRoles } from '@dak/domain/staff-rooms';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOneFile } from '../../lib/multipart-upload';
import { staffRoute } from '../../lib/staff-route';
import { type Guards, shopOf, staffOf } from '../../plugins/auth';
import type { DeliveryRunsService, ProofUpload } from './delivery-runs.service';

const parcelParams = z.object({ trackingId: z.string().min(1).max(40) });

/** Reads the proof form (multipart, one file `photo`) into memory, cut off past the limit. */
function readProof(request: FastifyRequest): Promise<ProofUpload> {
  return readOneFile(request, {
    field: 'photo',
    maxBytes: deliveryProofMaxBytes,
    notMultipart: 'Send the photo as multipart/form-data with the file photo',
    tooMany: 'Send one photo',
  });
}

/** A proof photo's bytes, never cached outside the browser that asked. */
const sendPhoto = (reply: FastifyReply, file: { bytes: Uint8Array; contentType: string }) =>
  reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .send(file.bytes);

/** Delivery runs: the hub's screen (ops) and the rider's phone view (rider). */
export function deliveryRunsRoutes(deps: { runs: DeliveryRunsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { runs, guards } = deps;
    const managers = guards.staff(roomRoles.runs);
    const riders = guards.staff(['rider']);
    const ops = <S extends object>(summary: string, schema: S) =>
      staffRoute(managers, ['ops'], summary, schema);
    const rider = <S extends object>(summary: string, schema: S) =>
      staffRoute(riders, ['rider'], summary, schema);

    r.get(
      '/ops/delivery-runs',
      ops("A hub's delivery runs of a day (today in Dhaka unless told)", {
        querystring: deliveryRunListQuerySchema,
        response: { 200: deliveryRunListSchema },
      }),
      (request) => runs.listRuns(staffOf(request), request.query.hubId, request.query.date),
    );

    r.get(
      '/ops/delivery-runs/candidates',
      ops('Parcels of a hub that may go on a run (at the delivery hub, or after a failed attempt)', {
        querystring: runCandidatesQuerySchema,
        response: { 200: runCandidatesSchema },
      }),
      (request) => runs.candidates(staffOf(request), request.query.hubId),
    );

    r.post(
      '/ops/delivery-runs',
      ops(
        "Put parcels on a rider's run of today; each goes out for delivery and its customer gets the code",
        {
          description:
            'Hub managers for riders of their hubs, admins for any. Each parcel is its own move (at the ' +
            "run's hub, at_delivery_hub or delivery_attempted → out_for_delivery); a refused one does not " +
            'stop the rest. The customer is sent the rider’s name and phone, a 4-digit delivery OTP and the tracking link.',
          body: deliveryRunCreateSchema,
          response: { 200: deliveryRunCreatedSchema },
        },
      ),
      (request) => runs.createRun(staffOf(request), request.body),
    );

    r.get(
      '/rider/run',
      rider("The signed-in rider's run: today's parcels, those still open, and cash collected today", {
        response: { 200: riderRunSchema },
      }),
      (request) => runs.riderRun(staffOf(request).staffId),
    );

    r.post(
      '/rider/parcels/:trackingId/deliver',
      rider(
        "Deliver a parcel of the rider's run: the customer's OTP or a photo proof, and the amount collected",
        {
          description:
            `A wrong or expired OTP is refused and counted; after 5 wrong tries the OTP is locked and only a ` +
            'photo proof (POST /rider/proofs) closes the parcel. The amount is whole taka, 0 … cash to collect.',
          params: parcelParams,
          body: riderDeliverSchema,
          response: { 200: riderMoveResultSchema },
        },
      ),
      (request) => runs.deliver(staffOf(request).staffId, request.params.trackingId, request.body),
    );

    r.post(
      '/rider/parcels/:trackingId/fail',
      rider("Record a failed delivery attempt of a parcel of the rider's run, with a reason from the list", {
        params: parcelParams,
        body: riderFailSchema,
        response: { 200: riderMoveResultSchema },
      }),
      (request) => runs.fail(staffOf(request).staffId, request.params.trackingId, request.body.reason),
    );

    r.post(
      '/rider/proofs',
      rider(
        'Upload a proof-of-delivery photo (multipart file `photo`: JPEG, PNG or WebP, ≤ 5 MB, checked by content)',
        { consumes: ['multipart/form-data'], response: { 201: deliveryProofSchema } },
      ),
      async (request, reply) => {
        const upload = await readProof(request);
        return reply.status(201).send(await runs.uploadProof(staffOf(request).staffId, upload));
      },
    );

    r.get(
      '/shops/:shopId/parcels/:parcelId/proof',
      {
        ...guards.shop('parcel.view'),
        schema: {
          tags: ['parcels'],
          summary: 'The photo the rider took as proof of delivery (image), for the shop whose parcel it is',
          description: '404 when the parcel is not the shop’s or was delivered without a photo.',
          security: [{ bearer: [] }],
          params: z.object({
            shopId: z.uuid(),
            parcelId: z.uuid({ error: parcelMessages.notFound }),
          }),
        },
      },
      async (request, reply) =>
        sendPhoto(reply, await runs.proofForShop(shopOf(request).shopId, request.params.parcelId)),
    );

    r.get(
      '/ops/parcels/:trackingId/proof',
      staffRoute(
        guards.staff(roomRoles.parcelProof),
        ['ops'],
        'A delivered parcel’s photo proof (image); hub managers for parcels of their hubs',
        { params: parcelParams },
      ),
      async (request, reply) =>
        sendPhoto(reply, await runs.proofForStaff(staffOf(request), request.params.trackingId)),
    );
  };
}
