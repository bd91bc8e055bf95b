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
  | ({ kind: 'staff'; sessionId: string } & StaffScope);

/** The shop a shop-scoped request acts on, and the caller's role in it. */
export type ShopAccess = { shopId: string; role: ShopRole; permissions: readonly Permission[] };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    shopAccess: ShopAccess | null;
  }
  interface FastifyContextConfig {
    /** The permission a shop-scoped route needs; read by the guard and by the route-table tests. */
    shopPermission?: Permission;
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
export function createGuards(deps: { sessions: SessionsService; accounts: AccountsService }) {
  /** `cookie`: staff routes also take the console's httpOnly cookie (plugins/staff-cookie.ts). */
  async function resolve(request: FastifyRequest, options: { cookie?: boolean } = {}) {
    let token = bearer(request);
    if (!token && options.cookie) {
      token = staffCookieToken(request);
      // A cookie rides along on any request the browser makes; the console's header cannot.
      if (token && !fromConsole(request)) throw new AppError('FORBIDDEN', messages.forbidden);
    }
    if (!token) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
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

  return {
    user,
    /**
     * A route under /shops/:shopId that needs `permission`. Someone who does not work in the
     * shop gets 404 (the shop's existence is not revealed); a member without the permission, 403.
     * Use as `...guards.shop('pickup.manage')` in the route options. Path params are parsed
     * (as strings) before this runs, so the shop is known while the body is still unchecked.
     */
    shop(permission: Permission) {
      return {
        config: { shopPermission: permission },
        preValidation: async (request: FastifyRequest) => {
          const principal = await user(request);
          const shopId = (request.params as { shopId?: unknown } | undefined)?.shopId;
          if (typeof shopId !== 'string' || !uuidPattern.test(shopId)) {
            throw new AppError('NOT_FOUND', 'Shop not found');
          }
          const membership = await deps.accounts.findMembership(shopId, principal.userId);
          if (!membership) throw new AppError('NOT_FOUND', 'Shop not found');
          if (!can(membership.role, permission)) throw new AppError('FORBIDDEN', messages.forbidden);
          request.shopAccess = {
            shopId,
            role: membership.role,
            permissions: rolePermissions[membership.role],
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
