import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage, SiteProps } from '@dak/domain/public-site';
import { webFiles } from '../../config';

/** The files a public page links: the site's script, its preloads and its stylesheet. */
export type SiteAssets = { script: string; preload: string[]; css: string[] };
export type SiteRenderer = {
  render(props: SiteProps): RenderedPage;
  /** Null when the web app is not built (tests): the page is served without its script. */
  assets: SiteAssets | null;
};

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;
const clientEntry = 'src/site/entry-client.tsx';

/** The built site's script and styles from Vite's manifest, or null when there is none. */
export function readSiteAssets(webDist: string | undefined): SiteAssets | null {
  if (!webDist) return null;
  const path = join(webDist, '.vite/manifest.json');
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const entry = manifest[clientEntry];
  if (!entry) return null;
  const preload = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) walk(child);
  };
  for (const key of entry.imports ?? []) walk(key);
  return {
    script: `/${entry.file}`,
    preload: [...preload].map((f) => `/${f}`),
    css: [...css].map((f) => `/${f}`),
  };
}

/**
 * The public site's server bundle: the SSR build next to the web build, else the source itself,
 * which the test runner (Vite) compiles on the fly (both paths from config.ts, `webFiles`).
 * Loaded on the first public page, so API-only test apps never pay for it.
 */
export function createSiteRendererLoader(webDist: string | undefined): () => Promise<SiteRenderer> {
  let loading: Promise<SiteRenderer> | undefined;
  return () => {
    loading ??= (async () => {
      const { built, source } = webFiles.ssrEntry(webDist);
      const target = built && existsSync(built) ? built : source;
      const module = (await import(/* @vite-ignore */ pathToFileURL(target).href)) as {
        render: SiteRenderer['render'];
      };
      return { render: module.render, assets: readSiteAssets(webDist) };
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
}
