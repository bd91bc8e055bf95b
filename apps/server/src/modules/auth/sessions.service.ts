import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';
import type { SessionCache } from './session-cache';
import { createSessionsRepository } from './sessions.repository';

export type SessionsService = ReturnType<typeof createSessionsService>;

type ShopRole = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createSessionsRepository>['findByTokenHashWithRole']>>
>['role'];

/**
 * Bearer sessions: revocable rows keyed by a hash of the token; the token is shown once.
 * `cache`: the shop routes' session-and-role lookups kept in memory (session-cache.ts).
 */
export function createSessionsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  cache?: SessionCache<NonNullable<ShopRole>>;
}) {
  const { clock, cache } = deps;
  const repo = createSessionsRepository(deps.db);

  async function loadWithRole(tokenHash: Buffer, shopId: string) {
    const row = await repo.findByTokenHashWithRole(tokenHash, shopId);
    if (!row || row.revoked_at) return null;
    const expiresAt = new Date(row.expires_at).getTime();
    if (expiresAt <= clock.now().getTime()) return null;
    return { id: row.id, userId: row.user_id, staffId: row.staff_id, role: row.role, expiresAt };
  }

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
    async findWithRole(
      token: string,
      shopId: string,
    ): Promise<{ id: string; userId: string | null; staffId: string | null; role: ShopRole } | null> {
      const tokenHash = sha256(token);
      if (!cache?.enabled) return loadWithRole(tokenHash, shopId);
      return cache.get(
        tokenHash.toString('hex'),
        shopId,
        () => loadWithRole(tokenHash, shopId),
        (found) =>
          found?.userId && found.role ? { ...found, userId: found.userId, role: found.role } : null,
      );
    },

    /** Ends a session; this process forgets it at once, the others at the NOTIFY of the commit. */
    async revoke(sessionId: string) {
      await repo.revoke(sessionId, clock.now());
      cache?.forget(sessionId);
    },

    /** Signs a user out everywhere (after a password reset), optionally keeping one session. */
    async revokeAllForUser(userId: string, exceptSessionId?: string) {
      await repo.revokeAllForUser(userId, clock.now(), exceptSessionId);
      cache?.forget(userId);
    },
  };
}
