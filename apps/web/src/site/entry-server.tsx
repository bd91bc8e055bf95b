import type { RenderedPage, SiteProps } from '@dak/domain/public-site';
import { renderToString } from 'react-dom/server';
import { metaOf, SiteApp } from './app';

/**
 * The server's half of the public site (built with `vite build --ssr`): the page's HTML, title and
 * description. The server wraps them in the document and embeds the props for hydration.
 */
export function render(props: SiteProps): RenderedPage {
  return { html: renderToString(<SiteApp {...props} />), ...metaOf(props) };
}
