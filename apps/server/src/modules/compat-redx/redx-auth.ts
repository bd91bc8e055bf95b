import { type ApiKeyScope, missingScopeMessage } from '@dak/domain/api-keys';
import { redxMessages } from '@dak/domain/compat/redx';
import type { Permission } from '@dak/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { ApiKeyAuthenticator } from '../../plugins/auth';

/** The token of `API-ACCESS-TOKEN: Bearer <token>` (RedX's header); a bare token is taken too. */
function redxToken(request: FastifyRequest): string | null {
  const header = request.headers['api-access-token'];
  if (typeof header !== 'string') return null;
  const token = /^\s*(?:Bearer\s+)?(\S+)\s*$/i.exec(header)?.[1];
  return token ?? null;
}

/**
 * RedX's auth in Dak's terms: the header carries a shop's Dak API token (`dak_<keyId>_<secret>`),
 * checked by the API keys service exactly as the developer API's bearer is (keyed hash, revoked
 * keys refused on the next request, the per-key rate limit with Retry-After). The key's shop is
 * the shop (RedX's token names its shop too). `scopes`: the key needs one of them; `any`: any live
 * key (reference data). As with every key, the request acts with the route's permission only.
 */
export function redxGuard(apiKeys: ApiKeyAuthenticator) {
  return (permission: Permission, scopes: readonly ApiKeyScope[] | 'any') =>
    async (request: FastifyRequest) => {
      const token = redxToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', redxMessages.tokenMissing);
      const key = await apiKeys.authenticate(token, request.ip);
      if (!key) throw new AppError('UNAUTHENTICATED', redxMessages.tokenInvalid);
      if (scopes !== 'any' && !scopes.some((s) => key.scopes.includes(s))) {
        throw new AppError('FORBIDDEN', missingScopeMessage(scopes[0] as ApiKeyScope));
      }
      request.principal = { kind: 'apiKey', ...key };
      request.shopAccess = { shopId: key.shopId, role: 'viewer', permissions: [permission], viaApiKey: true };
    };
}
