import { trackingLookupQuerySchema, trackingSchema } from '@dak/domain/operations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrackingService } from './tracking.service';

/** Public tracking (spec 7: tracking, global-tracking, parcel-track): no sign-in, rate-limited. */
export function trackingRoutes(deps: { tracking: TrackingService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/tracking/:trackingId',
      {
        schema: {
          tags: ['tracking'],
          summary: "A parcel's status and timeline, for anyone holding its tracking ID",
          description:
            'No personal data beyond the delivery area and a masked phone. Case, spaces and dashes ' +
            'in the ID are forgiven. Unknown or malformed ID: 404.',
          params: z.object({ trackingId: z.string().max(40) }),
          response: { 200: trackingSchema },
        },
      },
      (request) => deps.tracking.byTrackingId({ trackingId: request.params.trackingId, ip: request.ip }),
    );
    r.get(
      '/tracking',
      {
        schema: {
          tags: ['tracking'],
          summary: "Find a parcel by the merchant's invoice ID and the customer's phone",
          querystring: trackingLookupQuerySchema,
          response: { 200: trackingSchema },
        },
      },
      (request) => deps.tracking.byInvoice({ ...request.query, ip: request.ip }),
    );
  };
}
