import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import type { Guards } from '../../plugins/auth';
import type { ParcelsService } from '../parcels/parcels.service';
import { createParcelExportsRepository } from './parcel-exports.repository';
import { parcelExportsRoutes } from './parcel-exports.routes';
import { createParcelExportsService } from './parcel-exports.service';

/** The parcel list's exports to xlsx (issue 4, part 7): the service the export jobs run, and its routes. */
export function parcelExportsModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  guards: Guards;
  parcels: ParcelsService;
  storage: Storage;
  jobs: Jobs;
  ttlHours: number;
  log: FastifyBaseLogger;
}) {
  const { db, guards, ...rest } = deps;
  const service = createParcelExportsService({ repo: createParcelExportsRepository(db), ...rest });
  return { service, routes: parcelExportsRoutes({ exports: service, guards }) };
}
