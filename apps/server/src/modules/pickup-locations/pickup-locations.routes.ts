import {
  pickupLocationCreateSchema,
  pickupLocationListSchema,
  pickupLocationSavedSchema,
  pickupLocationSchema,
  pickupLocationsQuerySchema,
  pickupLocationUpdateSchema,
  pickupMessages,
} from '@dak/domain/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { curlExample } from '../../lib/curl-example';
import { routeOptions } from '../../lib/routes';
import { shopParams } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { PickupLocationsService } from './pickup-locations.service';

/**
 * An API key reads the shop's pickup locations (never changes them) with the parcels:write scope:
 * the scope that books, since every booking names one (docs/decisions.md).
 */
const bookingKeys = { apiKey: 'parcels:write' } as const;

const pickupParams = shopParams.extend({ pickupLocationId: z.uuid({ error: pickupMessages.notFound }) });

/** Manage pickup: a shop's pickup locations (spec: shop stores). */
export function pickupLocationsRoutes(deps: { pickups: PickupLocationsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { pickups, guards } = deps;
    const route = routeOptions({ tags: ['pickup locations'], guards });

    r.get(
      '/shops/:shopId/pickup-locations',
      route.shop(
        'pickup.view',
        {
          summary: "The shop's pickup locations, newest first; q searches the name",
          description:
            'A booking names one of these by `pickupLocationId`. API keys need the parcels:write scope.\n\n' +
            curlExample('GET', '/shops/$SHOP/pickup-locations'),
          querystring: pickupLocationsQuerySchema,
          response: { 200: pickupLocationListSchema },
        },
        bookingKeys,
      ),
      (request) => pickups.list({ shopId: shopOf(request).shopId, ...request.query }),
    );

    r.get(
      '/shops/:shopId/pickup-locations/:pickupLocationId',
      route.shop(
        'pickup.view',
        {
          summary: 'One pickup location of the shop',
          description:
            'API keys need the parcels:write scope.\n\n' +
            curlExample('GET', '/shops/$SHOP/pickup-locations/$PICKUP'),
          params: pickupParams,
          response: { 200: pickupLocationSchema },
        },
        bookingKeys,
      ),
      (request) => pickups.get(shopOf(request).shopId, request.params.pickupLocationId),
    );

    r.post(
      '/shops/:shopId/pickup-locations',
      route.shop('pickup.manage', {
        summary: 'Add a pickup location (active)',
        body: pickupLocationCreateSchema,
        response: { 201: pickupLocationSavedSchema },
      }),
      async (request, reply) => {
        const created = await pickups.create({
          ...request.body,
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
        });
        return reply.status(201).send({ ...created, message: pickupMessages.created });
      },
    );

    r.put(
      '/shops/:shopId/pickup-locations/:pickupLocationId',
      route.shop('pickup.manage', {
        summary: 'Edit a pickup location, or switch it on or off',
        params: pickupParams,
        body: pickupLocationUpdateSchema,
        response: { 200: pickupLocationSavedSchema },
      }),
      async (request) => {
        const updated = await pickups.update({
          shopId: shopOf(request).shopId,
          pickupLocationId: request.params.pickupLocationId,
          changes: request.body,
        });
        return { ...updated, message: pickupMessages.updated };
      },
    );
  };
}
