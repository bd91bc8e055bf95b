import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), which follow OWASP's advice. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the phone is unknown, so a wrong phone costs as long as a wrong password.
const decoy = hash('decoy password that never matches anything');

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
