import { storedValue, useStoredValue } from './stored-value';

/**
 * The shop the merchant works on, kept in the browser across reloads (spec 4: shop state
 * persists). Another tab switching shop switches this one too, as signing in or out does; in
 * private mode the choice lasts for this visit.
 */
const stored = storedValue<string>('dak.shop', (raw) => (raw.length <= 100 ? raw : null), String);

export function getSelectedShopId(): string | null {
  return stored.get();
}

export function setSelectedShopId(shopId: string | null): void {
  if (stored.get() === shopId) return;
  stored.set(shopId);
}

export function useSelectedShopId(): string | null {
  return useStoredValue(stored);
}
