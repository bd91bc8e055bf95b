/** The channel a parcel's public view changes on (migration 20261201071000): its tracking ID, or '*'. */
export const trackingChangedChannel = 'dak_tracking_changed';

/** Past this many tracking IDs kept, the store starts again (clear-at-N: no order to keep per hit). */
const maxKept = 10_000;

type Kept<T> = { json: T; expires: number };
type Loading<T> = { promise: Promise<T>; stale: boolean };

/**
 * Public tracking answers, serialised, per tracking ID, in this process (issue 16, item 1).
 *
 * - A move, an event, an edit of the phone or area (any process, any writer: database triggers)
 *   arrives as a NOTIFY with the tracking ID and drops that answer; a renamed hub or a changed
 *   geography drops them all, as does the listener's reconnect (what was sent meanwhile was not
 *   heard). So a customer never sees an answer older than the NOTIFY's delivery.
 * - A missed NOTIFY is bounded by `ttlMs` (a few seconds).
 * - A read that was running when a NOTIFY for its ID (or '*') arrived is not kept: it may have
 *   read the row before the commit. Concurrent misses for one ID share one read.
 * - Only answers are kept: an unknown ID (404) is read every time, so a new parcel shows at once.
 */
export function createTrackingCache<T = string>(deps: { ttlMs: number; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const kept = new Map<string, Kept<T>>();
  const loading = new Map<string, Loading<T>>();

  function forget(trackingId: string) {
    kept.delete(trackingId);
    const running = loading.get(trackingId);
    if (running) {
      running.stale = true;
      loading.delete(trackingId);
    }
  }

  function forgetAll() {
    kept.clear();
    for (const running of loading.values()) running.stale = true;
    loading.clear();
  }

  return {
    enabled: deps.ttlMs > 0,

    /** The kept answer of a tracking ID, else `load`'s (kept if nothing changed meanwhile). */
    get(trackingId: string, load: () => Promise<T>): Promise<T> {
      if (deps.ttlMs <= 0) return load();
      const hit = kept.get(trackingId);
      if (hit !== undefined) {
        if (hit.expires > now()) return Promise.resolve(hit.json);
        kept.delete(trackingId);
      }
      const running = loading.get(trackingId);
      if (running) return running.promise;
      const entry: Loading<T> = { promise: load(), stale: false };
      loading.set(trackingId, entry);
      entry.promise.then(
        (json) => {
          if (loading.get(trackingId) === entry) loading.delete(trackingId);
          if (entry.stale) return;
          if (kept.size >= maxKept) kept.clear();
          kept.set(trackingId, { json, expires: now() + deps.ttlMs });
        },
        () => {
          if (loading.get(trackingId) === entry) loading.delete(trackingId);
        },
      );
      return entry.promise;
    },

    /** A NOTIFY on the tracking channel: one tracking ID, or '*' for all. */
    heard(payload: string | undefined) {
      if (!payload || payload === '*') forgetAll();
      else forget(payload);
    },

    /** Everything may have changed (the geography's NOTIFY, a reconnected listener). */
    forgetAll,

    /** How many answers are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}

export type TrackingCache<T = string> = ReturnType<typeof createTrackingCache<T>>;
