import {
  coverageSearchQuerySchema,
  coverageSearchResultSchema,
  coverageSummarySchema,
} from '@dak/domain/coverage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CoverageService } from './coverage.service';

const tags = ['geography'];
/** Reference data, like the geo routes': cached an hour, set only on success. */
const referenceCache = 'public, max-age=3600';

/** Public: the coverage page's counts and search (also what the page renders on the server). */
export function coverageRoutes(deps: { coverage: CoverageService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { coverage } = deps;

    r.get(
      '/coverage/summary',
      {
        schema: {
          tags,
          summary: 'How many districts, sub-districts and city areas there are and how many we cover',
          querystring: z.object({}),
          response: { 200: coverageSummarySchema },
        },
      },
      async (_request, reply) => {
        const body = await coverage.summary();
        reply.header('cache-control', referenceCache);
        return body;
      },
    );

    r.get(
      '/coverage/search',
      {
        schema: {
          tags,
          summary: 'Is an area covered: its zone, its hub and the charge (up to 500 g) from a pickup area',
          description:
            '400 VALIDATION_FAILED for an empty search or an unknown fromAreaId; 429 RATE_LIMITED past the per-IP limit.',
          querystring: coverageSearchQuerySchema,
          response: { 200: coverageSearchResultSchema },
        },
      },
      async (request, reply) => {
        const body = await coverage.search({ ...request.query, ip: request.ip });
        reply.header('cache-control', 'public, max-age=300');
        return body;
      },
    );
  };
}
