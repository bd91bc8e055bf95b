import { useSyncExternalStore } from 'react';

/** The shop the merchant works on, kept in the browser across reloads (spec 4: shop state persists). */
const storageKey = 'dak.shop';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    const value = window.localStorage.getItem(storageKey);
    return value && value.length <= 100 ? value : null;
  } catch {
    return null;
  }
}

let current: string | null = read();

function notify() {
  for (const listener of listeners) listener();
}

export function getSelectedShopId(): string | null {
  return current;
}

export function setSelectedShopId(shopId: string | null): void {
  if (current === shopId) return;
  current = shopId;
  try {
    if (shopId === null) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, shopId);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab switching shop switches this one too, as signing in or out does.
window.addEventListener('storage', (event) => {
  if (event.key !== storageKey && event.key !== null) return;
  current = read();
  notify();
});

export function useSelectedShopId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedShopId, () => null);
}
