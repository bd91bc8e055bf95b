import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Links like /settings#payment-method open at that section (the router does not scroll to a
 * hash by itself). Runs once the page has drawn its sections.
 */
export function useScrollToHash(ready = true) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash || !ready) return;
    const frame = window.requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash, ready]);
}
