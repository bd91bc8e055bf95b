import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * A Bangladeshi mobile number as people write it in a URL: optional +88 or 88, then 01 and nine
 * more digits, with spaces or dashes anywhere between; not part of a longer run of digits (a
 * UUID's last group). Letters around it do not save it: INV01712345678 is masked too.
 */
const phoneLike = /(?<!\d)(?:\+?[\s-]*8[\s-]*8[\s-]*)?0[\s-]*1(?:[\s-]*\d){9}(?!\d)/g;

export const phoneMask = '[phone]';

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** One path segment or query value, decoded to find the number however it was encoded. */
function maskPart(part: string): string {
  const decoded = decode(part);
  if (decoded === null) return part.replace(phoneLike, phoneMask);
  const masked = decoded.replace(phoneLike, phoneMask);
  return masked === decoded ? part : encodeURIComponent(masked).replace(/%5Bphone%5D/g, phoneMask);
}

/**
 * The URL as the request log may keep it: every phone-like value in the path or the query (a
 * tracking lookup by invoice and phone, the outbox's ?to=, a customer lookup, a search box) is
 * replaced by [phone], whatever the parameter is called. Customers' phones are personal data;
 * the logs are read by more people, and kept longer, than the database.
 */
export function maskPhonesInUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const maskedPath = path.split('/').map(maskPart).join('/');
  if (at === -1) return maskedPath;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? maskPart(pair) : `${pair.slice(0, eq + 1)}${maskPart(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${maskedPath}?${query}`;
}

/**
 * An API key's token pasted into a URL (a query parameter, a wrong path) keeps its public key id
 * and loses its secret: headers are never logged, but URLs are (issue 15).
 */
const apiKeyLike = /dak_([a-z0-9]{16})_[A-Za-z0-9_-]+/g;
/** A signed token (the Pathao-compatible API's JWTs): header.payload.signature, all masked. */
const jwtLike = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
export function maskApiKeysInUrl(url: string): string {
  return url.replace(apiKeyLike, 'dak_$1_[secret]').replace(jwtLike, '[token]');
}

/** Fastify's request serializer (the same fields as its own), with the URL's phones and keys masked. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    const version = request.headers?.['accept-version'];
    return {
      method: request.method,
      url: maskPhonesInUrl(maskApiKeysInUrl(request.url)),
      version: Array.isArray(version) ? version.join(', ') : version,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/**
 * The log level of the hot public reads (districts, area search, the public calculator, tracking by
 * ID; issue 16): their two request lines at info are not written, their failures (warn, error)
 * are; at LOG_LEVEL debug or trace they log like every route (app.ts). See docs/decisions.md.
 */
export const hotReadLogLevel = 'warn';

const levelValues: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

type ParentLogger = FastifyBaseLogger;
type Log = (...args: unknown[]) => void;

/**
 * A request's logger, made only when something is logged at an enabled level (issue 16, hot
 * reads). Fastify makes a pino child per request, and pino's child serialises its bindings (the
 * request id) through the redaction's wildcard paths: a few per cent of a hot read that logs
 * nothing. The same child, with the same bindings and options, is made on first use.
 */
class LazyRequestLogger {
  level: string;
  #parent: ParentLogger;
  #bindings: Bindings;
  #options: ChildLoggerOptions;
  #real: ParentLogger | null = null;

  constructor(parent: ParentLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.level = options.level ?? parent.level;
  }

  #logger(): ParentLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]) {
    if ((levelValues[level] ?? 0) < (levelValues[this.level] ?? 0)) return;
    (this.#logger()[level] as unknown as Log)(...args);
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used (LazyRequestLogger). */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
