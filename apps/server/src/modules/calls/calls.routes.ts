import {
  callLogListSchema,
  callLogsQuerySchema,
  callMessages,
  callOutcomes,
  riderCallSchema,
  telephonyEventSchema,
} from '@dak/domain/returns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Guards, shopOf, staffOf } from '../../plugins/auth';
import type { CallsService } from './calls.service';

const security = [{ bearer: [] }];

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as sent, on the routes that verify a signature over them. */
    rawBody?: Buffer;
  }
}

/** Call logs: the rider view's calls, the merchant's Call logs screen and its recordings. */
export function callsRoutes(deps: { calls: CallsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { calls, guards } = deps;

    r.post(
      '/rider/parcels/:trackingId/calls',
      {
        preValidation: guards.staff(['rider']),
        schema: {
          tags: ['rider'],
          summary: 'Log a call the rider made to the parcel’s customer',
          description:
            'Rider token only (a staff session with the rider role), for a parcel open on the ' +
            'rider’s own delivery run; any other parcel is 404 "This parcel is not on your run".',
          security,
          params: z.object({ trackingId: z.string().max(40) }),
          body: riderCallSchema,
          response: {
            201: z.object({
              id: z.string(),
              trackingId: z.string(),
              startedAt: z.date(),
              outcome: z.enum(callOutcomes),
              durationSeconds: z.number().int().nullable(),
            }),
          },
        },
      },
      async (request, reply) => {
        const logged = await calls.logRiderCall(
          staffOf(request).staffId,
          request.params.trackingId,
          request.body,
        );
        return reply.status(201).send(logged);
      },
    );

    r.get(
      '/shops/:shopId/call-logs',
      {
        ...guards.shop('parcel.view'),
        schema: {
          tags: ['calls'],
          summary: 'Calls to the customers of the shop’s parcels, newest first',
          security,
          params: z.object({ shopId: z.uuid() }),
          querystring: callLogsQuerySchema,
          response: { 200: callLogListSchema },
        },
      },
      (request) => calls.listForShop(shopOf(request).shopId, request.query),
    );

    r.get(
      '/shops/:shopId/call-logs/:callId/recording',
      {
        ...guards.shop('parcel.view'),
        schema: {
          tags: ['calls'],
          summary: 'A call’s recording (audio), for the shop whose parcel it was; kept 45 days',
          security,
          params: z.object({ shopId: z.uuid(), callId: z.uuid(callMessages.notFound) }),
        },
      },
      async (request, reply) => {
        const file = await calls.recordingForShop(shopOf(request).shopId, request.params.callId);
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );

    // The provider's webhook, in its own context: its JSON parser only keeps the raw bytes; the
    // signature is checked over them, and only a signed body is parsed. Up to 20 MB of JSON from
    // anyone (deeply nested, it takes seconds to parse) never reaches JSON.parse unsigned.
    await app.register(async (hook) => {
      hook.removeContentTypeParser('application/json');
      hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
        (request as FastifyRequest).rawBody = body as Buffer;
        done(null, undefined);
      });
      hook.withTypeProvider<ZodTypeProvider>().post(
        '/webhooks/telephony',
        {
          bodyLimit: 20 * 1024 * 1024,
          // What needs no body is checked before the body is read: an unsigned or stale call is
          // answered 401 at once, not after up to 20 MB have arrived.
          onRequest: async (request) => {
            calls.checkWebhookHeaders(
              request.headers['x-telephony-timestamp'],
              request.headers['x-telephony-signature'],
            );
          },
          preValidation: async (request) => {
            calls.verifyWebhook(
              request.rawBody,
              request.headers['x-telephony-timestamp'],
              request.headers['x-telephony-signature'],
            );
            const bytes = request.rawBody;
            if (!bytes || bytes.length === 0) return;
            try {
              request.body = JSON.parse(bytes.toString('utf8'));
            } catch {
              const error = new Error('invalid JSON') as Error & { code: string; statusCode: number };
              error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
              error.statusCode = 400;
              throw error;
            }
          },
          schema: {
            tags: ['webhooks'],
            summary: 'Telephony provider events: finished calls (with recordings) and IVR confirmations',
            description:
              'Signed: x-telephony-timestamp (unix seconds, within 5 minutes) and x-telephony-signature ' +
              '(hex HMAC-SHA256 of "<timestamp>.<raw body>" with the shared secret). An event id seen ' +
              'before is answered with duplicate=true and changes nothing.',
            body: telephonyEventSchema,
            response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }) },
          },
        },
        (request) => calls.handleWebhook(request.body),
      );
    });
  };
}
