import {
  shopTrackingQuerySchema,
  shopTrackingSchema,
  trackingLookupQuerySchema,
  trackingSchema,
} from '@dak/domain/operations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { curlExample } from '../../lib/curl-example';
import { withFastPath } from '../../lib/fast-validation';
import { sendJsonBytes } from '../../lib/json-answer';
import { shopParams } from '../../lib/schemas';
import { type Guards, shopOf } from '../../plugins/auth';
import { hotReadLogLevel } from '../../plugins/request-log';
import type { TrackingService } from './tracking.service';

const trackingIdParams = z.object({ trackingId: z.string().max(40) });
/** What trackingIdParams gives for a tracking ID of at most 40 characters; else undefined. */
export const plainTrackingIdParams = (params: Record<string, unknown>) =>
  typeof params.trackingId === 'string' && params.trackingId.length <= 40
    ? { trackingId: params.trackingId }
    : undefined;

/**
 * Public tracking (spec 7: tracking, global-tracking, parcel-track): no sign-in, rate-limited. And
 * the merchant's Track parcel screen (spec 2), the same view with more for the shop's own parcels.
 */
export function trackingRoutes(deps: { tracking: TrackingService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/tracking/:trackingId',
      {
        // Request lines at warn and above only (issue 16, hot reads).
        logLevel: hotReadLogLevel,
        schema: {
          tags: ['tracking'],
          summary: "A parcel's status and timeline, for anyone holding its tracking ID",
          description:
            'No personal data beyond the delivery area and a masked phone. Case, spaces and dashes ' +
            'in the ID are forgiven. Unknown or malformed ID: 404.',
          params: trackingIdParams,
          response: { 200: trackingSchema },
        },
        // The schema's one rule without zod; anything else, and every error, through zod.
        validatorCompiler: withFastPath('params', plainTrackingIdParams),
      },
      // Sent as kept: serialised once per parcel change (issue 16, hot reads).
      async (request, reply) =>
        sendJsonBytes(
          reply,
          await deps.tracking.byTrackingIdBody({ trackingId: request.params.trackingId, ip: request.ip }),
        ),
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
    r.get(
      '/shops/:shopId/tracking',
      {
        ...deps.guards.shop('parcel.view', { apiKey: 'tracking' }),
        schema: {
          tags: ['tracking', 'developer-api'],
          summary: "Track a parcel from the merchant panel: any tracking ID, or an invoice ID of the shop's",
          description:
            "The public tracking view; for the shop's own parcel also `own` (customer, invoice, cash, " +
            "whether a delivery photo exists). Another shop's parcel: `own` is null and the lookup counts " +
            'against the public tracking limit. Not found: 404. API keys need the tracking scope.\n\n' +
            curlExample('GET', '/shops/$SHOP/tracking?q=WC-1042'),
          security: [{ bearer: [] }],
          params: shopParams,
          querystring: shopTrackingQuerySchema,
          response: { 200: shopTrackingSchema },
        },
      },
      (request) =>
        deps.tracking.forShop({ shopId: shopOf(request).shopId, q: request.query.q, ip: request.ip }),
    );
  };
}
