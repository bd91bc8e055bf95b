import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The staff console's session in the browser (docs/decisions.md, "The staff session cookie"): an
 * httpOnly cookie no page script can read — not the public site's, not the panel's — sent only
 * to the console's and the rider screens' API paths, never cross-site (SameSite=Strict), Secure
 * in production. Bearer tokens keep working for API clients; the merchant panel is unchanged.
 */
export const staffCookieName = 'dak_staff';
/** Staff routes live under these two API paths; a cookie has one Path, so it is set once for each. */
export const staffCookiePaths = ['/api/v1/ops', '/api/v1/rider'] as const;
/**
 * The header the console sends on every call (and on sign-in, to ask for the cookie). A page on
 * another origin cannot send it without a CORS preflight, which this server never grants: a
 * forged form or image request carries the cookie (if SameSite ever let it) but not this header.
 */
export const consoleHeader = 'x-dak-console';

export type StaffCookieOptions = { secure: boolean; maxAgeSeconds: number };

function cookie(value: string, path: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${staffCookieName}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setStaffCookie(reply: FastifyReply, token: string, options: StaffCookieOptions) {
  reply.header(
    'set-cookie',
    staffCookiePaths.map((path) => cookie(token, path, options.secure, options.maxAgeSeconds)),
  );
}

export function clearStaffCookie(reply: FastifyReply, options: Pick<StaffCookieOptions, 'secure'>) {
  reply.header(
    'set-cookie',
    staffCookiePaths.map((path) => cookie('', path, options.secure, 0)),
  );
}

/** True when the caller is the console (it sent the header only same-origin script can send). */
export function fromConsole(request: FastifyRequest): boolean {
  return request.headers[consoleHeader] === '1';
}

/** The staff session token from the cookie, if any. Tokens are base64url: no decoding needed. */
export function staffCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === staffCookieName) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}
