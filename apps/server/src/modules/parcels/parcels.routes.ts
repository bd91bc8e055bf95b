import {
  exchangeCreateSchema,
  exchangeResultSchema,
  parcelCreateSchema,
  parcelDeletedSchema,
  parcelDetailSchema,
  parcelListQuerySchema,
  parcelListSchema,
  parcelMessages,
  parcelSchema,
} from '@dak/domain/parcel';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import { optionalIdempotencyHeaders } from './idempotency';
import type { ParcelsService } from './parcels.service';

const shopParams = z.object({ shopId: z.uuid() });
const parcelParams = shopParams.extend({ parcelId: z.uuid({ error: parcelMessages.notFound }) });
const bookingHeaders = optionalIdempotencyHeaders;

/** A shop's parcels: book, list, detail with the timeline, delete before pickup. */
export function parcelsRoutes(deps: { parcels: ParcelsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { parcels, guards } = deps;
    const tags = ['parcels'];
    const security = [{ bearer: [] }];

    r.post(
      '/shops/:shopId/parcels',
      {
        ...guards.shop('parcel.create'),
        schema: {
          tags,
          summary: 'Book a parcel (pickup_pending) with its charge under the shop’s plan',
          description:
            'Amounts are whole taka. With an Idempotency-Key, a retry of the same body answers with the ' +
            'first parcel and status (header idempotent-replayed: true); the same key with another body is ' +
            '409 IDEMPOTENCY_KEY_REUSED. 400 NO_ACTIVE_PICKUP_LOCATION when the shop has none.',
          security,
          params: shopParams,
          headers: bookingHeaders,
          body: parcelCreateSchema,
          response: { 200: parcelSchema, 201: parcelSchema },
        },
      },
      async (request, reply) => {
        const result = await parcels.create({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(result.statusCode as 201).send(result.parcel);
      },
    );

    r.post(
      '/shops/:shopId/parcels/exchange',
      {
        ...guards.shop('parcel.create'),
        schema: {
          tags,
          summary: 'Book an exchange: the forward parcel and its reverse leg, linked, in one transaction',
          description:
            'forwardParcelInfo is the forward leg (charged with the exchange surcharge). Without ' +
            'reverseParcelId the reverse leg is booked with it (same customer, pickup and area, no cash, no ' +
            'charge of its own); with it, that reverse parcel of the shop (waiting for pickup, same phone, ' +
            'not yet linked: 409 CONFLICT) becomes the leg. isReverseOnly books forwardParcelInfo as one ' +
            'reverse parcel (forward: null). Idempotency-Key as for a single booking.',
          security,
          params: shopParams,
          headers: bookingHeaders,
          body: exchangeCreateSchema,
          response: { 200: exchangeResultSchema, 201: exchangeResultSchema },
        },
      },
      async (request, reply) => {
        const { result, statusCode, replayed } = await parcels.createExchange({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        });
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(statusCode as 201).send({ ...result, message: parcelMessages.exchangeCreated });
      },
    );

    r.get(
      '/shops/:shopId/parcels',
      {
        ...guards.shop('parcel.view'),
        schema: {
          tags,
          summary:
            "The shop's parcels, newest first, with filters; q finds a tracking ID, invoice ID, phone or name",
          security,
          params: shopParams,
          querystring: parcelListQuerySchema,
          response: { 200: parcelListSchema },
        },
      },
      (request) => parcels.list(shopOf(request).shopId, request.query),
    );

    r.get(
      '/shops/:shopId/parcels/:parcelId',
      {
        ...guards.shop('parcel.view'),
        schema: {
          tags,
          summary: 'One parcel of the shop with its timeline of events',
          security,
          params: parcelParams,
          response: { 200: parcelDetailSchema },
        },
      },
      (request) => parcels.get(shopOf(request).shopId, request.params.parcelId),
    );

    r.delete(
      '/shops/:shopId/parcels/:parcelId',
      {
        ...guards.shop('parcel.edit'),
        schema: {
          tags,
          summary: 'Delete a parcel that is waiting for pickup (status and seller status become deleted)',
          description: '409 INVALID_TRANSITION once the parcel has left pickup.',
          security,
          params: parcelParams,
          response: { 200: parcelDeletedSchema },
        },
      },
      async (request) => ({
        ...(await parcels.remove({
          shopId: shopOf(request).shopId,
          parcelId: request.params.parcelId,
          userId: userOf(request).userId,
        })),
        message: parcelMessages.deleted,
      }),
    );
  };
}
