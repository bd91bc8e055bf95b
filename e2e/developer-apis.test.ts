import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { type Merchant, merchantWithPickup, shots, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * The Developer APIs screen (issue 15, item 1): the owner, on a 360 px phone in Bengali, creates a
 * key, sees its token once (and the token works against the API), then finds only its prefix in
 * the list, and revokes it. The same screen in English at both widths for the screenshots.
 */
let server: RunningServer;
let browser: Browser;
let owner: Merchant;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await merchantWithPickup(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const parcelsOf = (token: string) =>
  fetch(`${server.baseUrl}/api/v1/shops/${owner.shopId}/parcels`, {
    headers: { authorization: `Bearer ${token}` },
  });

describe('Developer APIs', () => {
  it('the owner creates a key at 360 px in Bengali, sees it once, and revokes it', async () => {
    const { context, page } = await signedInContext(browser, owner.token, {
      lang: 'bn',
      viewport: { width: 360, height: 740 },
    });
    try {
      await page.goto(`${server.baseUrl}/developer-apis`);
      await page.getByRole('heading', { level: 1, name: 'ডেভেলপার API' }).waitFor();
      expect(await page.title()).toBe('ডেভেলপার API — ডাক');
      await shots(page, 'developer-apis-empty', 'bn', { waitForLoad: true });

      await page.getByLabel('কী-এর নাম').fill('WooCommerce স্টোর');
      // Tracking off: the key may book and read parcels only.
      await page.getByRole('checkbox', { name: /পার্সেল ট্র্যাক/ }).uncheck();
      await page.getByRole('button', { name: 'কী তৈরি করুন' }).click();

      const panel = page.getByTestId('api-key-created');
      await panel.waitFor();
      await expect.poll(() => panel.textContent()).toContain('আর কখনো দেখাতে পারবে না');
      const token = (await page.getByTestId('api-key-token').textContent())?.trim() ?? '';
      const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
      expect(token).toMatch(/^dak_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
      expect(token.endsWith(secret)).toBe(true);
      await shots(page, 'developer-apis-created', 'bn', { closeToasts: false });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The token works as the shop's key right away.
      expect((await parcelsOf(token)).status).toBe(200);

      // Once dismissed, the secret is gone from the page; the list shows only the prefix.
      await page.getByRole('button', { name: 'কপি করেছি' }).click();
      await panel.waitFor({ state: 'detached' });
      const item = page.getByTestId('api-key').filter({ hasText: 'WooCommerce স্টোর' });
      await item.waitFor();
      expect(await page.content()).not.toContain(secret);
      expect(await item.textContent()).toContain(`${token.slice(0, 4 + 16 + 1)}…`);
      expect(await item.textContent()).toContain('পার্সেল বুক ও বাতিল');
      expect(await item.textContent()).not.toContain('পার্সেল ট্র্যাক');
      await page.reload();
      await item.waitFor();
      await expect.poll(() => item.textContent()).toMatch(/শেষ ব্যবহার .*127\.0\.0\.1/);
      await shots(page, 'developer-apis-list', 'bn', { waitForLoad: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await item.getByRole('button', { name: 'WooCommerce স্টোর নিষ্ক্রিয় করুন' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'নিষ্ক্রিয় করুন' }).click();
      await expect.poll(() => item.textContent()).toContain('নিষ্ক্রিয়');
      await expect.poll(async () => (await parcelsOf(token)).status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('in English, with a key and its token shown once, at 1280 and 360 px', async () => {
    const { context, page } = await signedInContext(browser, owner.token, { lang: 'en' });
    try {
      await page.goto(`${server.baseUrl}/developer-apis`);
      await page.getByRole('heading', { level: 1, name: 'Developer APIs' }).waitFor();
      await page.getByLabel('Key name').fill('Shopify store');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByTestId('api-key-created').waitFor();
      await shots(page, 'developer-apis-created', 'en', { closeToasts: false });
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByTestId('api-key').first().waitFor();
      await shots(page, 'developer-apis-list', 'en', { waitForLoad: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      // An owner's full menu does not widen the page (its measuring copy once did: 1454 px).
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      }
    } finally {
      await context.close();
    }
  });
});
