import { roomRoles } from '@dak/domain/staff-rooms';
import {
  opsTermsListSchema,
  shopTermsSchema,
  termsAcceptQuerySchema,
  termsPublishSchema,
  termsVersionSchema,
} from '@dak/domain/terms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { noBody } from '../../lib/schemas';
import { type Guards, shopOf, staffOf, userOf } from '../../plugins/auth';
import type { TermsService } from './terms.service';

const shopParams = z.object({ shopId: z.string() });

/** Terms and conditions: the current text, a shop's acceptance, and publishing new versions. */
export function termsRoutes(deps: { terms: TermsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { terms, guards } = deps;

    r.get(
      '/terms',
      {
        schema: {
          tags: ['terms'],
          summary: 'The terms and conditions in force (English and Bengali)',
          querystring: z.object({}),
          response: { 200: termsVersionSchema },
        },
      },
      () => terms.current(),
    );
    r.get(
      '/shops/:shopId/terms',
      {
        ...guards.shop('terms.view'),
        schema: {
          tags: ['terms'],
          summary: 'The current terms, whether this shop accepted them, and who accepted which version when',
          ...secured,
          params: shopParams,
          response: { 200: shopTermsSchema },
        },
      },
      (request) => terms.forShop(shopOf(request).shopId),
    );
    r.put(
      '/shops/:shopId/terms/accept',
      {
        ...guards.shop('terms.accept'),
        schema: {
          tags: ['terms'],
          summary: 'Accept the current version of the terms for this shop',
          ...secured,
          params: shopParams,
          querystring: termsAcceptQuerySchema,
          body: noBody,
          response: { 200: shopTermsSchema },
        },
      },
      (request) =>
        terms.accept({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          version: request.query.version,
          ip: request.ip,
        }),
    );

    r.get(
      '/ops/terms',
      {
        preValidation: guards.staff(roomRoles.termsRead),
        schema: {
          tags: ['ops'],
          summary: 'Every version of the terms, newest first, with how many shops accepted each',
          ...secured,
          response: { 200: opsTermsListSchema },
        },
      },
      () => terms.list(),
    );
    r.post(
      '/ops/terms',
      {
        preValidation: guards.staff(roomRoles.terms),
        schema: {
          tags: ['ops'],
          summary: 'Publish a new version of the terms (in force at once; every shop is asked again)',
          ...secured,
          body: termsPublishSchema,
          response: { 201: termsVersionSchema },
        },
      },
      async (request, reply) => {
        const version = await terms.publish({ ...request.body, staffId: staffOf(request).staffId });
        return reply.status(201).send(version);
      },
    );
  };
}
