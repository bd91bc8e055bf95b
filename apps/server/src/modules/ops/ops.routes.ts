import {
  opsShopDetailSchema,
  opsShopListSchema,
  opsShopQuerySchema,
  smsOutboxListSchema,
  smsOutboxQuerySchema,
} from '@dak/domain/ops';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import type { Guards } from '../../plugins/auth';
import type { OpsService } from './ops.service';

/** Operations console: merchants' shops and the SMS outbox. */
export function opsRoutes(deps: { ops: OpsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { ops, guards } = deps;
    const shopStaff = guards.staff(roomRoles.shops);

    r.get(
      '/ops/shops',
      {
        preValidation: shopStaff,
        schema: {
          tags: ['ops'],
          summary: 'Find shops by name, owner phone or id, with the owner and how many members',
          ...secured,
          querystring: opsShopQuerySchema,
          response: { 200: opsShopListSchema },
        },
      },
      (request) => ops.listShops(request.query),
    );
    r.get(
      // `:id`, not `:shopId`: this is a staff route, not a shop-scoped merchant route.
      '/ops/shops/:id',
      {
        preValidation: shopStaff,
        schema: {
          tags: ['ops'],
          summary: 'A shop: members, pickup locations, payment method (masked), NID status, terms',
          ...secured,
          params: z.object({ id: z.uuid({ error: 'Shop not found' }) }),
          response: { 200: opsShopDetailSchema },
        },
      },
      (request) => ops.shopDetail(request.params.id),
    );
    r.get(
      '/ops/sms-outbox',
      {
        preValidation: guards.staff(roomRoles.sms),
        schema: {
          tags: ['ops'],
          summary: 'SMS sent (or, with the local provider, recorded) to whom, newest first',
          ...secured,
          querystring: smsOutboxQuerySchema,
          response: { 200: smsOutboxListSchema },
        },
      },
      (request) => ops.smsOutbox(request.query),
    );
  };
}
