import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of `sessions`: bearer sessions keyed by a hash of their token. */
export function createSessionsRepository(db: Kysely<DB>) {
  return {
    async insert(values: {
      token_hash: Buffer;
      user_id: string | null;
      staff_id: string | null;
      created_at: Date;
      expires_at: Date;
      ip: string | null;
      user_agent: string | null;
    }) {
      await db.insertInto('sessions').values(values).execute();
    },

    findByTokenHash(tokenHash: Buffer) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'staff_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * The session of a token and, in the same query, its user's active role in one shop (null
     * when not a member): a shop route's fixed cost is one round trip, not two in a row.
     */
    findByTokenHashWithRole(tokenHash: Buffer, shopId: string) {
      return db
        .selectFrom('sessions as s')
        .leftJoin('shop_members as m', (join) =>
          join
            .onRef('m.user_id', '=', 's.user_id')
            .on('m.shop_id', '=', shopId)
            .on('m.status', '=', 'active'),
        )
        .select(['s.id', 's.user_id', 's.staff_id', 's.expires_at', 's.revoked_at', 'm.role'])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async revoke(sessionId: string, now: Date) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId: string, now: Date, exceptSessionId?: string) {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      await query.execute();
    },

    /** Whether the account had a session (even ended) from this address since `since`. */
    async signedInFrom(account: { userId?: string; staffId?: string }, ip: string, since: Date) {
      let query = db.selectFrom('sessions').select('id').where('ip', '=', ip).where('created_at', '>', since);
      query = account.userId
        ? query.where('user_id', '=', account.userId)
        : query.where('staff_id', '=', account.staffId ?? '');
      return Boolean(await query.limit(1).executeTakeFirst());
    },
  };
}
