import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type { TranslationKey } from '../lib/i18n';

/** What a route says about itself through react-router's `handle`: the key of its page's name. */
export type RouteHandle = { title: TranslationKey };

/** The `handle` of a route whose page is called `key` ("Parcels" → "Parcels — Dak"). */
export const titled = (key: TranslationKey): { handle: RouteHandle } => ({ handle: { title: key } });

/**
 * Names the tab after the deepest matched route that has a title, in the chosen language; a route
 * without one (the home page, not found) keeps the site's own title.
 */
export function useRouteTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = matches
    .map((match) => (match.handle as Partial<RouteHandle> | undefined)?.title)
    .filter((title) => title !== undefined)
    .at(-1);
  const title = key ? `${t(key)} — ${t('app.brand')}` : t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** For a route tree without a layout of its own (the rider's): titles the page, then renders it. */
export function TitledOutlet() {
  useRouteTitle();
  return <Outlet />;
}
