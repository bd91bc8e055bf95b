import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ApiKeyAuthenticator } from '../../plugins/auth';
import type { AddressPredictionService } from '../address-prediction/address-prediction.service';
import type { GeoService } from '../geo/geo.service';
import type { PaymentsService } from '../invoices/payments.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { ParcelsService } from '../parcels/parcels.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { ReturnsService } from '../returns/returns.service';
import { createCompatSteadfastRepository } from './compat-steadfast.repository';
import { compatSteadfastRoutes, steadfastBasePath } from './compat-steadfast.routes';
import { createCompatSteadfastService } from './compat-steadfast.service';

/**
 * Steadfast's merchant API spoken by Dak (issue 15, item 4), registered at its own base path
 * (`prefix`), outside /api/v1: a shop switches by changing its plugin's base URL and key pair.
 */
export function compatSteadfastModule(deps: {
  db: Kysely<DB>;
  apiKeys: ApiKeyAuthenticator;
  parcels: ParcelsService;
  pickups: PickupLocationsService;
  addressPrediction: AddressPredictionService;
  ledger: LedgerService;
  payments: PaymentsService;
  returns: ReturnsService;
  geo: GeoService;
}) {
  const { db, apiKeys, ...services } = deps;
  const service = createCompatSteadfastService({ repo: createCompatSteadfastRepository(db), ...services });
  return {
    service,
    prefix: steadfastBasePath,
    routes: compatSteadfastRoutes({ steadfast: service, apiKeys }),
  };
}
