/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { migrate } from '../apps/server/src/db/migrate';
import { seedGeography } from '../apps/server/src/db/seed/geography';
import { seedParcelCategories } from '../apps/server/src/db/seed/parcel-categories';
import { seedSiteContent } from '../apps/server/src/db/seed/site-content';

/**
 * How fast the public pages load on a cheap phone on a slow network (docs/performance.md):
 * each page in headless Chromium with the CPU slowed 4× and Lighthouse's "Slow 4G" network
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), from a cold cache. Reports the
 * JavaScript transferred (bytes on the wire, compressed as the server sends it), all bytes
 * transferred, and Largest Contentful Paint. Runs the built web app (npm run build first) and
 * the real server on a throw-away embedded PostgreSQL with the demo site content.
 *   node --import tsx bench/public-pages.ts        (BENCH_RUNS=3 per page, median reported)
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 3);
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  if (!existsSync(join(webDist, '.vite/manifest.json'))) {
    console.error('Build the web app first: npm run build');
    process.exit(1);
  }
  const dir = await mkdtemp(join(tmpdir(), 'dak-bench-pages-'));
  let pg: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    pg = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
    database = openDatabase(pg.url);
    await migrate(database.pool);
    await seedGeography(database.db);
    await seedParcelCategories(database.db);
    // The demo booths, trucks, FAQ and posts: the pages as a visitor sees them, not their empty states.
    await seedSiteContent(database.db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: webDist });
    app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // Warm the server (the first render loads the site's server bundle).
    for (const path of pages) await fetch(`${base}${path}`);

    const rows: string[] = [];
    for (const path of pages) {
      const measures: Measure[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({
          viewport: { width: 360, height: 740 },
          deviceScaleFactor: 2,
        });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __lcp: number };
          w.__lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__lcp = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', slow4g);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const types = new Map<string, string>();
        let jsBytes = 0;
        let allBytes = 0;
        cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
        cdp.on('Network.loadingFinished', (e) => {
          allBytes += e.encodedDataLength;
          if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
        });
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        // LCP is final once the page is idle and nothing larger paints; a short grace for the last entry.
        await page.waitForTimeout(500);
        const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
        measures.push({ jsBytes, allBytes, lcpMs });
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
  } finally {
    await browser.close();
    await app?.close();
    await database?.close();
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
