import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ApiKeyAuthenticator } from '../../plugins/auth';
import { readPostcodeSeed } from '../address-prediction/address-gazetteer';
import type { ParcelsService } from '../parcels/parcels.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import { createCompatRedxRepository } from './compat-redx.repository';
import { compatRedxRoutes, redxBasePath } from './compat-redx.routes';
import { createCompatRedxService } from './compat-redx.service';

/**
 * The RedX-compatible API (issue 15, item 4): an adapter over the parcels, pickup-locations and
 * pricing services, authenticated by the API keys service. Its routes live at their own base path
 * (not under /api/v1), as a RedX client expects.
 */
export function compatRedxModule(deps: {
  db: Kysely<DB>;
  apiKeys: ApiKeyAuthenticator;
  parcels: ParcelsService;
  pickups: PickupLocationsService;
  pricing: PricingService;
}) {
  const service = createCompatRedxService({
    repo: createCompatRedxRepository(deps.db),
    parcels: deps.parcels,
    pickups: deps.pickups,
    pricing: deps.pricing,
    loadPostcodes: readPostcodeSeed,
  });
  const routes = compatRedxRoutes({ redx: service, apiKeys: deps.apiKeys });
  return {
    service,
    routes: async (app: FastifyInstance) => {
      await app.register(routes, { prefix: redxBasePath });
    },
  };
}
