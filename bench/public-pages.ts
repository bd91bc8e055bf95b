/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { seedSiteContent } from '../apps/server/src/db/seed/site-content';
import { deadline, machine, median, startBench, verdictSummary } from './lib';
import { installObservers, measurePanelPages, type OpenThrottled, readLcp } from './panel-pages';

/**
 * How fast the public pages load on a cheap phone on a slow network (docs/performance.md):
 * each page in headless Chromium with the CPU slowed 4× and Lighthouse's "Slow 4G" network
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), from a cold cache. Reports the
 * JavaScript transferred (bytes on the wire, compressed as the server sends it), all bytes
 * transferred, and Largest Contentful Paint. Runs the built web app (npm run build first) and
 * the real server on a throw-away embedded PostgreSQL with the demo site content. Then the
 * merchant panel's pages, with their interaction to next paint (bench/panel-pages.ts).
 *   npm run bench:pages        (BENCH_RUNS=3 per page, median reported)
 *   BENCH_PAGES=public|panel   one half only
 * Ends with the pass/fail table of the panel's LCP (< 2.5 s) and INP (< 200 ms), and the load.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const half = process.env.BENCH_PAGES ?? 'all';
const pages = [
  '/',
  '/bn',
  '/coverage',
  '/coverage?q=sylhet&from=mirpur%2010',
  '/courier',
  '/courier?districtId=chattogram',
  '/enterprise',
  '/faq',
  '/blog',
  '/blog/cash-on-delivery-paid-next-day',
  '/track/DK22222222X',
];
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Measure = { jsBytes: number; allBytes: number; lcpMs: number };

/** A page in a fresh context as a cheap phone on Slow 4G sees it, with its bytes counted. */
function throttled(browser: Browser) {
  return async (storageState?: Parameters<OpenThrottled>[0]) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      storageState,
    });
    const page = await context.newPage();
    await installObservers(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const types = new Map<string, string>();
    const bytes = { js: 0, all: 0 };
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      bytes.all += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') bytes.js += e.encodedDataLength;
    });
    return { context, page, bytes };
  };
}

async function measurePublicPages(base: string, open: ReturnType<typeof throttled>) {
  // Warm the server (the first render loads the site's server bundle).
  for (const path of pages) await fetch(`${base}${path}`);
  const rows: string[] = [];
  for (const path of pages) {
    const measures: Measure[] = [];
    for (let i = 0; i < runs; i++) {
      const { context, page, bytes } = await open();
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      // LCP is final once the page is idle and nothing larger paints; a short grace for the last entry.
      await page.waitForTimeout(500);
      measures.push({ jsBytes: bytes.js, allBytes: bytes.all, lcpMs: await readLcp(page) });
      await context.close();
    }
    const js = median(measures.map((m) => m.jsBytes)) / 1024;
    const all = median(measures.map((m) => m.allBytes)) / 1024;
    const lcp = median(measures.map((m) => m.lcpMs));
    rows.push(`| \`${path}\` | ${js.toFixed(1)} | ${all.toFixed(1)} | ${Math.round(lcp)} |`);
    console.log(rows.at(-1));
  }
  console.log(
    '\n| page | JS transferred KB | all transferred KB | LCP ms (median) |\n| --- | ---: | ---: | ---: |',
  );
  console.log(rows.join('\n'));
}

async function main() {
  if (!existsSync(join(webDist, '.vite/manifest.json'))) {
    console.error('Build the web app first: npm run build');
    process.exit(1);
  }
  console.error(`bench pages: ${machine()}`);
  // Logins and address predictions well past the per-IP limits: every run signs in or asks again.
  const bench = await startBench('pages', {
    WEB_DIST: webDist,
    RATE_LOGIN_PER_IP_PER_15_MIN: '100000',
    RATE_AREA_PREDICT_PER_IP_PER_MINUTE: '100000',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const close = async () => {
    await browser.close().catch(() => {});
    await bench.close();
  };
  // A stuck page or database must not hang the machine: about 2 minutes a half at 3 runs.
  const stop = deadline(Number(process.env.BENCH_PAGES_TIMEOUT_MS ?? 20 * 60_000), close);
  try {
    const { app, database } = bench;
    // The demo booths, trucks, FAQ and posts: the pages as a visitor sees them, not their empty states.
    await seedSiteContent(database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const open = throttled(browser);
    if (half !== 'panel') await measurePublicPages(base, open);
    if (half !== 'public') await measurePanelPages({ app, browser, base, runs, open });
    const summary = verdictSummary();
    if (half !== 'public') {
      console.log(`\n${summary.table}\n`);
      console.log(summary.failed === 0 ? 'Every goal holds.' : `${summary.failed} goal(s) not met.`);
    }
  } finally {
    stop();
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
