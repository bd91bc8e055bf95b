import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** A numeric one-time code of the given length, uniformly random. */
export function newNumericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** OTP hash bound to phone and purpose, so a leaked table row cannot be replayed elsewhere. */
export function hashOtp(code: string, phone: string, purpose: string): Buffer {
  return sha256(`${purpose}:${phone}:${code}`);
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
