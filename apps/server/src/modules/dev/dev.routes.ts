import { phoneSchema } from '@dak/domain/phone';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmsService } from '../sms/sms.service';

/**
 * Development-only helpers; never registered in production. The outbox shows the SMS the local
 * provider recorded, newest first, so a person (or a browser test) can read an OTP.
 */
export function devRoutes(deps: { sms: SmsService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Newest SMS recorded for a phone (not in production)',
          querystring: z.object({
            to: phoneSchema,
            limit: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: {
            200: z.object({
              items: z.array(z.object({ to: z.string(), body: z.string(), createdAt: z.date() })),
            }),
          },
        },
      },
      async (request) => ({ items: await deps.sms.outbox(request.query.to, request.query.limit) }),
    );
  };
}
