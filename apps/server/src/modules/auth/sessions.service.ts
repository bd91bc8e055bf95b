import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';
import { createSessionsRepository } from './sessions.repository';

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Bearer sessions: revocable rows keyed by a hash of the token; the token is shown once. */
export function createSessionsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { clock } = deps;
  const repo = createSessionsRepository(deps.db);
  return {
    async create(input: {
      userId?: string;
      staffId?: string;
      ttlHours: number;
      ip?: string;
      userAgent?: string;
    }): Promise<string> {
      const token = newToken();
      const now = clock.now();
      await repo.insert({
        token_hash: sha256(token),
        user_id: input.userId ?? null,
        staff_id: input.staffId ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + input.ttlHours * 3600 * 1000),
        ip: input.ip ?? null,
        user_agent: input.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    /** The live session of a token, or null when unknown, revoked or expired. */
    async find(token: string) {
      const row = await repo.findByTokenHash(sha256(token));
      if (!row || row.revoked_at) return null;
      if (new Date(row.expires_at).getTime() <= clock.now().getTime()) return null;
      return { id: row.id, userId: row.user_id, staffId: row.staff_id };
    },

    /**
     * `find` and the user's active role in `shopId` in one query (see the repository): null when
     * the session is not live; `role` null when its user is not an active member of the shop.
     */
    async findWithRole(token: string, shopId: string) {
      const row = await repo.findByTokenHashWithRole(sha256(token), shopId);
      if (!row || row.revoked_at) return null;
      if (new Date(row.expires_at).getTime() <= clock.now().getTime()) return null;
      return { id: row.id, userId: row.user_id, staffId: row.staff_id, role: row.role };
    },

    async revoke(sessionId: string) {
      await repo.revoke(sessionId, clock.now());
    },

    /** Signs a user out everywhere (after a password reset), optionally keeping one session. */
    async revokeAllForUser(userId: string, exceptSessionId?: string) {
      await repo.revokeAllForUser(userId, clock.now(), exceptSessionId);
    },
  };
}
