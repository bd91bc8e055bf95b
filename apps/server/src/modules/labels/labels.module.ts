import type { ModuleDeps } from '../../lib/module';
import { createLabelsRepository } from './labels.repository';
import { labelsRoutes } from './labels.routes';
import { createLabelsService } from './labels.service';

/** The labels module: its service, and its routes for app.ts. */
export function labelsModule(deps: Omit<ModuleDeps, 'clock'> & { publicUrl: string | undefined }) {
  const service = createLabelsService({ repo: createLabelsRepository(deps.db) });
  return {
    service,
    routes: labelsRoutes({ labels: service, guards: deps.guards, publicUrl: deps.publicUrl }),
  };
}
