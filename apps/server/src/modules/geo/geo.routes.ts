import {
  areaListSchema,
  areaSearchQuerySchema,
  areaSearchResultSchema,
  areasQuerySchema,
  districtListSchema,
  hubListSchema,
  hubsQuerySchema,
  plainAreaSearchQuery,
  zoneListSchema,
} from '@dak/domain/geo';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { curlExample } from '../../lib/curl-example';
import { withFastPath } from '../../lib/fast-validation';
import { sendJsonBytes, sendPrebuilt } from '../../lib/json-answer';
import { hotReadLogLevel } from '../../plugins/request-log';
import type { GeoService } from './geo.service';

/**
 * Reference data changes rarely (staff toggling coverage is the fastest change), so browsers and
 * proxies may keep it for an hour. Set only on success: an error must not be cached. app.ts
 * leaves a cache-control set here alone and marks every other /api reply no-store.
 */
const referenceCache = 'public, max-age=3600';
const cacheable = <T>(reply: FastifyReply, body: T): T => {
  reply.header('cache-control', referenceCache);
  return body;
};

const tags = ['geography'];
/** Public, and part of the developer API's reference: a key's Authorization header is ignored. */
const developerTags = ['geography', 'developer-api'];
const publicNote = 'Public: no token needed (an API key sent along is ignored).\n\n';

/** Public geography: districts, delivery areas and their search, zones, hubs. */
export function geoRoutes(deps: { geo: GeoService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { geo } = deps;

    r.get(
      '/districts',
      {
        // Request lines at warn and above only (issue 16, hot reads).
        logLevel: hotReadLogLevel,
        schema: {
          tags: developerTags,
          summary: 'The 64 districts, with their division and how many delivery areas each has',
          description: publicNote + curlExample('GET', '/districts', { token: null }),
          querystring: z.object({}),
          response: { 200: districtListSchema },
        },
        // No parameters: whatever the query holds, zod's answer is {} (unknown keys dropped).
        validatorCompiler: withFastPath('querystring', () => ({})),
      },
      // The shared answer goes out as encoded once, with its ETag; 304 to a client holding it
      // (issue 16, hot reads).
      async (request, reply) => sendPrebuilt(request, reply, await geo.districtsAnswer(), referenceCache),
    );
    r.get(
      '/areas',
      {
        schema: {
          tags: developerTags,
          summary: "A district's delivery areas: its upazilas and, in Dhaka and Chattogram, city areas",
          description: publicNote + curlExample('GET', '/areas?districtId=dhaka', { token: null }),
          querystring: areasQuerySchema,
          response: { 200: areaListSchema },
        },
      },
      async (request, reply) => cacheable(reply, await geo.listAreas(request.query.districtId)),
    );
    r.get(
      '/areas/search',
      {
        // Request lines at warn and above only (issue 16, hot reads).
        logLevel: hotReadLogLevel,
        schema: {
          tags: developerTags,
          summary: 'Find delivery areas by name in English or Bengali, tolerating typos',
          description: publicNote + curlExample('GET', '/areas/search?q=mirpur', { token: null }),
          querystring: areaSearchQuerySchema,
          response: { 200: areaSearchResultSchema },
        },
        // The everyday query checked without zod; anything else, and every error, through zod.
        validatorCompiler: withFastPath('querystring', plainAreaSearchQuery),
      },
      async (request, reply) =>
        sendJsonBytes(
          reply.header('cache-control', referenceCache),
          await geo.searchAreasBody(request.query),
        ),
    );
    r.get(
      '/zones',
      {
        schema: {
          tags,
          summary: 'Pricing zones (Dhaka City, Dhaka Suburbs, Chattogram City, Outside Dhaka, …)',
          querystring: z.object({}),
          response: { 200: zoneListSchema },
        },
      },
      async (_request, reply) => cacheable(reply, await geo.listZones()),
    );
    r.get(
      '/hubs',
      {
        schema: {
          tags,
          summary: 'Hubs, optionally of one district',
          querystring: hubsQuerySchema,
          response: { 200: hubListSchema },
        },
      },
      async (request, reply) => cacheable(reply, await geo.listHubs(request.query)),
    );
  };
}
