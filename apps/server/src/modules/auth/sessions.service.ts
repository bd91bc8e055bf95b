import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Bearer sessions: revocable rows keyed by a hash of the token; the token is shown once. */
export function createSessionsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
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
      await db
        .insertInto('sessions')
        .values({
          token_hash: sha256(token),
          user_id: input.userId ?? null,
          staff_id: input.staffId ?? null,
          created_at: now,
          expires_at: new Date(now.getTime() + input.ttlHours * 3600 * 1000),
          ip: input.ip ?? null,
          user_agent: input.userAgent?.slice(0, 300) ?? null,
        })
        .execute();
      return token;
    },

    /** The live session of a token, or null when unknown, revoked or expired. */
    async find(token: string) {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'staff_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || row.revoked_at) return null;
      if (new Date(row.expires_at).getTime() <= clock.now().getTime()) return null;
      return { id: row.id, userId: row.user_id, staffId: row.staff_id };
    },

    async revoke(sessionId: string) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Signs a user out everywhere (after a password reset), optionally keeping one session. */
    async revokeAllForUser(userId: string, exceptSessionId?: string) {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      await query.execute();
    },
  };
}
