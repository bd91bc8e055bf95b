import { transitionResultSchema } from '@dak/domain/parcel-status';
import {
  approvalBulkDecisionSchema,
  approvalBulkResultSchema,
  approvalDecisionSchema,
  approvalListSchema,
  approvalSchema,
  approvalsQuerySchema,
  reattemptRequestSchema,
  returnedParcelListSchema,
  returnedParcelsQuerySchema,
} from '@dak/domain/returns';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBody } from '../../lib/schemas';
import { type Guards, shopOf, staffOf, userOf } from '../../plugins/auth';
import { originOf } from '../parcel-transitions/parcel-transitions.service';
import type { ReturnsService } from './returns.service';

const security = [{ bearer: [] }];
const shopParcelParams = z.object({ shopId: z.uuid(), trackingId: z.string().max(40) });

/**
 * The merchant's Returned parcels screen (spec 2: reattempt or confirm return) and the staff's
 * Return approvals (spec 7: approvals, bulkUpdate).
 */
export function returnsRoutes(deps: { returns: ReturnsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { returns, guards } = deps;
    const deciders = guards.staff(roomRoles.returns);

    r.get(
      '/shops/:shopId/returned-parcels',
      {
        ...guards.shop('parcel.view'),
        schema: {
          tags: ['returns'],
          summary: 'Parcels whose delivery failed (to decide), on the way back, or returned',
          description:
            'view=attempted lists failed parcels with the last reason, any reattempt request and when ' +
            'the parcel will be returned automatically if nobody decides.',
          security,
          params: z.object({ shopId: z.uuid() }),
          querystring: returnedParcelsQuerySchema,
          response: { 200: returnedParcelListSchema },
        },
      },
      (request) => returns.listReturned(shopOf(request).shopId, request.query),
    );

    r.post(
      '/shops/:shopId/returned-parcels/:trackingId/reattempt',
      {
        ...guards.shop('parcel.edit'),
        schema: {
          tags: ['returns'],
          summary: 'Ask for another delivery attempt with an issue reason (a pending approval)',
          security,
          params: shopParcelParams,
          body: reattemptRequestSchema,
          response: {
            201: z.object({
              id: z.string(),
              trackingId: z.string(),
              status: z.literal('pending'),
              createdAt: z.date(),
            }),
          },
        },
      },
      async (request, reply) => {
        const result = await returns.requestReattempt({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          trackingId: request.params.trackingId,
          request: request.body,
          origin: originOf(request),
        });
        return reply.status(201).send(result);
      },
    );

    r.post(
      '/shops/:shopId/returned-parcels/:trackingId/confirm-return',
      {
        ...guards.shop('parcel.edit'),
        schema: {
          tags: ['returns'],
          summary: 'Confirm the return of a failed parcel: it starts back from the delivery hub',
          security,
          params: shopParcelParams,
          body: noBody,
          response: { 200: transitionResultSchema },
        },
      },
      (request) =>
        returns.confirmReturn({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          trackingId: request.params.trackingId,
          origin: originOf(request),
        }),
    );

    r.get(
      '/ops/approvals',
      {
        preValidation: deciders,
        schema: {
          tags: ['ops'],
          summary: 'Reattempt requests by status (pending first-come first)',
          security,
          querystring: approvalsQuerySchema,
          response: { 200: approvalListSchema },
        },
      },
      (request) => {
        const staff = staffOf(request);
        return returns.listApprovals(staff, request.query);
      },
    );

    r.patch(
      '/ops/approvals/:id',
      {
        preValidation: deciders,
        schema: {
          tags: ['ops'],
          summary: 'Approve (the parcel goes out again) or reject (it is returned) one request',
          security,
          params: z.object({ id: z.uuid('Approval not found') }),
          body: approvalDecisionSchema,
          response: { 200: approvalSchema },
        },
      },
      (request) => {
        const staff = staffOf(request);
        return returns.decide(staff, request.params.id, request.body, originOf(request));
      },
    );

    r.put(
      '/ops/approvals/bulk',
      {
        preValidation: deciders,
        schema: {
          tags: ['ops'],
          summary: 'Decide many requests the same way; each is answered on its own',
          security,
          body: approvalBulkDecisionSchema,
          response: { 200: approvalBulkResultSchema },
        },
      },
      (request) => {
        const staff = staffOf(request);
        const { ids, ...decision } = request.body;
        return returns.decideMany(staff, ids, decision, originOf(request));
      },
    );
  };
}
