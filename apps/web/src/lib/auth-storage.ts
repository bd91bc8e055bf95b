import { useSyncExternalStore } from 'react';

/**
 * Who is signed in on this browser: a merchant/partner user (with the bearer token) or an
 * operations staff member. A staff session is an httpOnly cookie the server set (no script, ours
 * or the public site's, can read it): only the fact that staff is signed in is stored here.
 */
export type AuthKind = 'user' | 'staff';
export type StoredAuth = { kind: 'user'; token: string } | { kind: 'staff' };

const storageKey = 'dak.auth';
const listeners = new Set<() => void>();

function read(): StoredAuth | null {
  try {
    const raw = window.localStorage.getItem(storageKey);
    if (!raw) return null;
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
  } catch {
    return null;
  }
}

let current: StoredAuth | null = read();

function notify() {
  for (const listener of listeners) listener();
}

export function getAuth(): StoredAuth | null {
  return current;
}

export function setAuth(auth: StoredAuth): void {
  current = auth;
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(auth));
  } catch {
    // Private mode or a full disk: the session still works until the tab closes.
  }
  notify();
}

export function clearAuth(): void {
  if (current === null) return;
  current = null;
  try {
    window.localStorage.removeItem(storageKey);
  } catch {
    // Nothing stored to remove.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab signing in or out changes this tab too.
window.addEventListener('storage', (event) => {
  if (event.key !== storageKey && event.key !== null) return;
  current = read();
  notify();
});

/**
 * The headers that say who is calling: the merchant's bearer token, or the header that lets the
 * staff cookie count (the server refuses the cookie without it, so a forged request cannot use it).
 */
export function authHeaders(auth: StoredAuth | null = current): Record<string, string> {
  if (!auth) return {};
  return auth.kind === 'user' ? { Authorization: `Bearer ${auth.token}` } : { 'X-Dak-Console': '1' };
}

export function useAuth(): StoredAuth | null {
  return useSyncExternalStore(subscribe, getAuth, () => null);
}
