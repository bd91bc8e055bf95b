import { addressPredictionRequestSchema, addressPredictionSchema } from '@dak/domain/address-prediction';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { curlExample } from '../../lib/curl-example';
import type { AddressPredictionService } from './address-prediction.service';

/**
 * POST /areas/predict: a free-text address (English, Bengali, Banglish) → the delivery area and
 * district it names, with a confidence and the runners-up. Public (the order form and the bulk
 * import use it before a parcel exists), rate-limited per IP, never cached: the body varies.
 * A POST, so it never meets GET /areas or GET /areas/search.
 */
export function addressPredictionRoutes(deps: { addressPrediction: AddressPredictionService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/areas/predict',
      {
        schema: {
          tags: ['geography', 'developer-api'],
          summary: 'Read a delivery address (English, Bengali or Banglish) into its delivery area',
          description:
            'Matches the address against area and district names, aliases, common spellings and ' +
            'postcodes, tolerating typos. `areaId` and `districtId` are null when nothing credible ' +
            'names one; `candidates` lists up to five areas, best first. Public and limited per IP: ' +
            'no token needed (an API key sent along is ignored).\n\n' +
            curlExample('POST', '/areas/predict', {
              token: null,
              body: { address: 'House 12, Road 5, Mirpur 10, Dhaka' },
            }),
          body: addressPredictionRequestSchema,
          response: { 200: addressPredictionSchema },
        },
      },
      async (request) => deps.addressPrediction.predict({ address: request.body.address, ip: request.ip }),
    );
  };
}
