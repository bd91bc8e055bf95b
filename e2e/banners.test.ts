import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import {
  type ApiInit,
  apiRequest,
  type Lang,
  merchantWithPickup,
  signedInContext,
  signedInStaff,
  snap,
} from './fixtures';
import { launchBrowser, type RunningServer, screenshotDir, startServer } from './helpers';
import { bandedPng } from './png';

/**
 * Issue 14, item 4: marketing writes a popup banner in the console; the merchant signs in and sees
 * it once on the panel (not over the sign-in page), a reload does not show it again; the header
 * banner and what's new are on the dashboard, in English and Bengali.
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

const api = <T>(method: string, path: string, options: ApiInit = {}) =>
  apiRequest<T>(server.baseUrl, path, { ...options, method });

/** A 600 × 240 PNG: an orange band on cream, so the screenshots show a picture. */
function bannerPng(): Buffer {
  return bandedPng({
    width: 600,
    height: 240,
    band: [80, 160],
    field: [253, 246, 227],
    bandColour: (x) => [240, 120 + Math.round((x / 600) * 60), 30],
  });
}

/**
 * axe's serious and critical findings on the open page, less the one panel-a11y.test.ts keeps as
 * known (antd's coloured tags: the console's "Live" tag).
 */
async function axeFindings(page: Page) {
  return (await seriousAxeViolations(page))
    .filter(
      (v) =>
        !(v.id === 'color-contrast' && /class="ant-tag ant-tag-filled ant-tag-(green|gold)\b/.test(v.html)),
    )
    .map((v) => `${v.id} ${v.html}`);
}

const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';

/** What the viewport shows (a full-page picture of a modal misplaces the page). */
async function view(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** The popup as shown now, at 1280 and 360 px. */
async function popupShots(page: Page, lang: Lang) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await view(page, `banners-popup-${width}-${lang}`);
  }
}

const popup = {
  titleEn: 'Eid pickups until the 25th',
  titleBn: 'ঈদের পিকআপ ২৫ তারিখ পর্যন্ত',
  bodyEn: 'Book before the 25th and your parcels reach customers before Eid.',
  bodyBn: '২৫ তারিখের আগে বুক করুন, ঈদের আগেই পার্সেল কাস্টমারের কাছে পৌঁছাবে।',
};

describe('banners and what\u2019s new', () => {
  it('staff add a popup; the merchant sees it once after signing in; header and what\u2019s new on the dashboard', {
    timeout: 240_000,
  }, async () => {
    const staff = await signedInStaff(server, { role: 'marketing', name: 'Farhana Kabir' });
    const merchant = await merchantWithPickup(server.baseUrl, {
      shopName: 'Nasrin Fashion',
      password: 'Fashion-2026!',
    });
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const day = 24 * 3600_000;
    await api('POST', '/ops/banners', {
      token: staff.token,
      body: {
        kind: 'header',
        audience: 'all',
        startsAt: iso(-60_000),
        endsAt: iso(7 * day),
        titleEn: 'Cash on delivery paid next day',
        titleBn: 'ক্যাশ অন ডেলিভারির টাকা পরের দিনই',
        bodyEn: 'From 1 December, COD money is paid the day after delivery.',
        bodyBn: '১ ডিসেম্বর থেকে ডেলিভারির পরের দিনই সিওডির টাকা পেমেন্ট করা হবে।',
        link: '/payments',
      },
    });
    const whatsNew = await api<{ id: string }>('POST', '/ops/banners', {
      token: staff.token,
      body: {
        kind: 'whats_new',
        audience: 'merchant_types',
        merchantTypes: ['b2c'],
        startsAt: iso(-day),
        endsAt: iso(30 * day),
        titleEn: 'Bulk upload now takes 500 parcels',
        titleBn: 'বাল্ক আপলোডে এখন ৫০০টি পার্সেল',
        bodyEn: 'Upload up to 500 parcels from one spreadsheet.',
        bodyBn: 'একটি স্প্রেডশিট থেকে ৫০০টি পর্যন্ত পার্সেল আপলোড করুন।',
        link: '/parcels/bulk',
      },
    });
    const image = new FormData();
    image.append('file', new Blob([new Uint8Array(bannerPng())], { type: 'image/png' }), 'bulk.png');
    const uploaded = await fetch(`${server.baseUrl}/api/v1/ops/banners/${whatsNew.id}/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staff.token}` },
      body: image,
    });
    expect(uploaded.status).toBe(200);

    // The console: a popup for every shop, written in both languages, with an image.
    const ops = await signedInContext(browser, staff.token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'en',
    });
    await ops.page.goto(`${server.baseUrl}/ops/banners`);
    await expect
      .poll(() => bodyText(ops.page), { timeout: 15_000 })
      .toContain('Bulk upload now takes 500 parcels');
    await ops.page.getByRole('button', { name: 'Add banner' }).click();
    const dialog = ops.page.getByRole('dialog');
    await dialog.getByLabel('Title (English)').fill(popup.titleEn);
    await dialog.getByLabel('Title (Bengali)').fill(popup.titleBn);
    await dialog.getByLabel('Text (English)').fill(popup.bodyEn);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The shared rules run in the form: Bengali text is required too.
    await expect.poll(() => dialog.textContent()).toContain('Text (Bengali) is required');
    await dialog.getByLabel('Text (Bengali)').fill(popup.bodyBn);
    await ops.page.getByTestId('banner-image-input').setInputFiles({
      name: 'eid.png',
      mimeType: 'image/png',
      buffer: bannerPng(),
    });
    await view(ops.page, 'banners-console-dialog-1280-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => bodyText(ops.page), { timeout: 10_000 }).toContain(popup.titleEn);
    await snap(ops.page, 'banners-console-1280-en');
    expect(await axeFindings(ops.page)).toEqual([]);
    await ops.page.setViewportSize({ width: 360, height: 740 });
    await snap(ops.page, 'banners-console-360-en');
    await ops.context.close();
    const opsBn = await signedInContext(browser, staff.token, {
      kind: 'staff',
      viewport: { width: 360, height: 740 },
      lang: 'bn',
    });
    await opsBn.page.goto(`${server.baseUrl}/ops/banners`);
    await expect.poll(() => bodyText(opsBn.page), { timeout: 15_000 }).toContain(popup.titleBn);
    await snap(opsBn.page, 'banners-console-360-bn');
    await opsBn.page.setViewportSize({ width: 1280, height: 900 });
    await snap(opsBn.page, 'banners-console-1280-bn');
    await opsBn.page.getByRole('button', { name: 'ব্যানার যোগ করুন' }).click();
    await opsBn.page.getByRole('dialog').getByRole('button', { name: 'সংরক্ষণ করুন' }).click();
    await expect
      .poll(() => opsBn.page.getByRole('dialog').textContent())
      .toContain('শিরোনাম (ইংরেজি) দিতে হবে');
    await view(opsBn.page, 'banners-console-dialog-1280-bn');
    await opsBn.context.close();

    // The merchant signs in: no popup over the sign-in page, then the popup once on the panel.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Phone number').fill(merchant.phone);
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByTestId('login-password').fill('Fashion-2026!');
    expect(await page.getByTestId('popup-banner').count()).toBe(0);
    const seen = page.waitForResponse((r) => r.url().endsWith('/seen') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    // The first sign-in's tour comes first; the popup waits for it.
    await page.getByRole('button', { name: 'Skip' }).click();
    const shown = page.getByTestId('popup-banner');
    await shown.waitFor({ timeout: 15_000 });
    expect(await shown.textContent()).toContain(popup.bodyEn);
    expect((await seen).status()).toBe(200);
    await expect.poll(() => page.locator('.popup-banner__image').count(), { timeout: 10_000 }).toBe(1);
    await popupShots(page, 'en');
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => shown.count()).toBe(0);

    // A reload does not show it again; the header banner and what's new are there.
    await page.reload();
    await page.getByTestId('header-banner').waitFor({ timeout: 15_000 });
    await page.getByTestId('whats-new').waitFor({ timeout: 15_000 });
    // The banners' answer is in (header and what's new show): a popup would be open by now.
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('popup-banner').count()).toBe(0);
    expect(await page.getByTestId('header-banner').textContent()).toContain('Cash on delivery paid next day');
    expect(await page.getByTestId('whats-new').textContent()).toContain('Bulk upload now takes 500 parcels');
    await expect.poll(() => page.locator('.whats-new__image').count(), { timeout: 10_000 }).toBe(1);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await snap(page, `banners-dashboard-${width}-en`);
      await page
        .getByTestId('whats-new')
        .filter({ visible: true })
        .screenshot({ path: join(screenshotDir, `banners-whats-new-${width}-en.png`) });
    }
    expect(await axeFindings(page)).toEqual([]);

    // In Bengali: the same banners in Bengali; a second popup shows once, in Bengali.
    await api('POST', '/ops/banners', {
      token: staff.token,
      body: {
        kind: 'popup',
        audience: 'shops',
        shopIds: [merchant.shopId],
        startsAt: iso(-60_000),
        endsAt: iso(day),
        titleEn: 'Your pickup hub moved',
        titleBn: 'আপনার পিকআপ হাব বদলেছে',
        bodyEn: 'Mirpur pickups now leave from the Pallabi hub.',
        bodyBn: 'মিরপুরের পিকআপ এখন পল্লবী হাব থেকে হবে।',
      },
    });
    await page.evaluate(() => localStorage.setItem('dak.lang', 'bn'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByTestId('popup-banner').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('popup-banner').textContent()).toContain(
      'মিরপুরের পিকআপ এখন পল্লবী হাব থেকে হবে।',
    );
    await popupShots(page, 'bn');
    expect(await axeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('dialog').getByRole('button', { name: 'বন্ধ করুন' }).last().click();
    await expect.poll(() => page.getByTestId('popup-banner').count()).toBe(0);
    expect(await page.getByTestId('header-banner').textContent()).toContain('ক্যাশ অন ডেলিভারির টাকা পরের দিনই');
    expect(await page.getByTestId('whats-new').textContent()).toContain('নতুন কী');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await snap(page, `banners-dashboard-${width}-bn`);
      await page
        .getByTestId('whats-new')
        .filter({ visible: true })
        .screenshot({ path: join(screenshotDir, `banners-whats-new-${width}-bn.png`) });
    }
    expect(await axeFindings(page)).toEqual([]);
    // Hidden for the session once closed.
    await page.getByRole('button', { name: 'এই ঘোষণাটি লুকান' }).click();
    await page.reload();
    await page.getByTestId('whats-new').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('header-banner').count()).toBe(0);
    expect(await page.getByTestId('popup-banner').count()).toBe(0);
    await context.close();
  });
});
