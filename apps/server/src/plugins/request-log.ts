import type { FastifyRequest } from 'fastify';

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
