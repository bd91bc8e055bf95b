/**
 * What the boot script (apps/web/vite.config.ts, `bootPreload`) and the app (./boot-calls.ts)
 * agree on, in one place: both read these names. No browser code here, so the build config can
 * import it.
 */

/** localStorage: page path → `{ shop, calls: [method, path, withBearer][] }`, paths only. */
export const bootCallsKey = 'dak.bootCalls';

/** window: `{ token, calls: { 'GET /shops': { auth, answer: Promise<Response> } } }` from the boot script. */
export const bootCallsGlobal = '__dakBootCalls';

/** The API's base path (api-client.ts reads it from here). */
export const apiBase = '/api/v1';

/** A page's first calls: recorded, and answers taken, only this long after the page started. */
export const bootCallsWindowMs = 10_000;
