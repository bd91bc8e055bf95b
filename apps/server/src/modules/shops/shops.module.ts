import type { ModuleDeps } from '../../lib/module';
import type { OtpService } from '../auth/otp.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import { createShopsRepository } from './shops.repository';
import { shopsRoutes } from './shops.routes';
import { createShopsService } from './shops.service';

/** The shops module: its service, and its routes for app.ts. */
export function shopsModule(deps: ModuleDeps & { otp: OtpService; pickups: PickupLocationsService }) {
  const { db, clock, otp, pickups } = deps;
  const service = createShopsService({ db, clock, repo: createShopsRepository(db), otp, pickups });
  return { service, routes: shopsRoutes({ shops: service, guards: deps.guards }) };
}
