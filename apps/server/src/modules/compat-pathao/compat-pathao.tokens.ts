import { createHmac } from 'node:crypto';
import type { DataKeys } from '../../lib/field-cipher';
import { sameHash } from '../../lib/secrets';

/** What a Pathao-style token carries: who, through which key, for which shop, until when. */
export type PathaoTokenClaims = {
  /** The user who signed in (the shop's owner). */
  sub: string;
  /** The shop of the key. */
  shop: string;
  /** The key's public keyId (the client_id). */
  key: string;
  typ: 'access' | 'refresh';
  iat: number;
  exp: number;
};

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Pathao's access and refresh tokens as signed, expiring JWTs (HS256), stored nowhere. The signing
 * key is derived from the data key ring (its id in the header, so a rotation keeps issued tokens
 * valid while the old key is configured). A token proves only that Dak issued it; every request
 * still reads the API key and the membership, so revoking the key or the owner leaving ends it.
 */
export function createPathaoTokens(deps: { keys: DataKeys }) {
  const { keys } = deps;

  function signingKey(kid: string): Buffer | null {
    const key = keys.keys[kid];
    return key ? createHmac('sha256', key).update('compat-pathao-token:v1').digest() : null;
  }

  function sign(claims: PathaoTokenClaims): string {
    const kid = keys.currentKeyId;
    const key = signingKey(kid);
    if (!key) throw new Error(`Data key "${kid}" is not configured`);
    const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid }))}.${b64(JSON.stringify(claims))}`;
    return `${head}.${b64(createHmac('sha256', key).update(head).digest())}`;
  }

  return {
    sign,

    /** The claims of a token Dak signed, of this type, not expired at `nowSeconds`; else null. */
    verify(token: string, typ: PathaoTokenClaims['typ'], nowSeconds: number): PathaoTokenClaims | null {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      let kid: unknown;
      let claims: Partial<PathaoTokenClaims>;
      try {
        kid = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: unknown }).kid;
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<PathaoTokenClaims>;
      } catch {
        return null;
      }
      const key = typeof kid === 'string' ? signingKey(kid) : null;
      if (!key) return null;
      const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
      if (!sameHash(expected, Buffer.from(signature, 'base64url'))) return null;
      if (claims.typ !== typ || typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
      if (
        typeof claims.sub !== 'string' ||
        typeof claims.shop !== 'string' ||
        typeof claims.key !== 'string'
      ) {
        return null;
      }
      return claims as PathaoTokenClaims;
    },
  };
}

export type PathaoTokens = ReturnType<typeof createPathaoTokens>;
