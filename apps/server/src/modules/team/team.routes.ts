import { otpSentSchema } from '@dak/domain/auth';
import {
  memberAddSchema,
  memberListSchema,
  memberOtpSchema,
  memberSchema,
  membersQuerySchema,
  memberUpdateSchema,
  teamMessages,
} from '@dak/domain/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../lib/routes';
import { shopParams } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { TeamService } from './team.service';

/** A call with nothing to send: no body at all, or an empty object. */
const noBody = z.object({}).nullish();
const memberParams = shopParams.extend({ userId: z.uuid({ error: teamMessages.memberNotFound }) });

/** Manage team: the shop's members and their roles (owner only). */
export function teamRoutes(deps: { team: TeamService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { team, guards } = deps;
    const route = routeOptions({ tags: ['team'], guards });

    r.get(
      '/shops/:shopId/members',
      route.shop('team.view', {
        summary: "The shop's members: the owner, then employees; removed ones last",
        querystring: membersQuerySchema,
        response: { 200: memberListSchema },
      }),
      (request) => team.list(shopOf(request).shopId, request.query.status),
    );

    r.post(
      '/shops/:shopId/members/otp',
      route.shop('team.manage', {
        summary: "Send a code to a new member's phone",
        body: memberOtpSchema,
        response: { 200: otpSentSchema },
      }),
      (request) =>
        team.requestInviteOtp({ shopId: shopOf(request).shopId, phone: request.body.phone, ip: request.ip }),
    );

    r.post(
      '/shops/:shopId/members',
      route.shop('team.manage', {
        summary: 'Add a member with the code from their phone (an unknown phone gets an account)',
        body: memberAddSchema,
        response: { 201: memberSchema },
      }),
      async (request, reply) => {
        const member = await team.add({
          ...request.body,
          shopId: shopOf(request).shopId,
          addedBy: userOf(request).userId,
        });
        return reply.status(201).send(member);
      },
    );

    r.patch(
      '/shops/:shopId/members/:userId',
      route.shop('team.manage', {
        summary: "Change an employee's role",
        params: memberParams,
        body: memberUpdateSchema,
        response: { 200: memberSchema },
      }),
      (request) =>
        team.changeRole({
          shopId: shopOf(request).shopId,
          userId: request.params.userId,
          role: request.body.role,
        }),
    );

    r.delete(
      '/shops/:shopId/members/:userId',
      route.shop('team.manage', {
        summary: 'Remove an employee; they lose access at once',
        params: memberParams,
        body: noBody,
        response: { 200: memberSchema },
      }),
      (request) => team.remove({ shopId: shopOf(request).shopId, userId: request.params.userId }),
    );
  };
}
