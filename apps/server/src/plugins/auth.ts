import { type ApiKeyScope, apiKeyMessages, looksLikeApiKey, missingScopeMessage } from '@dak/domain/api-keys';
import type { StaffRole } from '@dak/domain/auth';
import { messages } from '@dak/domain/errors';
import { can, type Permission, rolePermissions, type ShopRole } from '@dak/domain/permissions';
import { hubScopeOf } from '@dak/domain/staff-rooms';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { StaffScope } from '../lib/staff-scope';
import type { AccountsService } from '../modules/auth/accounts.service';
import type { SessionsService } from '../modules/auth/sessions.service';
import { fromConsole, staffCookieToken } from './staff-cookie';

/**
 * Who is asking: a merchant user, a staff member (with the hubs they may act in), or nobody. Set
 * by the guards below.
 */
export type Principal =
  | { kind: 'user'; userId: string; sessionId: string }
  | ({ kind: 'staff'; sessionId: string } & StaffScope)
  | ({ kind: 'apiKey' } & ApiKeyIdentity);

/**
 * A shop's API key as the guard finds it: its shop, its scopes, and the owner who made it (whose
 * name the key's bookings carry).
 */
export type ApiKeyIdentity = {
  apiKeyId: string;
  shopId: string;
  scopes: readonly ApiKeyScope[];
  userId: string;
};

/**
 * Finds the live key of a `dak_…` token (null: unknown, malformed or revoked), counting the
 * request against the key's rate limit (RATE_LIMITED with retryAfterSeconds when over it).
 */
export type ApiKeyAuthenticator = { authenticate(token: string, ip: string): Promise<ApiKeyIdentity | null> };

/**
 * The shop a shop-scoped request acts on, and the caller's role in it. An API key has no role:
 * it gets the least one (viewer) and only the permission of the route it called; no route that
 * reads the role accepts keys.
 */
export type ShopAccess = {
  shopId: string;
  role: ShopRole;
  permissions: readonly Permission[];
  viaApiKey?: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    shopAccess: ShopAccess | null;
  }
  interface FastifyContextConfig {
    /** The permission a shop-scoped route needs; read by the guard and by the route-table tests. */
    shopPermission?: Permission;
    /** The API-key scope a shop route accepts; absent: every key is refused (403). */
    apiKeyScope?: ApiKeyScope;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export type Guards = ReturnType<typeof createGuards>;

/**
 * Hooks that every non-public route names: who may call it is part of its declaration. They run
 * at `preValidation` (after routing and body parsing, before schema validation), so a caller who
 * may not use a route learns nothing from it, not even which fields its body needs: `guards.user`
 * is used as `preValidation: guards.user`, `guards.shop(…)` is spread into the route options.
 */
export function createGuards(deps: {
  sessions: SessionsService;
  accounts: AccountsService;
  apiKeys?: ApiKeyAuthenticator;
}) {
  /** `cookie`: staff routes also take the console's httpOnly cookie (plugins/staff-cookie.ts). */
  async function resolve(request: FastifyRequest, options: { cookie?: boolean } = {}) {
    let token = bearer(request);
    if (!token && options.cookie) {
      token = staffCookieToken(request);
      // A cookie rides along on any request the browser makes; the console's header cannot.
      if (token && !fromConsole(request)) throw new AppError('FORBIDDEN', messages.forbidden);
    }
    if (!token) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    // A key is never a user or a staff member: only the shop routes that declare its scope take it.
    if (looksLikeApiKey(token)) throw new AppError('FORBIDDEN', apiKeyMessages.keyNotAllowed);
    const session = await deps.sessions.find(token);
    if (!session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    return session;
  }

  async function user(request: FastifyRequest) {
    const session = await resolve(request);
    if (!session.userId) throw new AppError('FORBIDDEN', messages.forbidden);
    request.principal = { kind: 'user', userId: session.userId, sessionId: session.id };
    return request.principal;
  }

  function shopIdOf(request: FastifyRequest): string {
    const shopId = (request.params as { shopId?: unknown } | undefined)?.shopId;
    if (typeof shopId !== 'string' || !uuidPattern.test(shopId)) {
      throw new AppError('NOT_FOUND', 'Shop not found');
    }
    return shopId;
  }

  /** A shop route called with an API key: its shop only, with the route's scope only. */
  async function keyAccess(
    request: FastifyRequest,
    token: string,
    permission: Permission,
    scope: ApiKeyScope,
  ) {
    const shopId = shopIdOf(request);
    const key = await deps.apiKeys?.authenticate(token, request.ip);
    if (!key) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    if (key.shopId !== shopId) throw new AppError('FORBIDDEN', apiKeyMessages.otherShop);
    if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', missingScopeMessage(scope));
    request.principal = { kind: 'apiKey', ...key };
    request.shopAccess = { shopId, role: 'viewer', permissions: [permission], viaApiKey: true };
  }

  return {
    user,
    /**
     * A route under /shops/:shopId that needs `permission`. Someone who does not work in the
     * shop gets 404 (the shop's existence is not revealed); a member without the permission, 403.
     * Use as `...guards.shop('pickup.manage')` in the route options. Path params are parsed
     * (as strings) before this runs, so the shop is known while the body is still unchecked.
     *
     * `apiKey`: the scope with which a shop's API key may call the route too (issue 15). Default
     * deny: a route that names no scope answers every key 403, as do user and staff routes.
     */
    shop(permission: Permission, options: { apiKey?: ApiKeyScope } = {}) {
      const scope = options.apiKey;
      return {
        config: { shopPermission: permission, ...(scope ? { apiKeyScope: scope } : {}) },
        preValidation: async (request: FastifyRequest) => {
          const token = bearer(request);
          if (scope && token && looksLikeApiKey(token)) return keyAccess(request, token, permission, scope);
          const shopId = (request.params as { shopId?: unknown } | undefined)?.shopId;
          if (!token || looksLikeApiKey(token) || typeof shopId !== 'string' || !uuidPattern.test(shopId)) {
            // Each of these is refused; `user` and `shopIdOf` say how, in the usual order.
            await user(request);
            shopIdOf(request);
            return;
          }
          // The session and the caller's role in the shop in one query (issue 16: a shop route's
          // fixed cost is one round trip).
          const session = await deps.sessions.findWithRole(token, shopId);
          if (!session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
          if (!session.userId) throw new AppError('FORBIDDEN', messages.forbidden);
          request.principal = { kind: 'user', userId: session.userId, sessionId: session.id };
          if (!session.role) throw new AppError('NOT_FOUND', 'Shop not found');
          if (!can(session.role, permission)) throw new AppError('FORBIDDEN', messages.forbidden);
          request.shopAccess = {
            shopId,
            role: session.role,
            permissions: rolePermissions[session.role],
          };
        },
      };
    },
    staff(roles?: readonly StaffRole[]) {
      return async (request: FastifyRequest) => {
        const session = await resolve(request, { cookie: true });
        if (!session.staffId) throw new AppError('FORBIDDEN', messages.forbidden);
        const staff = await deps.accounts.findStaffById(session.staffId);
        if (!staff?.active) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
        if (roles && !roles.includes(staff.role)) throw new AppError('FORBIDDEN', messages.forbidden);
        // The staff member's hubs are read with them, once: services check hubs against this scope.
        request.principal = {
          kind: 'staff',
          staffId: staff.id,
          role: staff.role,
          sessionId: session.id,
          ...hubScopeOf(staff.role, staff.hub_ids),
        };
      };
    },
  };
}

/**
 * Who a shop route acts for: the signed-in user, or, for an API key, the owner who made the key
 * (bookings and events record a user).
 */
export function actingUserOf(request: FastifyRequest): { userId: string } {
  const p = request.principal;
  if (p?.kind === 'apiKey') return { userId: p.userId };
  return userOf(request);
}

/** The signed-in user of a route guarded by `guards.user`. */
export function userOf(request: FastifyRequest) {
  const p = request.principal;
  if (p?.kind !== 'user') throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return p;
}

/** The shop and role of a route guarded by `guards.shop(…)`. */
export function shopOf(request: FastifyRequest): ShopAccess {
  if (!request.shopAccess) throw new AppError('NOT_FOUND', 'Shop not found');
  return request.shopAccess;
}

/** The staff member of a route guarded by `guards.staff(…)`, with the hubs they may act in. */
export function staffOf(request: FastifyRequest) {
  const p = request.principal;
  if (p?.kind !== 'staff') throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return p;
}
