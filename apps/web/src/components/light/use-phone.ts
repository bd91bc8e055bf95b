import { useSyncExternalStore } from 'react';

/** antd's md breakpoint: narrower than this is a phone (cards), wider a computer (a table). */
const wide = '(min-width: 768px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(wide);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

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
