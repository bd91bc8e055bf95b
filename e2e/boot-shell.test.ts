import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, merchantWithPickup, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, shot, startServer } from './helpers';

/**
 * The frame the boot script draws before the app has loaded (issue 16; apps/web/src/boot/boot.js,
 * index.html's boot-shell template). With the app's entry held back, what the boot script drew
 * stays on screen to be measured; then the same page with the app. The frame must be the page's
 * own: the same heading in the same place and the same footer, in the chosen language, so the
 * app's first render replaces it without a jump (and, for the Largest Contentful Paint, with
 * nothing larger than what the boot script painted).
 */
let server: RunningServer;
let browser: Browser;
let token = '';
const name = 'Rafiq Hasan';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ token } = await merchantWithPickup(server.baseUrl, { merchantName: name }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The app's entry (index-<hash>.js, from index.html) never arrives: only the boot script runs. */
const holdBackTheApp = (page: Page) => page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());

const heading = async (page: Page) => {
  const h1 = page.locator('#root h1');
  await h1.waitFor();
  await page.evaluate(() => document.fonts.ready);
  return { text: (await h1.textContent())?.trim(), box: await h1.boundingBox() };
};

const pages: { path: string; title: Record<Lang, string> }[] = [
  { path: '/dashboard', title: { en: `Welcome, ${name}`, bn: `স্বাগতম, ${name}` } },
  { path: '/parcels', title: { en: 'Parcels', bn: 'পার্সেল' } },
  { path: '/parcels/new', title: { en: 'Book a parcel', bn: 'পার্সেল বুক করুন' } },
];

describe('the boot script draws the panel frame before the app', () => {
  for (const lang of ['en', 'bn'] as const) {
    for (const width of [360, 1280]) {
      it(`puts each page's heading where the app will, in ${lang} at ${width} px`, async () => {
        const { context, page } = await signedInContext(browser, token, {
          lang,
          viewport: { width, height: 800 },
        });
        try {
          // A first visit with the app: it keeps the greeting's name for the boot script.
          await page.goto(`${server.baseUrl}/dashboard`);
          await expect.poll(async () => (await heading(page)).text).toBe(pages[0]?.title[lang]);
          for (const { path, title } of pages) {
            await page.goto(`${server.baseUrl}${path}`);
            // The app's frame (the boot script's has no menu button id).
            await page.locator('#main-menu-button').waitFor({ state: 'attached' });
            const app = await heading(page);
            expect(app.text).toBe(title[lang]);

            const held = await context.newPage();
            await holdBackTheApp(held);
            await held.goto(`${server.baseUrl}${path}`);
            const boot = await heading(held);
            expect(boot.text).toBe(title[lang]);
            // The footer too: on a short first render it is in view, and larger than the heading.
            const footer = async (on: Page) =>
              (await on.locator('#root footer').textContent())?.replace(/\s+/g, ' ').trim();
            expect(await footer(held)).toBe(await footer(page));
            expect(await held.locator('html').getAttribute('lang')).toBe(lang);
            // Inert: a picture of the page until the app replaces it.
            expect(await held.locator('[data-boot-shell]').getAttribute('inert')).not.toBeNull();
            for (const key of ['x', 'y', 'width', 'height'] as const) {
              expect(
                Math.abs((boot.box?.[key] ?? -99) - (app.box?.[key] ?? 99)),
                `${path} ${key}`,
              ).toBeLessThanOrEqual(1);
            }
            if (width === 360) await shot(held, `boot-shell${path.replaceAll('/', '-')}-${width}-${lang}`);
            await held.close();
          }
        } finally {
          await context.close();
        }
      });
    }
  }

  it('draws nothing for a signed-out visitor, nor on a page it has no heading for', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await holdBackTheApp(page);
    try {
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.waitForLoadState('load');
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
    const signedIn = await signedInContext(browser, token, { viewport: { width: 360, height: 740 } });
    await holdBackTheApp(signedIn.page);
    try {
      await signedIn.page.goto(`${server.baseUrl}/settings`);
      await signedIn.page.waitForLoadState('load');
      expect(await signedIn.page.locator('#root').innerHTML()).toBe('');
    } finally {
      await signedIn.context.close();
    }
  });

  it('shows a stored name as text, and forgets it at sign-out', async () => {
    const { context, page } = await signedInContext(browser, token, {
      viewport: { width: 360, height: 740 },
    });
    try {
      await page.goto(`${server.baseUrl}/dashboard`);
      await expect.poll(async () => (await heading(page)).text).toBe(`Welcome, ${name}`);
      await page.evaluate(() =>
        window.localStorage.setItem('dak.name', JSON.stringify('<img src=x onerror=alert(1)>')),
      );
      const held = await context.newPage();
      await holdBackTheApp(held);
      await held.goto(`${server.baseUrl}/dashboard`);
      expect((await heading(held)).text).toBe('Welcome, <img src=x onerror=alert(1)>');
      expect(await held.locator('#root img[src="x"]').count()).toBe(0);
      await held.close();

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.waitForLoadState('load');
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('dak.name'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});
