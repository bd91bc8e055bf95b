import type { ApiKeyScope } from '@dak/domain/api-keys';
import { parcelMessages } from '@dak/domain/parcel';
import type { Permission } from '@dak/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actingUserOf, type Guards, shopOf } from '../../plugins/auth';

/** What the shop's parcel routes (parcels, edits, bulk booking) share in their declarations. */

export const shopParams = z.object({ shopId: z.uuid() });
export const parcelParams = shopParams.extend({ parcelId: z.uuid({ error: parcelMessages.notFound }) });
export const bearerSecurity = [{ bearer: [] }];

/**
 * A shop route's options: its guard, and its OpenAPI schema with the parcels tag and the bearer
 * scheme. Spread it, adding what else the route sets (a body limit). `access.apiKey`: the scope
 * with which a shop's API key may call it too (issue 15); without it, keys are refused.
 */
export function shopRoute(guards: Guards) {
  return <S extends object>(permission: Permission, schema: S, access: { apiKey?: ApiKeyScope } = {}) => ({
    ...guards.shop(permission, access),
    schema: {
      // The developer API's routes are listed under its own tag too.
      tags: access.apiKey ? ['parcels', 'developer-api'] : ['parcels'],
      security: bearerSecurity,
      ...schema,
    },
  });
}

/** A booking as the developer API's curl examples send it (`$PICKUP`: a pickup location's id). */
export const exampleBooking = {
  customerName: 'Rahima Begum',
  customerPhone: '01712345678',
  customerAddress: 'House 5, Road 3, Gulshan 1',
  deliveryAreaId: 'dhaka-city--gulshan',
  pickupLocationId: '$PICKUP',
  cashCollectionAmount: 1250,
  sellingPrice: 1200,
  weightGrams: 500,
  invoiceId: 'WC-1042',
};

/** The shop and who acts in it (the user, or the owner behind an API key) of a shop route. */
export function merchantOf(request: FastifyRequest) {
  return { shopId: shopOf(request).shopId, userId: actingUserOf(request).userId };
}

/** A booking request (single, exchange, bulk confirm): who books, the body, the Idempotency-Key. */
export function bookingOf<B, K extends string | undefined>(
  request: FastifyRequest & { body: B; headers: { 'idempotency-key'?: K } },
) {
  // K is string where the route's schema requires the header (validated before the handler).
  const idempotencyKey = request.headers['idempotency-key'] as K;
  return { ...merchantOf(request), body: request.body, idempotencyKey };
}
