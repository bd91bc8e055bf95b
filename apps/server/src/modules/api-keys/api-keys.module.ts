import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataKeys } from '../../lib/field-cipher';
import type { Guards } from '../../plugins/auth';
import type { RateLimiter } from '../../plugins/rate-limit';
import { createApiKeysRepository } from './api-keys.repository';
import { apiKeysRoutes } from './api-keys.routes';
import { createApiKeysService } from './api-keys.service';

/**
 * A shop's API keys (issue 15). Built before the auth module, whose guards check keys with this
 * service; the routes are made once the guards exist (`routes(guards)`).
 */
export function apiKeysModule(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rateLimiter: RateLimiter;
  hashKeys: DataKeys;
  requestsPerMinute: number;
}) {
  const service = createApiKeysService({ ...deps, repo: createApiKeysRepository(deps.db) });
  return { service, routes: (guards: Guards) => apiKeysRoutes({ apiKeys: service, guards }) };
}
