import type { StaffRole } from '@dak/domain/auth';
import { messages } from '@dak/domain/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { AuthRepository } from '../modules/auth/auth.repository';
import type { SessionsService } from '../modules/auth/sessions.service';

/** Who is asking: a merchant user, a staff member, or nobody. Set by the guards below. */
export type Principal =
  | { kind: 'user'; userId: string; sessionId: string }
  | { kind: 'staff'; staffId: string; role: StaffRole; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export type Guards = ReturnType<typeof createGuards>;

/** preHandlers that every non-public route names: who may call it is part of its declaration. */
export function createGuards(deps: { sessions: SessionsService; repo: AuthRepository }) {
  async function resolve(request: FastifyRequest) {
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    const session = await deps.sessions.find(token);
    if (!session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    return session;
  }

  return {
    async user(request: FastifyRequest) {
      const session = await resolve(request);
      if (!session.userId) throw new AppError('FORBIDDEN', messages.forbidden);
      request.principal = { kind: 'user', userId: session.userId, sessionId: session.id };
    },
    staff(roles?: readonly StaffRole[]) {
      return async (request: FastifyRequest) => {
        const session = await resolve(request);
        if (!session.staffId) throw new AppError('FORBIDDEN', messages.forbidden);
        const staff = await deps.repo.findStaffById(session.staffId);
        if (!staff?.active) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
        if (roles && !roles.includes(staff.role)) throw new AppError('FORBIDDEN', messages.forbidden);
        request.principal = { kind: 'staff', staffId: staff.id, role: staff.role, sessionId: session.id };
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

export function staffOf(request: FastifyRequest) {
  const p = request.principal;
  if (p?.kind !== 'staff') throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return p;
}
