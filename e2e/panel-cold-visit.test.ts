import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { merchantWithPickup, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Issue 16, item 3: a cold visit to /dashboard on Slow 4G does not wait in line. The boot script
 * asks for the frame's and the dashboard's chunks while the app's entry downloads, and the
 * routes' loaders ask for the shop list, the shop's permissions and the figures together rather
 * than each after the one before (docs/performance.md, "The cold visit's waterfall").
 */

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
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;

describe('a cold visit to the dashboard', () => {
  it('fetches the page’s chunks with the entry and its first API calls at once', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    const { context, page } = await signedInContext(browser, merchant.token, {
      viewport: { width: 360, height: 740 },
    });
    // A first visit keeps the selected shop in the browser, as a returning merchant has it.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('count-pickup_pending').waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    const sent = new Map<string, { url: string; start: number; answered?: number; end?: number }>();
    cdp.on('Network.requestWillBeSent', (e) =>
      sent.set(e.requestId, { url: e.request.url, start: e.timestamp }),
    );
    cdp.on('Network.responseReceived', (e) => {
      const request = sent.get(e.requestId);
      if (request) request.answered = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const request = sent.get(e.requestId);
      if (request) request.end = e.timestamp;
    });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('count-pickup_pending').waitFor({ timeout: 30_000 });
    await context.close();

    const requests = [...sent.values()];
    const one = (test: (path: string) => boolean, what: string) => {
      const found = requests.find((r) => test(new URL(r.url).pathname));
      if (!found) throw new Error(`no request for ${what}: ${requests.map((r) => r.url).join(', ')}`);
      return found;
    };
    const file = (key: string) => `/${manifest[key]?.file}`;
    // The entry's own scripts (index.html's static imports): the last of them to arrive.
    const entryFiles = new Set<string>();
    const follow = (key: string) => {
      if (entryFiles.has(file(key))) return;
      entryFiles.add(file(key));
      for (const next of manifest[key]?.imports ?? []) follow(next);
    };
    follow('index.html');
    const entryDone = Math.max(
      ...requests.filter((r) => entryFiles.has(new URL(r.url).pathname)).map((r) => r.end ?? Infinity),
    );
    const dashboardChunk = one(
      (path) => path === file('src/app/routes/merchant/dashboard-page.tsx'),
      'the dashboard page',
    );
    const frameChunk = one((path) => path === file('src/app/panel-frame.tsx'), 'the panel frame');
    expect(dashboardChunk.start).toBeLessThan(entryDone);
    expect(frameChunk.start).toBeLessThan(entryDone);

    const api = `/api/v1/shops/${merchant.shopId}`;
    const shops = one((path) => path === '/api/v1/shops', 'the shop list');
    const select = one((path) => path === `${api}/select`, 'the shop’s permissions');
    const figures = one((path) => path === `${api}/dashboard`, 'the figures');
    // Sent together: neither waits for the shop list's or the permissions' answer.
    expect(select.start).toBeLessThan(shops.answered ?? Infinity);
    expect(figures.start).toBeLessThan(shops.answered ?? Infinity);
    expect(figures.start).toBeLessThan(select.answered ?? Infinity);
  });
});
