import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Guards } from '../../plugins/auth';
import type { AddressPredictionService } from '../address-prediction/address-prediction.service';
import type { FlagsService } from '../flags/flags.service';
import type { ParcelsService } from '../parcels/parcels.service';
import { createBulkParcelsRepository } from './bulk-parcels.repository';
import { bulkParcelsRoutes } from './bulk-parcels.routes';
import { createBulkParcelsService } from './bulk-parcels.service';
import { createParcelBatchService } from './parcel-batch.service';

/**
 * Bulk booking from a sheet (issue 4, part 6) and the developer API's batch (issue 15): both book
 * through the parcels service.
 */
export function bulkParcelsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  guards: Guards;
  parcels: ParcelsService;
  flags: FlagsService;
  addressPrediction: AddressPredictionService;
}) {
  const { db, guards, ...services } = deps;
  const service = createBulkParcelsService({ repo: createBulkParcelsRepository(db), ...services });
  const batch = createParcelBatchService({ parcels: services.parcels });
  // The batch is also how the compatible APIs book many (issue 15): one path for every batch.
  return { service, batch, routes: bulkParcelsRoutes({ bulk: service, batch, guards }) };
}
