import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lang, merchantWithPickup, shots } from './fixtures';
import { launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Issue 16, item 3: the merchant panel's first screen (the login page, then the dashboard after
 * signing in) makes a browser download at most 250 KB of gzipped JavaScript; the rest of the app
 * comes per route on demand. Measured the way a phone meets it: the real built pages in Chromium,
 * every script it fetched from a fresh cache, each counted at its gzip size (the `.gz` copy the
 * build writes, else gzipped here at level 9), whatever encoding the browser was sent (brotli).
 *
 * Counted: every script fetched from opening /login until the dashboard's figures show and the
 * network is quiet, except what the first screen's modules import on demand and the sign-in page
 * had not fetched: the dashboard's charts, and the tour, terms dialog, popup banner and bell drawer
 * that open over the page with antd. Those are reported apart.
 *
 * The budget is issue 16's: 250 KB for the sign-in page alone and for the whole first screen
 * (2026-11-27: 217–221 KB and 244–248 KB). The sign-in page, the panel's frame and the dashboard
 * are plain React and CSS; antd's providers sit below them (app/router.tsx); `libs` holds only the
 * first screen's own libraries (vite.config.ts). See docs/performance.md, "The merchant panel's
 * first screen". FIRST_SCREEN_BUDGET_KB and LOGIN_PAGE_BUDGET_KB override them (to see it fail).
 *
 * And no antd before the dashboard is up, nor on the sign-in page: none of their scripts is the
 * chunk of antd's providers (app/antd-providers.tsx, by the build's manifest) or holds antd's style
 * engine or icons (the strings "data-ant-cssinjs" and "anticon" that every antd component's and
 * icon's code carries).
 */
const targetKb = 250;
const budgetKb = Number(process.env.FIRST_SCREEN_BUDGET_KB) || targetKb;
const loginBudgetKb = Number(process.env.LOGIN_PAGE_BUDGET_KB) || targetKb;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dist = inject('webDist');

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
/** The files a manifest key loads before it runs (its static imports, followed through). */
function staticFiles(key: string, files = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  files.add(`/${chunk.file}`);
  for (const next of chunk.imports ?? []) staticFiles(next, files, seen);
  return files;
}
const dashboardPage = 'src/app/routes/merchant/dashboard-page.tsx';
/** The first screen's route modules after sign-in: the panel's frame, the shop's frame, the dashboard. */
const firstScreenRoutes = ['src/app/panel-frame.tsx', 'src/app/merchant-shell.tsx', dashboardPage];
/** The manifest keys a key loads before it runs (itself and its static imports, followed through). */
function staticKeys(key: string, keys = new Set<string>()): Set<string> {
  if (keys.has(key)) return keys;
  keys.add(key);
  for (const next of manifest[key]?.imports ?? []) staticKeys(next, keys);
  return keys;
}
/**
 * What the first screen's modules import on demand once it is up, and the app had not loaded for
 * it: the dashboard's charts; the tour, the terms dialog, the popup banner and the bell's drawer
 * with antd (each opens over the page, the tour on a first sign-in only).
 */
function afterInteractive(): Set<string> {
  const keys = new Set<string>();
  for (const key of ['index.html', ...firstScreenRoutes]) staticKeys(key, keys);
  const before = new Set<string>();
  for (const key of keys) staticFiles(key, before);
  const later = new Set<string>();
  for (const key of keys) {
    for (const lazy of manifest[key]?.dynamicImports ?? []) {
      if (firstScreenRoutes.includes(lazy)) continue;
      for (const file of staticFiles(lazy)) if (!before.has(file)) later.add(file);
    }
  }
  return later;
}

/** The gzip size of a built file, as the build's precompressed copy holds it. */
function gzipBytes(pathname: string): number {
  const file = join(dist, pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** antd's marks in a built script: its style engine (cssinjs) and its icons' class. */
const antdMarks = ['data-ant-cssinjs', 'anticon'];
const antdProvidersFile = `/${manifest['src/app/antd-providers.tsx']?.file}`;
/** The sign-in page's scripts that are antd's, with the mark that gives each away. */
function antdScripts(paths: Iterable<string>): string[] {
  const found: string[] = [];
  for (const path of paths) {
    if (path === antdProvidersFile) found.push(`${path} (antd's providers)`);
    const text = readFileSync(join(dist, path), 'utf8');
    const mark = antdMarks.find((m) => text.includes(m));
    if (mark) found.push(`${path} (${mark})`);
  }
  return found;
}

/** Records the scripts a page fetches from the app (by path), from now on. */
function recordScripts(page: Page, origin: string): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) {
      scripts.add(url.pathname);
    }
  });
  return scripts;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

describe('the merchant panel’s first screen', () => {
  it.each(['en', 'bn'] as const)(
    'downloads at most the budget of gzipped JavaScript from login to dashboard (%s)',
    async (lang: Lang) => {
      const merchant = await merchantWithPickup(server.baseUrl, { password: 'Boutique-2026' });
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      await context.addInitScript((language) => {
        if (!window.localStorage.getItem('dak.lang')) window.localStorage.setItem('dak.lang', language);
      }, lang);
      const page = await context.newPage();
      const scripts = recordScripts(page, server.baseUrl);

      await page.goto(`${server.baseUrl}/login`);
      await page.getByTestId('login-password').waitFor();
      await page.waitForLoadState('networkidle');
      const loginScripts = new Set(scripts);
      await shots(page, 'first-screen-login', lang, { closeToasts: false });
      await page.locator('input[autocomplete="tel"]').fill(merchant.phone);
      await page.getByTestId('login-password').fill('Boutique-2026');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/dashboard', { timeout: 20_000 });
      await page.getByTestId('dashboard-range').waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await shots(page, 'first-screen-dashboard', lang, { waitForLoad: true });

      // What the sign-in page fetched is the first screen's, whoever imports it lazily (the strings).
      const later = new Set([...afterInteractive()].filter((path) => !loginScripts.has(path)));
      const sizes = [...scripts]
        .filter((path) => !later.has(path))
        .map((path) => ({ path, gzip: gzipBytes(path) }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      const login = [...loginScripts].reduce((sum, path) => sum + gzipBytes(path), 0);
      const afterwards = [...scripts].filter((path) => later.has(path));
      const afterwardsKb = kb(afterwards.reduce((sum, path) => sum + gzipBytes(path), 0));
      const table = sizes
        .sort((a, b) => b.gzip - a.gzip)
        .map((s) => `${String(kb(s.gzip)).padStart(7)} KB  ${s.path}`)
        .join('\n');
      console.log(
        `First screen (${lang}): login ${kb(login)} KB, login + dashboard ${kb(total)} KB gzip in ${sizes.length} scripts (budgets: login ${loginBudgetKb} KB, both ${budgetKb} KB; target ${targetKb} KB); then what it loads on demand ${afterwardsKb} KB (${afterwards.join(', ')})\n${table}`,
      );
      expect(sizes.length).toBeGreaterThan(1);
      expect(antdScripts(loginScripts), 'antd on the sign-in page').toEqual([]);
      expect(
        antdScripts(sizes.map((s) => s.path)),
        'antd before the dashboard is up (only what opens over it may bring antd)',
      ).toEqual([]);
      expect(kb(login), 'gzipped JavaScript of the sign-in page alone (KB)').toBeLessThanOrEqual(
        loginBudgetKb,
      );
      expect(kb(total), `gzipped JavaScript of the first screen (KB):\n${table}`).toBeLessThanOrEqual(
        budgetKb,
      );
      await context.close();
    },
    120_000,
  );
});
