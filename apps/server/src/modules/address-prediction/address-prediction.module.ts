import type { LimitedDeps, ModuleDeps } from '../../lib/module';
import { addressPredictionRoutes } from './address-prediction.routes';
import { createAddressPredictionService } from './address-prediction.service';

/** The address prediction module: its service, and its routes for app.ts. */
export function addressPredictionModule(deps: Omit<ModuleDeps, 'guards'> & LimitedDeps) {
  const service = createAddressPredictionService(deps);
  return { service, routes: addressPredictionRoutes({ addressPrediction: service }) };
}
