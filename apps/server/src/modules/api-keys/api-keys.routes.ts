import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema } from '@dak/domain/api-keys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { curlExample } from '../../lib/curl-example';
import { routeOptions } from '../../lib/routes';
import { shopParams } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { ApiKeysService } from './api-keys.service';

const keyParams = shopParams.extend({ id: z.uuid() });

/** The Developer APIs screen's keys (owner only: `apikey.manage`); no key may manage keys. */
export function apiKeysRoutes(deps: { apiKeys: ApiKeysService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { apiKeys, guards } = deps;
    const route = routeOptions({ tags: ['developer-api'], guards });

    r.post(
      '/shops/:shopId/api-keys',
      route.shop('apikey.manage', {
        summary: 'Create an API key: the secret and token are in this answer only',
        description:
          'Scopes from parcels:write, parcels:read, tracking, webhooks. Use the token as ' +
          '`Authorization: Bearer dak_…`. Only a keyed hash of the secret is kept: a lost secret ' +
          'cannot be shown again; revoke the key and create another.\n\n' +
          '    curl -X POST https://dak.example/api/v1/shops/$SHOP/api-keys \\\n' +
          '      -H "Authorization: Bearer $SESSION" -H "Content-Type: application/json" \\\n' +
          '      -d \'{"name":"WooCommerce store","scopes":["parcels:write","parcels:read"]}\'',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema },
      }),
      async (request, reply) => {
        const created = await apiKeys.create({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          ...request.body,
        });
        return reply.status(201).send(created);
      },
    );

    r.get(
      '/shops/:shopId/api-keys',
      route.shop('apikey.manage', {
        summary: "The shop's API keys: prefix, scopes, last use (time and address); never the secret",
        description: curlExample('GET', '/shops/$SHOP/api-keys', { token: '$SESSION' }),
        response: { 200: apiKeyListSchema },
      }),
      (request) => apiKeys.list(shopOf(request).shopId),
    );

    r.delete(
      '/shops/:shopId/api-keys/:id',
      route.shop('apikey.manage', {
        summary: 'Revoke an API key: refused from the next request on',
        description: curlExample('DELETE', '/shops/$SHOP/api-keys/$KEY', { token: '$SESSION' }),
        params: keyParams,
        response: { 200: z.object({ id: z.uuid(), revokedAt: z.date() }) },
      }),
      (request) =>
        apiKeys.revoke({
          shopId: shopOf(request).shopId,
          id: request.params.id,
          userId: userOf(request).userId,
        }),
    );
  };
}
