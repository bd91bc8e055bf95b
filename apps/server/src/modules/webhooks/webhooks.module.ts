import type { Jobs } from '../../jobs/jobs';
import { createFieldCipher, type DataKeys } from '../../lib/field-cipher';
import type { ModuleDeps } from '../../lib/module';
import { type Resolver, systemResolver } from './webhook-address';
import type { SendLimits } from './webhook-sender';
import { createWebhooksRepository } from './webhooks.repository';
import { webhooksRoutes } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

/**
 * A shop's webhooks (issue 15, item 3): endpoints, the delivery log, and the attempts the jobs
 * make. The events themselves are announced by their modules (webhook-events.service.ts).
 */
export function webhooksModule(
  deps: ModuleDeps & {
    jobs: Jobs;
    dataKeys: DataKeys;
    production: boolean;
    /** Tests resolve names their own way (a name that points at a private address). */
    resolve?: Resolver;
    /** Tests shorten the timeout. */
    limits?: Partial<SendLimits>;
  },
) {
  const service = createWebhooksService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    repo: createWebhooksRepository(deps.db),
    cipher: createFieldCipher(deps.dataKeys),
    production: deps.production,
    resolve: deps.resolve ?? systemResolver,
    limits: deps.limits,
  });
  return { service, routes: webhooksRoutes({ webhooks: service, guards: deps.guards }) };
}
