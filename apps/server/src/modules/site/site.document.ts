import type { Lang, RenderedPage, SiteProps } from '@dak/domain/public-site';
import type { SiteAssets } from './site.renderer';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script>: no "</script>", no HTML comment opener, no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A site path in a language: `/coverage` → `/bn/coverage`; `/` → `/bn`. */
export function pathIn(lang: Lang, path: string): string {
  if (lang === 'en') return path;
  return path === '/' ? '/bn' : `/bn${path}`;
}

/**
 * The whole HTML document of a public page: its language, title and description, the canonical
 * URL and its other-language twin (hreflang), the rendered page, and the props to hydrate it.
 */
export function siteDocument(input: {
  props: SiteProps;
  page: RenderedPage;
  assets: SiteAssets | null;
  origin: string;
  /** Not-found and tracking pages are not for search engines. */
  noindex: boolean;
}): string {
  const { props, page, assets, origin } = input;
  const url = (lang: Lang) => `${origin}${pathIn(lang, props.path)}`;
  const head = [
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />',
    '<meta name="theme-color" content="#006a4e" />',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    input.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<link rel="canonical" href="${escapeHtml(url(props.lang))}" />`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(url('en'))}" />`,
    `<link rel="alternate" hreflang="bn" href="${escapeHtml(url('bn'))}" />`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url('en'))}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:locale" content="${props.lang === 'bn' ? 'bn_BD' : 'en_US'}" />`,
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    ...(assets?.css ?? []).map((href) => `<link rel="stylesheet" href="${href}" />`),
    ...(assets ? [assets.script, ...assets.preload] : []).map(
      (href) => `<link rel="modulepreload" href="${href}" />`,
    ),
  ].filter(Boolean);
  const script = assets
    ? `<script id="site-props" type="application/json">${scriptJson(props)}</script>\n<script type="module" src="${assets.script}"></script>`
    : '';
  return `<!doctype html>
<html lang="${props.lang}">
<head>
${head.join('\n')}
</head>
<body>
<div id="root">${page.html}</div>
${script}
</body>
</html>
`;
}
