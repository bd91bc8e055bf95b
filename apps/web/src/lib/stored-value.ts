import { useSyncExternalStore } from 'react';

/** What sign-out must forget besides the session itself (values kept with `endsWithSession`). */
const sessionValues = new Set<{ set: (value: null) => void }>();

/** Forgets every value kept for the signed-in person (called by `endSession`). */
export function forgetSessionValues(): void {
  for (const value of sessionValues) value.set(null);
}

/**
 * One value kept in the browser's localStorage under `key`, shared by every component: read once
 * at start, written through on change, and read again when another tab changes it. `parse` turns
 * the stored text back into the value (null, or a throw, for anything it does not accept).
 * `endsWithSession`: the value is the signed-in person's, forgotten at sign-out.
 */
export function storedValue<T>(
  key: string,
  parse: (raw: string) => T | null,
  serialize: (value: T) => string,
  options: { endsWithSession?: boolean } = {},
) {
  const listeners = new Set<() => void>();

  const read = (): T | null => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw ? parse(raw) : null;
    } catch {
      return null;
    }
  };

  let current = read();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const get = (): T | null => current;

  const set = (value: T | null): void => {
    current = value;
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, serialize(value));
    } catch {
      // Private mode or a full disk: the value lasts for this visit.
    }
    notify();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  window.addEventListener('storage', (event) => {
    if (event.key !== key && event.key !== null) return;
    current = read();
    notify();
  });

  const value = { get, set, subscribe };
  if (options.endsWithSession) sessionValues.add(value);
  return value;
}

export type StoredValue<T> = ReturnType<typeof storedValue<T>>;

/** The stored value in a component, rendered again when it changes (null on the server). */
export function useStoredValue<T>(stored: StoredValue<T>): T | null {
  return useSyncExternalStore(stored.subscribe, stored.get, () => null);
}
