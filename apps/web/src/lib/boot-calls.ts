import type { StoredAuth } from './auth-storage';
import { bootCallsGlobal, bootCallsKey, bootCallsWindowMs } from './boot-calls-format';
import { getSelectedShopId } from './selected-shop';
import { storedValue } from './stored-value';

/**
 * A cold visit's first API calls sent by the boot script, before the app's entry has arrived
 * (issue 16; docs/decisions.md, "The boot script sends the page's first calls"). The app records
 * the calls its route loaders made on a page (only those marked `replay`: method and path, never a
 * token or an answer), with the shop kept then; on the next cold visit of the page, with the same
 * shop kept, the boot script sends them with the stored bearer and leaves the answers waiting on
 * `window`. `apiRequest` takes a waiting answer for the same call once, only if it was sent with
 * the token now signed in, and reads it as one it fetched itself (a 401 is the same 401). The
 * recording is the signed-in person's: forgotten at sign-out.
 */

type Recorded = [method: string, path: string, withBearer: 0 | 1];
type Recording = Record<string, { shop: string | null; calls: Recorded[] }>;

const recording = storedValue<Recording>(
  bootCallsKey,
  (raw) => {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Recording) : null;
  },
  JSON.stringify,
  { endsWithSession: true },
);

/** At most this many calls a page: the boot script's calls share the entry's six connections. */
const maxCalls = 8;

const startPath = typeof location === 'undefined' ? '' : location.pathname;
const thisVisit: Recorded[] = [];
// Forgotten (sign-out, or another tab's): what this page recorded before goes too.
recording.subscribe(() => {
  if (recording.get() === null) thisVisit.length = 0;
});

const early = () => typeof performance !== 'undefined' && performance.now() < bootCallsWindowMs;

/** Notes a page's first call (a GET, or a POST with an empty body) for the next cold visit. */
export function recordBootCall(method: string, path: string, withBearer: boolean, body?: string): void {
  if (!early() || location.pathname !== startPath) return;
  if (method !== 'GET' && !(method === 'POST' && body === '{}')) return;
  if (thisVisit.length >= maxCalls || thisVisit.some(([m, p]) => m === method && p === path)) return;
  thisVisit.push([method, path, withBearer ? 1 : 0]);
  const pages = recording.get() ?? {};
  recording.set({ ...pages, [startPath]: { shop: getSelectedShopId(), calls: [...thisVisit] } });
}

type Waiting = { token?: unknown; calls?: Record<string, { auth?: unknown; answer?: unknown } | undefined> };

/**
 * The boot script's answer to `method path`, once, early in the page's life, and only if it was
 * sent as this call would be: with the bearer of `auth` (the person signed in now), or without
 * one when `auth` is null. Otherwise undefined: the call is fetched as usual.
 */
export function takeBootAnswer(
  method: string,
  path: string,
  auth: StoredAuth | null,
): Promise<Response> | undefined {
  const waiting = (window as unknown as Record<string, Waiting | undefined>)[bootCallsGlobal];
  const key = `${method} ${path}`;
  const call = waiting?.calls?.[key];
  if (!waiting?.calls || !call) return undefined;
  delete waiting.calls[key];
  if (!early() || !(call.answer instanceof Promise)) return undefined;
  const sameCaller =
    call.auth === 1
      ? auth?.kind === 'user' && auth.token === waiting.token
      : call.auth === 0 && auth === null;
  return sameCaller ? (call.answer as Promise<Response>) : undefined;
}
