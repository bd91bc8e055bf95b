import { parcelMessages } from '@dak/domain/parcel';
import type { Permission } from '@dak/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Guards, shopOf, userOf } from '../../plugins/auth';

/** What the shop's parcel routes (parcels, edits, bulk booking) share in their declarations. */

export const shopParams = z.object({ shopId: z.uuid() });
export const parcelParams = shopParams.extend({ parcelId: z.uuid({ error: parcelMessages.notFound }) });
export const bearerSecurity = [{ bearer: [] }];

/**
 * A shop route's options: its guard, and its OpenAPI schema with the parcels tag and the bearer
 * scheme. Spread it, adding what else the route sets (a body limit).
 */
export function shopRoute(guards: Guards) {
  return <S extends object>(permission: Permission, schema: S) => ({
    ...guards.shop(permission),
    schema: { tags: ['parcels'], security: bearerSecurity, ...schema },
  });
}

/** The shop and its user behind a request guarded by `guards.shop(…)`. */
export function merchantOf(request: FastifyRequest) {
  return { shopId: shopOf(request).shopId, userId: userOf(request).userId };
}

/** A booking request (single, exchange, bulk confirm): who books, the body, the Idempotency-Key. */
export function bookingOf<B, K extends string | undefined>(
  request: FastifyRequest & { body: B; headers: { 'idempotency-key'?: K } },
) {
  // K is string where the route's schema requires the header (validated before the handler).
  const idempotencyKey = request.headers['idempotency-key'] as K;
  return { ...merchantOf(request), body: request.body, idempotencyKey };
}
