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
import { curlExample } from '../../lib/curl-example';
import { plainJsonSerializer } from '../../lib/json-answer';
import { type Guards, shopOf } from '../../plugins/auth';
import { optionalIdempotencyHeaders, sendIdempotent } from './idempotency';
import type { ParcelsService } from './parcels.service';
import { bookingOf, exampleBooking, merchantOf, parcelParams, shopParams, shopRoute } from './route-options';

/** The list page's answer (issue 16): the schema's fields in order, as zod's encode writes them. */
export const serialiseParcelList = plainJsonSerializer(parcelListSchema);

/** Which of these routes a shop's API key may call (issue 15): the developer API's parcels. */
const writeKeys = { apiKey: 'parcels:write' } as const;
const readKeys = { apiKey: 'parcels:read' } as const;

/** A shop's parcels: book, list, detail with the timeline, delete before pickup. */
export function parcelsRoutes(deps: { parcels: ParcelsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { parcels } = deps;
    const route = shopRoute(deps.guards);

    r.post(
      '/shops/:shopId/parcels',
      route(
        'parcel.create',
        {
          summary: 'Book a parcel (pickup_pending) with its charge under the shop’s plan',
          description:
            'Amounts are whole taka. With an Idempotency-Key, a retry of the same body answers with the ' +
            'first parcel and status (header idempotent-replayed: true); the same key with another body is ' +
            '409 IDEMPOTENCY_KEY_REUSED. 400 NO_ACTIVE_PICKUP_LOCATION when the shop has none. API keys ' +
            'need the parcels:write scope.\n\n' +
            curlExample('POST', '/shops/$SHOP/parcels', {
              headers: { 'Idempotency-Key': 'order-1042' },
              body: exampleBooking,
            }),
          params: shopParams,
          headers: optionalIdempotencyHeaders,
          body: parcelCreateSchema,
          response: { 200: parcelSchema, 201: parcelSchema },
        },
        writeKeys,
      ),
      async (request, reply) => sendIdempotent(reply, await parcels.create(bookingOf(request))),
    );

    r.post(
      '/shops/:shopId/parcels/exchange',
      route('parcel.create', {
        summary: 'Book an exchange: the forward parcel and its reverse leg, linked, in one transaction',
        description:
          'forwardParcelInfo is the forward leg (charged with the exchange surcharge). Without ' +
          'reverseParcelId the reverse leg is booked with it (same customer, pickup and area, no cash, no ' +
          'charge of its own); with it, that reverse parcel of the shop (waiting for pickup, same phone, ' +
          'not yet linked: 409 CONFLICT) becomes the leg. isReverseOnly books forwardParcelInfo as one ' +
          'reverse parcel (forward: null). Idempotency-Key as for a single booking.',
        params: shopParams,
        headers: optionalIdempotencyHeaders,
        body: exchangeCreateSchema,
        response: { 200: exchangeResultSchema, 201: exchangeResultSchema },
      }),
      async (request, reply) => {
        const outcome = await parcels.createExchange(bookingOf(request));
        const result = { ...outcome.result, message: parcelMessages.exchangeCreated };
        return sendIdempotent(reply, { ...outcome, result });
      },
    );

    r.get(
      '/shops/:shopId/parcels',
      {
        ...route(
          'parcel.view',
          {
            summary:
              "The shop's parcels, newest first, with filters; q finds a tracking ID, invoice ID, phone or name",
            params: shopParams,
            description:
              'API keys need the parcels:read scope.\n\n' +
              curlExample('GET', '/shops/$SHOP/parcels?status=pickup_pending&limit=50'),
            querystring: parcelListQuerySchema,
            response: { 200: parcelListSchema },
          },
          readKeys,
        ),
        // A prebuilt serializer of the page's fields: zod's encode of 20 parcels cost about twice a
        // JSON.stringify of them (issue 16; pinned to zod's bytes by parcel-list-serializer.test.ts).
        serializerCompiler: () => serialiseParcelList,
      },
      (request) => parcels.list(shopOf(request).shopId, request.query),
    );

    r.get(
      '/shops/:shopId/parcels/:parcelId',
      route(
        'parcel.view',
        {
          summary: 'One parcel of the shop with its timeline of events',
          description: `API keys need the parcels:read scope.\n\n${curlExample('GET', '/shops/$SHOP/parcels/$PARCEL')}`,
          params: parcelParams,
          response: { 200: parcelDetailSchema },
        },
        readKeys,
      ),
      (request) => parcels.get(shopOf(request).shopId, request.params.parcelId),
    );

    r.delete(
      '/shops/:shopId/parcels/:parcelId',
      route(
        'parcel.edit',
        {
          summary: 'Delete a parcel that is waiting for pickup (status and seller status become deleted)',
          description:
            '409 INVALID_TRANSITION once the parcel has left pickup. API keys need the parcels:write scope.\n\n' +
            curlExample('DELETE', '/shops/$SHOP/parcels/$PARCEL'),
          params: parcelParams,
          response: { 200: parcelDeletedSchema },
        },
        writeKeys,
      ),
      async (request) => ({
        ...(await parcels.remove({ ...merchantOf(request), parcelId: request.params.parcelId })),
        message: parcelMessages.deleted,
      }),
    );
  };
}
