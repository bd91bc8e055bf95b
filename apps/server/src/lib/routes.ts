import type { ApiKeyScope } from '@dak/domain/api-keys';
import type { Permission } from '@dak/domain/permissions';
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
