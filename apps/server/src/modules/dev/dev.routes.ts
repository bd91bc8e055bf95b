import { phoneSchema } from '@dak/domain/phone';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { MovableClock } from '../../lib/clock';
import type { SmsService } from '../sms/sms.service';

/**
 * Development-only helpers; never registered in production.
 * - The outbox shows the SMS the local provider recorded, newest first, so a person (or a browser
 *   test) can read an OTP. Codes are whole in development only; in test mode they are masked
 *   as everywhere else (sms.service.ts), and server tests read them as the phone got them.
 * - The clock moves forward and a scheduled job runs now, so a person (or a browser test) can see
 *   what the auto-return or an expiry does tomorrow without waiting for tomorrow.
 */
export function devRoutes(deps: { sms: SmsService; jobs: Jobs; clock?: MovableClock }) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
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

    const { clock } = deps;
    if (clock) {
      routes.post(
        '/dev/clock',
        {
          schema: {
            tags: ['development'],
            summary: "Move the server's clock forward (not in production)",
            description:
              'Every time the server reads afterwards (sessions, OTPs, auto-return, expiries) is later ' +
              'by this much. The clock never moves back; restart the server for real time.',
            body: z.object({
              advanceMinutes: z
                .number()
                .int()
                .min(1)
                .max(60 * 24 * 60),
            }),
            response: { 200: z.object({ now: z.date() }) },
          },
        },
        async (request) => {
          clock.advance(request.body.advanceMinutes * 60_000);
          return { now: clock.now() };
        },
      );
    }

    routes.post(
      '/dev/jobs/:name',
      {
        schema: {
          tags: ['development'],
          summary: 'Queue a background job now instead of waiting for its schedule (not in production)',
          params: z.object({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) }),
          body: z.record(z.string(), z.unknown()).optional(),
          response: { 202: z.object({ jobId: z.string() }) },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        if (!deps.jobs.has(name)) throw new AppError('NOT_FOUND', `No job is called ${name}`);
        let jobId: string;
        try {
          jobId = await deps.jobs.send(name, request.body ?? {});
        } catch (error) {
          if (!(error instanceof z.ZodError)) throw error;
          throw new AppError('VALIDATION_FAILED', `The data does not fit the job ${name}`, error.issues);
        }
        await deps.jobs.idle();
        return reply.code(202).send({ jobId });
      },
    );
  };
}
