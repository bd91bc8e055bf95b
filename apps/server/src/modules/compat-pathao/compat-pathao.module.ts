import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataKeys } from '../../lib/field-cipher';
import type { AddressPredictionService } from '../address-prediction/address-prediction.service';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import type { AccountsService } from '../auth/accounts.service';
import type { AuthService } from '../auth/auth.service';
import type { ParcelBatchService } from '../bulk-parcels/parcel-batch.service';
import type { GeoService } from '../geo/geo.service';
import type { ParcelsService } from '../parcels/parcels.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import { createCompatPathaoRepository } from './compat-pathao.repository';
import { compatPathaoPrefix, compatPathaoRoutes } from './compat-pathao.routes';
import { createCompatPathaoService } from './compat-pathao.service';
import { createPathaoTokens } from './compat-pathao.tokens';

/**
 * The Pathao-compatible API (issue 15, item 4): a shop's Pathao plugin or SDK works against Dak
 * with its base URL set to `<dak>/compat/pathao` and a Dak key pair as client id and secret.
 * Registered outside /api/v1 (`prefix`), with Pathao's envelope for its answers and errors.
 */
export function compatPathaoModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  dataKeys: DataKeys;
  /** PUBLIC_URL: the paginator's links; absent (development), the links are paths. */
  publicUrl: string | undefined;
  apiKeys: ApiKeysService;
  auth: AuthService;
  accounts: AccountsService;
  parcels: ParcelsService;
  batch: ParcelBatchService;
  pickups: PickupLocationsService;
  geo: GeoService;
  pricing: PricingService;
  addressPrediction: AddressPredictionService;
}) {
  const { db, dataKeys, publicUrl, ...services } = deps;
  const service = createCompatPathaoService({
    ...services,
    repo: createCompatPathaoRepository(db),
    tokens: createPathaoTokens({ keys: dataKeys }),
  });
  return { service, prefix: compatPathaoPrefix, routes: compatPathaoRoutes({ pathao: service, publicUrl }) };
}
