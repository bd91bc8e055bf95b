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
 * network is quiet, except what the dashboard page imports on its own once it is up (its charts:
 * e2e/dashboard-bundle.test.ts keeps them out of its static imports), reported apart.
 *
 * The budgets: issue 16 asks for 250 KB. The sign-in page alone is held to it (225–229 KB since
 * it, its frame and its form pieces are plain React and CSS: 426 KB with antd before). The whole
 * first screen measured 520–524 KB then (antd's core, form, layout, menu and date picker come with
 * the panel's frame and the dashboard); the test holds the line at 535 KB until those stop using
 * antd too, so it cannot grow unnoticed; lower BUDGET_KB as it shrinks, to 250. See
 * docs/performance.md, "The merchant panel's first screen". FIRST_SCREEN_BUDGET_KB and
 * LOGIN_PAGE_BUDGET_KB override them (to see the test fail).
 *
 * And no antd at all on the sign-in page: none of its scripts is the chunk of antd's providers
 * (app/antd-providers.tsx, by the build's manifest) or holds antd's style engine or icons (the
 * strings "data-ant-cssinjs" and "anticon" that every antd component's and icon's code carries).
 */
const targetKb = 250;
const budgetKb = Number(process.env.FIRST_SCREEN_BUDGET_KB) || 535;
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
/** What the dashboard imports once it is up (its charts), and the app had not loaded before. */
function afterInteractive(): Set<string> {
  const before = new Set([
    ...staticFiles('index.html'),
    ...staticFiles('src/app/merchant-shell.tsx'),
    ...staticFiles(dashboardPage),
  ]);
  const later = new Set<string>();
  for (const key of manifest[dashboardPage]?.dynamicImports ?? []) {
    for (const file of staticFiles(key)) if (!before.has(file)) later.add(file);
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

      const later = afterInteractive();
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
        `First screen (${lang}): login ${kb(login)} KB, login + dashboard ${kb(total)} KB gzip in ${sizes.length} scripts (budgets: login ${loginBudgetKb} KB, both ${budgetKb} KB; target ${targetKb} KB); then the dashboard's own lazy parts ${afterwardsKb} KB (${afterwards.join(', ')})\n${table}`,
      );
      expect(sizes.length).toBeGreaterThan(1);
      expect(antdScripts(loginScripts), 'antd on the sign-in page').toEqual([]);
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
