import { storedValue, useStoredValue } from './stored-value';

/**
 * Who is signed in on this browser: a merchant/partner user (with the bearer token) or an
 * operations staff member. A staff session is an httpOnly cookie the server set (no script, ours
 * or the public site's, can read it): only the fact that staff is signed in is stored here.
 */
export type AuthKind = 'user' | 'staff';
export type StoredAuth = { kind: 'user'; token: string } | { kind: 'staff' };

function parseAuth(raw: string): StoredAuth | null {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null) return null;
  const { token, kind } = value as Record<string, unknown>;
  if (kind === 'staff') {
    // A staff token stored by an older version: dropped; the console asks to sign in again.
    if (token !== undefined) return null;
    return { kind };
  }
  if (typeof token !== 'string' || token === '') return null;
  if (kind !== 'user') return null;
  return { token, kind };
}

// Another tab signing in or out changes this tab too. In private mode or with a full disk the
// session still works until the tab closes.
const stored = storedValue<StoredAuth>('dak.auth', parseAuth, JSON.stringify);

export function getAuth(): StoredAuth | null {
  return stored.get();
}

export function setAuth(auth: StoredAuth): void {
  stored.set(auth);
}

export function clearAuth(): void {
  if (stored.get() === null) return;
  stored.set(null);
}

/**
 * The headers that say who is calling: the merchant's bearer token, or the header that lets the
 * staff cookie count (the server refuses the cookie without it, so a forged request cannot use it).
 */
export function authHeaders(auth: StoredAuth | null = stored.get()): Record<string, string> {
  if (!auth) return {};
  return auth.kind === 'user' ? { Authorization: `Bearer ${auth.token}` } : { 'X-Dak-Console': '1' };
}

export function useAuth(): StoredAuth | null {
  return useStoredValue(stored);
}
