import {
  nidFailSchema,
  nidImageSides,
  nidReviewListSchema,
  nidReviewQuerySchema,
  nidSubmittedSchema,
  nidViewSchema,
} from '@dak/domain/nid';
import { roomRoles } from '@dak/domain/staff-rooms';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { noBody } from '../../lib/schemas';
import { type Guards, shopOf, staffOf, userOf } from '../../plugins/auth';
import type { NidService } from './nid.service';
import { readNidUpload } from './nid.upload';

const shopParams = z.object({ shopId: z.string() });
const submissionParams = z.object({ id: z.uuid({ error: 'NID submission not found' }) });
const decisionSchema = z.object({ id: z.string(), status: z.enum(['verified', 'failed']) });

/** NID verification: the merchant's submission and status, and the staff review queue. */
export function nidRoutes(deps: { nid: NidService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    // Multipart is parsed only in this plugin's routes; everywhere else a form body is refused.
    // A photo over the limit is cut off and flagged (file.truncated) rather than thrown mid-form.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { nid, guards } = deps;

    r.get(
      '/shops/:shopId/nid',
      {
        ...guards.shop('nid.view'),
        schema: {
          tags: ['nid'],
          summary: "The owner's NID verification: status, masked number, reason, what is restricted",
          ...secured,
          params: shopParams,
          response: { 200: nidViewSchema },
        },
      },
      (request) => nid.viewForShop(shopOf(request).shopId),
    );
    r.post(
      '/shops/:shopId/nid',
      {
        ...guards.shop('nid.submit'),
        schema: {
          tags: ['nid'],
          summary: 'Send the NID for verification',
          description:
            'multipart/form-data: `nidNumber` (10, 13 or 17 digits), files `front` and `back` (JPEG, PNG or WebP, at most 5 MB each, checked by content). All or nothing.',
          consumes: ['multipart/form-data'],
          ...secured,
          params: shopParams,
          response: { 201: nidSubmittedSchema },
        },
      },
      async (request, reply) => {
        const { shopId } = shopOf(request);
        const upload = await readNidUpload(request);
        const result = await nid.submit({ shopId, userId: userOf(request).userId, ...upload });
        return reply.status(201).send(result);
      },
    );
    r.post(
      '/shops/:shopId/nid/skip',
      {
        ...guards.shop('nid.submit'),
        schema: {
          tags: ['nid'],
          summary: 'Skip NID verification for now',
          ...secured,
          params: shopParams,
          body: noBody,
          response: { 200: nidViewSchema },
        },
      },
      (request) => nid.skip({ shopId: shopOf(request).shopId, userId: userOf(request).userId }),
    );

    const reviewers = guards.staff(roomRoles.nid);
    r.get(
      '/ops/nid',
      {
        preValidation: reviewers,
        schema: {
          tags: ['ops'],
          summary: 'NID review queue (pending oldest first) or decided submissions',
          ...secured,
          querystring: nidReviewQuerySchema,
          response: { 200: nidReviewListSchema },
        },
      },
      (request) => nid.reviewQueue(request.query),
    );
    r.post(
      '/ops/nid/:id/approve',
      {
        preValidation: reviewers,
        schema: {
          tags: ['ops'],
          summary: 'Mark a pending NID as verified',
          ...secured,
          params: submissionParams,
          body: noBody,
          response: { 200: decisionSchema },
        },
      },
      (request) => nid.approve({ id: request.params.id, staffId: staffOf(request).staffId }),
    );
    r.post(
      '/ops/nid/:id/fail',
      {
        preValidation: reviewers,
        schema: {
          tags: ['ops'],
          summary: 'Mark a pending NID as failed, with the reason the merchant will see',
          ...secured,
          params: submissionParams,
          body: nidFailSchema,
          response: { 200: decisionSchema },
        },
      },
      (request) =>
        nid.fail({ id: request.params.id, staffId: staffOf(request).staffId, reason: request.body.reason }),
    );
    r.get(
      '/ops/nid/:id/image/:side',
      {
        preValidation: reviewers,
        schema: {
          tags: ['ops'],
          summary: 'A stored NID photo (front or back), for review',
          ...secured,
          params: submissionParams.extend({ side: z.enum(nidImageSides) }),
        },
      },
      async (request, reply) => {
        const file = await nid.image(request.params);
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline')
          .send(file.bytes);
      },
    );
  };
}
