import { useSyncExternalStore } from 'react';

/** antd's md breakpoint: narrower than this is a phone (cards), wider a computer (a table). */
const wide = '(min-width: 768px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(wide);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** antd's lg breakpoint, as app-shell.css uses it: from here the top bar holds the menu's links. */
export const wideQuery = '(min-width: 992px)';
const subscribeWide = (onChange: () => void) => {
  const list = window.matchMedia?.(wideQuery);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** A computer's width (992 px and up): e.g. the booking form's charge stays beside the form. */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia?.(wideQuery).matches === true,
    () => false,
  );
}

/**
 * Is the screen a phone's? The same answer as components/list's `usePhone` (antd's Grid), from
 * matchMedia alone, so a page without antd can ask it.
 */
export function usePhone(): boolean {
  return !useSyncExternalStore(
    subscribe,
    () => window.matchMedia(wide).matches,
    () => true,
  );
}
