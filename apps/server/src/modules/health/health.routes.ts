import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { databaseNow } from './health.repository';

/** Liveness that means something: answers 200 only when the database answers. */
export function healthRoutes(deps: { db: Kysely<DB> }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Service and database health',
          response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok'), time: z.date() }) },
        },
      },
      async () => {
        try {
          const now = await databaseNow(deps.db);
          return { status: 'ok' as const, database: 'ok' as const, time: now ?? new Date() };
        } catch {
          throw new AppError('SERVICE_UNAVAILABLE', 'Database is not reachable');
        }
      },
    );
  };
}
