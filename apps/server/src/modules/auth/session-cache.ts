/** The channel a user's sessions and memberships change on (migration 20261202013000): the user's ID, or '*'. */
export const sessionChangedChannel = 'dak_session_changed';

/** Past this many (token, shop) pairs kept, the store starts again (clear-at-N, as tracking's). */
const maxKept = 10_000;

/** What a shop route's guard needs of a live session: who, and their active role in the shop. */
export type SessionAccess<Role> = {
  id: string;
  userId: string;
  staffId: string | null;
  role: Role;
  /** When the session itself expires (ms): a kept entry never outlives it. */
  expiresAt: number;
};

/**
 * A live session and its user's role in one shop, per (token hash, shop), in this process, for
 * `ttlMs` (issue 16, item 2: the shop routes' fixed cost was this query's round trip).
 *
 * - Whatever ends or narrows access (a session revoked or deleted: sign-out, password change or
 *   reset; a membership added, removed, or its role or status changed) arrives from any process
 *   as a NOTIFY with the user's ID at commit (database triggers) and drops that user's entries;
 *   '*' and the listener's reconnect drop them all.
 * - Used only while the listener is connected (`listening`): a process that cannot hear the
 *   notices reads the database every time.
 * - A missed notice is bounded by `ttlMs`; an entry never outlives its session's expiry.
 * - A read that was running when any notice arrived is not kept (it may have read before the
 *   commit). Only live sessions of members are kept: an unknown token, a revoked or expired
 *   session and a non-member are read every time.
 */
export function createSessionCache<Role>(deps: {
  ttlMs: number;
  now?: () => number;
  listening?: () => boolean;
}) {
  const now = deps.now ?? Date.now;
  const kept = new Map<string, { access: SessionAccess<Role>; until: number }>();
  /** Bumped by every notice: a read that started before one is not kept. */
  let generation = 0;

  function forgetAll() {
    generation += 1;
    kept.clear();
  }

  /** Drops every entry of a user (or of one session, by its ID). */
  function forget(id: string) {
    generation += 1;
    for (const [key, entry] of kept) {
      if (entry.access.userId === id || entry.access.id === id) kept.delete(key);
    }
  }

  const enabled = deps.ttlMs > 0;
  return {
    enabled,

    /**
     * The kept access of a token hash (hex) in a shop, else `load`'s answer; `keep` picks what of
     * it may be kept (a live session of an active member), kept if no notice came meanwhile.
     */
    async get<T>(
      tokenHash: string,
      shopId: string,
      load: () => Promise<T>,
      keep: (loaded: T) => SessionAccess<Role> | null,
    ): Promise<T | SessionAccess<Role>> {
      if (!enabled || !(deps.listening?.() ?? true)) return load();
      const key = `${tokenHash}:${shopId}`;
      const hit = kept.get(key);
      if (hit) {
        if (hit.until > now()) return hit.access;
        kept.delete(key);
      }
      const started = generation;
      const loaded = await load();
      const access = keep(loaded);
      if (access && generation === started) {
        const until = Math.min(now() + deps.ttlMs, access.expiresAt);
        if (until > now()) {
          if (kept.size >= maxKept) kept.clear();
          kept.set(key, { access, until });
        }
      }
      return loaded;
    },

    /** A NOTIFY on the channel: a user's ID, or '*' for all. */
    heard(payload: string | undefined) {
      if (!payload || payload === '*') forgetAll();
      else forget(payload);
    },

    forget,
    forgetAll,

    /** How many entries are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}

export type SessionCache<Role> = ReturnType<typeof createSessionCache<Role>>;
