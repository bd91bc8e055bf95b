import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookParcel, type Merchant, merchantWithPickup, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Issue 16, item 3: a cold visit to /dashboard, /parcels or /parcels/new on Slow 4G does not wait
 * in line. The boot script asks for the frame's and the page's chunks while the app's entry
 * downloads, and the routes' loaders ask for the shop list, the shop's permissions and the page's
 * first calls (the figures; the list's page; the form's pickup locations and categories) together
 * rather than each after the one before (docs/performance.md, "The cold visit's waterfall").
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

type Request = { url: string; start: number; answered?: number; end?: number };

/**
 * A signed-in merchant's cold visit to `path` (cache off, Slow 4G), after one warm visit that
 * keeps the selected shop in the browser as a returning merchant has it; every request it made.
 */
async function coldVisit(merchant: Merchant, path: string, ready: (page: Page) => Promise<unknown>) {
  const { context, page } = await signedInContext(browser, merchant.token, {
    viewport: { width: 360, height: 740 },
  });
  await page.goto(`${server.baseUrl}${path}`);
  await ready(page);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const sent = new Map<string, Request>();
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
  await page.goto(`${server.baseUrl}${path}`);
  await ready(page);
  await context.close();

  const requests = [...sent.values()];
  const one = (test: (path: string, search: string) => boolean, what: string) => {
    const found = requests.find((r) => test(new URL(r.url).pathname, new URL(r.url).search));
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
    ...requests
      .filter((r) => entryFiles.has(new URL(r.url).pathname))
      .map((r) => at(r.end, `${r.url} finished`)),
  );
  /** The route module's chunk, asked for before the entry has arrived (the boot script's preload). */
  const chunkWithEntry = (key: string) => {
    const chunk = one((p) => p === file(key), key);
    expect(chunk.start, key).toBeLessThan(entryDone);
  };
  const api = `/api/v1/shops/${merchant.shopId}`;
  const shops = one((p) => p === '/api/v1/shops', 'the shop list');
  const select = one((p) => p === `${api}/select`, 'the shop’s permissions');
  /** Sent with the shop's calls: before the shop list or the permissions had answered. */
  const sentWithShop = (request: Request, what: string) => {
    expect(request.start, what).toBeLessThan(at(shops.answered, 'the shop list answered'));
    expect(request.start, what).toBeLessThan(at(select.answered, 'the permissions answered'));
  };
  return { one, chunkWithEntry, sentWithShop, shops, select, api };
}

/** A time the trace must hold: one that is missing fails here rather than compare as Infinity. */
function at(time: number | undefined, what: string): number {
  expect(time, what).toBeDefined();
  return time ?? Number.NaN;
}

describe('a cold visit to a panel page', () => {
  it('to the dashboard fetches the page’s chunks with the entry and its first API calls at once', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    const visit = await coldVisit(merchant, '/dashboard', (page) =>
      page.getByTestId('count-pickup_pending').waitFor({ timeout: 30_000 }),
    );
    visit.chunkWithEntry('src/app/routes/merchant/dashboard-page.tsx');
    visit.chunkWithEntry('src/app/panel-frame.tsx');
    // Sent together: neither waits for the shop list's or the permissions' answer.
    expect(visit.select.start).toBeLessThan(at(visit.shops.answered, 'the shop list answered'));
    const figures = visit.one((p) => p === `${visit.api}/dashboard`, 'the figures');
    visit.sentWithShop(figures, 'the figures');
  });

  it('to the parcel list asks for its page with the chunks, not after its preferences', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    await bookParcel(server.baseUrl, merchant);
    const visit = await coldVisit(merchant, '/parcels?page=1&q=', (page) =>
      page.getByTestId('parcel-row').first().waitFor({ timeout: 30_000 }),
    );
    visit.chunkWithEntry('src/app/routes/merchant/parcels-page.tsx');
    visit.chunkWithEntry('src/app/panel-frame.tsx');
    const preferences = visit.one((p) => p === `${visit.api}/parcel-list-preferences`, 'the preferences');
    const list = visit.one(
      (p, search) => p === `${visit.api}/parcels` && search.startsWith('?limit=20&offset=0&sort='),
      'the list’s first page',
    );
    visit.sentWithShop(preferences, 'the preferences');
    visit.sentWithShop(list, 'the list’s page');
    expect(list.start).toBeLessThan(at(preferences.answered, 'the preferences answered'));
  });

  it('to the booking form asks for its pickup locations and categories with the chunks', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    const visit = await coldVisit(merchant, '/parcels/new', (page) =>
      page.getByLabel('Customer name').first().waitFor({ timeout: 30_000 }),
    );
    visit.chunkWithEntry('src/app/routes/merchant/book-parcel-page.tsx');
    visit.chunkWithEntry('src/app/panel-frame.tsx');
    const pickups = visit.one(
      (p, search) => p === `${visit.api}/pickup-locations` && search.includes('status=active'),
      'the pickup locations',
    );
    const categories = visit.one((p) => p === '/api/v1/parcel-categories', 'the categories');
    visit.sentWithShop(pickups, 'the pickup locations');
    visit.sentWithShop(categories, 'the categories');
  });
});
