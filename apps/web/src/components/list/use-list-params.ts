import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A 1-based page number from the address bar; anything else is page 1. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Sets or removes search parameters, keeping the others. */
export function withParams(
  current: URLSearchParams,
  changes: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The value of a search parameter if it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string, F extends T | undefined>(
  value: string | null,
  allowed: readonly T[],
  fallback: F,
): T | F {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/**
 * A list's filters and page live in the address, so Back from a record returns to the same page
 * of the list. `update` changes some filters and goes back to page 1 unless it names the page;
 * `replace` (the merchant lists) rewrites the history entry instead of adding one.
 */
export function useListParams(options: { pageSize: number; replace?: boolean }) {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const update = (changes: Record<string, string | null | undefined>) =>
    setParams((current) => withParams(current, 'page' in changes ? changes : { ...changes, page: null }), {
      replace: options.replace ?? false,
    });
  const setPage = (next: number) => update({ page: next > 1 ? String(next) : null });
  return { params, page, offset: (page - 1) * options.pageSize, update, setPage };
}

/**
 * The search box's text: follows the address when it changes (Back), and with `debounceMs` sends
 * itself (trimmed) when typing pauses, as the merchant lists do; the console's lists send on Enter.
 */
export function useSearchText(current: string, onSearch: (text: string) => void, debounceMs?: number) {
  const [text, setText] = useState(current);
  // A new address (Back, a tab) sets the box, keeping a space the user is typing.
  useEffect(() => setText((typed) => (typed.trim() === current ? typed : current)), [current]);
  useEffect(() => {
    if (debounceMs === undefined) return;
    const timer = window.setTimeout(() => {
      if (current !== text.trim()) onSearch(text.trim());
    }, debounceMs);
    return () => window.clearTimeout(timer);
  });
  return [text, setText] as const;
}

/** A merchant list's search: `q` from the address and the box's text, sent when typing pauses. */
export function useListSearch({
  params,
  update,
}: Pick<ReturnType<typeof useListParams>, 'params' | 'update'>) {
  const q = params.get('q')?.trim() || undefined;
  const search = useSearchText(q ?? '', (next) => update({ q: next || undefined }), 350);
  return { q, search };
}
