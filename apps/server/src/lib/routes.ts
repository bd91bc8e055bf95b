import type { ApiKeyScope } from '@dak/domain/api-keys';
import type { Permission } from '@dak/domain/permissions';
import type { FastifyRequest } from 'fastify';
import type { Guards } from '../plugins/auth';
import { shopParams } from './schemas';

/** The OpenAPI security of a route that takes the bearer token (openapi.ts names the scheme). */
export const bearerSecurity = [{ bearer: [] }];

type Doc<S> = { tags: string[]; security: typeof bearerSecurity } & S;
type Described = { summary: string };

/**
 * The parts every route of a routes file repeats: its tags, the bearer security and its guard.
 *
 *     const route = routeOptions({ tags: ['customers'], guards });
 *     r.get('/shops/:shopId/customers', route.shop('parcel.view', { summary: 'The address book', response }), handler);
 *
 * `shop` routes get `params: shopParams` unless the schema names its own params.
 */
export function routeOptions(deps: { tags: string[]; guards: Guards }) {
  const { tags, guards } = deps;
  const doc = <S extends Described>(schema: S): Doc<S> => ({ tags, security: bearerSecurity, ...schema });
  return {
    /** A signed-in merchant's route (no shop). */
    user: <S extends Described>(schema: S) => ({ preValidation: guards.user, schema: doc(schema) }),
    /**
     * A route under /shops/:shopId that needs `permission` in the shop. `access.apiKey`: the scope
     * with which a shop's API key may call it too (issue 15); the route is then also listed under
     * the developer-api tag, whose test wants a curl example in its description.
     */
    shop: <S extends Described>(
      permission: Permission,
      schema: S,
      access: { apiKey?: ApiKeyScope } = {},
    ) => ({
      ...guards.shop(permission, access),
      schema: {
        ...doc({ params: shopParams, ...schema } as Omit<{ params: typeof shopParams }, keyof S> & S),
        ...(access.apiKey ? { tags: [...tags, 'developer-api'] } : {}),
      },
    }),
  };
}

/** Spread into a route's schema (`...secured`) where `routeOptions` does not fit. */
export const secured = { security: bearerSecurity };

/**
 * For a route whose body may be far above the API's limit (a bulk sheet's 16 MB): its guard runs
 * as soon as the route is known (onRequest), before a byte of the body is read or parsed, instead
 * of at preValidation. A flat 15 MB JSON body took over a second of the event loop to parse,
 * from anyone, before the 401 (review finding). The guard reads only the path and headers.
 */
export function guardBeforeBody<O extends { preValidation: (request: FastifyRequest) => Promise<unknown> }>(
  options: O,
): Omit<O, 'preValidation'> & { onRequest: O['preValidation'] } {
  const { preValidation, ...rest } = options;
  return { ...rest, onRequest: preValidation };
}

/**
 * For a route with a large body limit: the most values its JSON body may hold, counted before it
 * is parsed (plugins/json-body.ts, `jsonValuesOver`; 413 above). Keeps the route's own config.
 */
export function withJsonValues<O extends { config?: object }>(
  maxJsonValues: number,
  options: O,
): O & { config: NonNullable<O['config']> & { maxJsonValues: number } } {
  return { ...options, config: { ...(options.config as NonNullable<O['config']>), maxJsonValues } };
}
