import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The most values (objects, arrays and list items) a route's JSON body may hold (jsonValuesOver). */
    maxJsonValues?: number;
  }
}

/**
 * The deepest JSON body any route takes: ours are a few levels deep (a bulk sheet's rows are 3).
 * A body nested far deeper is an attack, not a request: `[[[[…` of 1 MB took JSON.parse about
 * 0.4 s of the event loop, on any route, before the route's guard had looked at the caller.
 */
export const maxJsonDepth = 64;

/**
 * What is wrong with JSON text's shape, found by one pass over its characters (strings skipped)
 * before anything is parsed: nested deeper than `depth`, or holding more than `values` values
 * (every `{`, `[` and `,`). JSON.parse's time follows the number of values, not the bytes: 15 MB of
 * `{},{},…` (5 million objects) held the event loop 2.5 s (load 9), from any member of a shop, on
 * the bulk preview. A few ms for the largest body we take.
 */
export function jsonShapeFault(
  text: string,
  limits: { depth?: number; values?: number },
): 'too-deep' | 'too-many-values' | null {
  const depthLimit = limits.depth ?? maxJsonDepth;
  const valuesLimit = limits.values ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > depthLimit) return 'too-deep';
      if (++values > valuesLimit) return 'too-many-values';
    } else if (c === 44 /* , */) {
      if (++values > valuesLimit) return 'too-many-values';
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--;
    }
  }
  return null;
}

/** Whether JSON text nests arrays and objects deeper than `limit` (`jsonShapeFault`). */
export const nestedTooDeep = (text: string, limit = maxJsonDepth): boolean =>
  jsonShapeFault(text, { depth: limit }) === 'too-deep';

/**
 * Whether JSON text holds more than `limit` values (`jsonShapeFault`, depth not limited). The
 * routes with a large body limit say how many values their largest legal body has (route config
 * `maxJsonValues`).
 */
export const jsonValuesOver = (text: string, limit: number): boolean =>
  jsonShapeFault(text, { depth: Number.POSITIVE_INFINITY, values: limit }) === 'too-many-values';

/**
 * The values of the 500-booking bodies (the developer API's batch, Steadfast's and Pathao's bulk
 * orders): a booking is a flat object of about 20 fields, 64 values each leaves room for extras.
 */
export const batchJsonValues = 500 * 64 + 16;

export const tooManyValuesError = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'Request body holds more values than this route takes');

export const tooDeepError = () => new AppError('INVALID_JSON', 'Request body is nested too deeply');

/**
 * The app's JSON body parser: Fastify's own (prototype poisoning refused), after the depth check.
 * Plugins that parse JSON themselves (the telephony webhook, RedX's form bodies) check with
 * `nestedTooDeep` too.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const fault =
      typeof body === 'string'
        ? jsonShapeFault(body, { values: request.routeOptions.config?.maxJsonValues })
        : null;
    if (fault === 'too-deep') return done(tooDeepError(), undefined);
    if (fault === 'too-many-values') return done(tooManyValuesError(), undefined);
    return parse(request, body as string, done);
  });
}
