import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultParcelListPreferences } from '@dak/domain/parcel-list';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcels,
  closeToasts,
  merchantWithPickup,
  shots,
  signedInStaff,
  signInPage,
} from './fixtures';
import { launchBrowser, type RunningServer, screenshotDir, startServer } from './helpers';

/**
 * Issue 4, part 7: a merchant with a few parcels saves list settings (they come back on the next
 * visit), exports the list through the background job (pg-boss in-process, as `npm start` runs),
 * watches it reach ready, downloads parcels_{date}.xlsx and the file holds the parcels. Screenshots
 * of the settings, the export modal and its progress at 1280 and 360 px in English and Bengali.
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

const api = <T>(path: string, init?: ApiInit) => apiRequest<T>(server.baseUrl, path, init);

/** A merchant whose shop has accepted terms, a pickup location and `parcels` booked parcels. */
async function merchantWithParcels(parcels: number) {
  const merchant = await merchantWithPickup(server.baseUrl);
  const booked = await bookParcels(server.baseUrl, merchant, parcels, (i) => ({
    customerName: `Customer ${i + 1}`,
    cashCollectionAmount: 1000 + i,
    sellingPrice: 1000 + i,
  }));
  return { token: merchant.token, shopId: merchant.shopId, trackingIds: booked.map((p) => p.trackingId) };
}

/**
 * The settings at both widths, opened afresh at each (a popover on a computer, a dialog on a
 * phone), captured as the viewport shows them: a full-page capture resizes the page, which swaps
 * the popover and the dialog mid-capture.
 */
async function settingsShots(page: Page, lang: 'en' | 'bn') {
  for (const [width, height] of [
    [1280, 1000],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.getByTestId('settings-open').click();
    await expect.poll(() => page.getByTestId('list-settings').isVisible()).toBe(true);
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(screenshotDir, `parcel-list-settings-${width}-${lang}.png`) });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('list-settings').isVisible()).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function openList(page: Page) {
  await page.goto(`${server.baseUrl}/parcels`);
  await expect.poll(() => page.getByTestId('parcel-count').isVisible(), { timeout: 20_000 }).toBe(true);
}

/**
 * Three parcels are written faster than a person can look, so for the progress screenshots only,
 * the status answers are held at "1 of 3 written" (the real answer with its counts changed) until
 * `release` is called. The test's checks all run on real answers.
 */
async function holdProgress(page: Page) {
  const pattern = /\/api\/v1\/shops\/[^/]+\/parcel-exports\/[^/]+$/;
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: { ...body, status: 'running', rowsDone: 1, rowCount: 3, progress: 33, finishedAt: null },
    });
  });
  // Release waits for a held answer in flight: unrouting under it made its fulfil throw "Route is
  // already handled", an unhandled rejection that fails the run.
  return () => page.unrouteAll({ behavior: 'wait' });
}

const headers = (page: Page) => page.locator('.parcel-table thead th').allTextContents();

describe('parcel list export and settings', () => {
  it('saves list settings, exports the list in the background and downloads the xlsx', async () => {
    const { token, shopId, trackingIds } = await merchantWithParcels(3);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await signInPage(page, server.baseUrl, token, 'en');
    await openList(page);
    expect(await headers(page)).toContain('Total charge');
    expect(await headers(page)).not.toContain('Pickup location');

    // Settings: show the pickup location, hide the total charge, 50 a page.
    await settingsShots(page, 'en');
    await page.getByTestId('settings-open').click();
    const settings = page.getByTestId('list-settings');
    await expect.poll(() => settings.isVisible()).toBe(true);
    await settings.getByLabel('Pickup location').check();
    await settings.getByLabel('Total charge').uncheck();
    await page.locator('#list-settings-page-size').click();
    await page.locator('.ant-select-item-option[title="50"]').click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('List settings saved').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await closeToasts(page);

    // The next visit opens with them.
    await openList(page);
    await expect.poll(() => headers(page)).toContain('Pickup location');
    expect(await headers(page)).not.toContain('Total charge');
    const saved = await api<{ pageSize: number; saved: boolean }>(
      `/shops/${shopId}/parcel-list-preferences`,
      {
        token,
      },
    );
    expect(saved).toMatchObject({ pageSize: 50, saved: true });

    // The Failed delivery tab (spec 3 "reattempt list"): on by default with its count, gone after
    // turning it off and reloading, back after turning it on.
    const failedTab = page.getByRole('tab', { name: /Failed delivery/ });
    expect(await failedTab.count()).toBe(1);
    await expect.poll(() => page.getByTestId('tab-failed_delivery').textContent()).toBe('Failed delivery0');
    const setReattemptList = async (on: boolean) => {
      await page.getByTestId('settings-open').click();
      await expect.poll(() => settings.isVisible()).toBe(true);
      await settings.getByLabel('Show a Failed delivery tab').setChecked(on);
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByText('List settings saved').isVisible(), { timeout: 10_000 })
        .toBe(true);
      await closeToasts(page);
      await page.reload();
      await expect.poll(() => page.getByTestId('parcel-count').isVisible(), { timeout: 20_000 }).toBe(true);
    };
    await setReattemptList(false);
    expect(await page.getByRole('tab').allTextContents()).not.toContain('Failed delivery0');
    expect(await failedTab.count()).toBe(0);
    expect(
      await api<{ reattemptList: boolean }>(`/shops/${shopId}/parcel-list-preferences`, { token }),
    ).toMatchObject({ reattemptList: false, pageSize: 50 });
    // The other settings were kept.
    expect(await headers(page)).toContain('Pickup location');
    await setReattemptList(true);
    await expect.poll(() => failedTab.count()).toBe(1);
    // Its tab lists only failed deliveries: none yet.
    await failedTab.click();
    await expect.poll(() => page.getByText('No parcel matches these filters.').isVisible()).toBe(true);
    expect(page.url()).toContain('group=failed_delivery');
    await openList(page);

    // Export: the warning first, then the job's progress, then the download.
    await page.getByTestId('export-open').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('(3 parcels)');
    await shots(page, 'parcel-export-warning', 'en', { closeToasts: false, settleMs: 800 });
    const release = await holdProgress(page);
    await page.getByTestId('export-start').click();
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain('1 of 3 parcels written');
    await shots(page, 'parcel-export-progress', 'en', { closeToasts: false, settleMs: 800 });
    await release();
    await expect.poll(() => page.getByTestId('export-ready').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await dialog.textContent()).toContain('Your file is ready: 3 parcels.');
    await shots(page, 'parcel-export-ready', 'en', { closeToasts: false, settleMs: 800 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parcels_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Parcels');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Tracking ID');
    const ids: string[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(1).value));
    });
    expect(ids.sort()).toEqual([...trackingIds].sort());
    await page.close();

    // Bengali: the settings, the warning, the progress and the ready file.
    const bn = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(bn, server.baseUrl, token, 'bn');
    await openList(bn);
    await shots(bn, 'parcel-list-tabs', 'bn', { closeToasts: false, settleMs: 800 });
    await settingsShots(bn, 'bn');
    await bn.getByTestId('export-open').click();
    await expect.poll(() => bn.getByRole('dialog').textContent()).toContain('(৩টি)');
    await shots(bn, 'parcel-export-warning', 'bn', { closeToasts: false, settleMs: 800 });
    const releaseBn = await holdProgress(bn);
    await bn.getByTestId('export-start').click();
    await expect
      .poll(() => bn.getByRole('dialog').textContent(), { timeout: 10_000 })
      .toContain('৩টির মধ্যে ১টি');
    await shots(bn, 'parcel-export-progress', 'bn', { closeToasts: false, settleMs: 800 });
    await releaseBn();
    await expect.poll(() => bn.getByTestId('export-ready').isVisible(), { timeout: 30_000 }).toBe(true);
    await shots(bn, 'parcel-export-ready', 'bn', { closeToasts: false, settleMs: 800 });
    await bn.close();
  });

  it('keeps parcels held for prepayment in their own tab when the merchant chooses', async () => {
    const { token, shopId, trackingIds } = await merchantWithParcels(3);
    // Finance or an admin holds a parcel for prepayment (the shop's balance is negative).
    const admin = (await signedInStaff(server, { role: 'admin', password: 'Holds-admin-2026' })).token;
    await api(`/ops/parcels/${trackingIds[0]}/status`, {
      method: 'POST',
      token: admin,
      body: { status: 'pickup_hold', reason: 'Negative balance' },
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(page, server.baseUrl, token, 'en');
    await openList(page);
    // Shown in the list by default.
    expect(await page.getByTestId('parcel-count').textContent()).toBe('Parcels: 3');
    expect(await page.getByTestId('tab-needs_prepayment').count()).toBe(0);

    await page.getByTestId('settings-open').click();
    const settings = page.getByTestId('list-settings');
    await expect.poll(() => settings.isVisible()).toBe(true);
    await settings.getByLabel('Only in the Needs prepayment tab').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('List settings saved').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await closeToasts(page);

    // After a reload: All leaves the held parcel out (the server filters), its tab has it.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 20_000 })
      .toBe('Parcels: 2');
    expect(await page.locator('.parcel-table tbody').textContent()).not.toContain(trackingIds[0]);
    await expect.poll(() => page.getByTestId('tab-needs_prepayment').textContent()).toBe('Needs prepayment1');
    await page.getByRole('tab', { name: /Needs prepayment/ }).click();
    await expect.poll(() => page.getByTestId('parcel-count').textContent()).toBe('Parcels: 1');
    expect(await page.locator('.parcel-table tbody').textContent()).toContain(trackingIds[0]);
    expect(page.url()).toContain('group=needs_prepayment');
    await shots(page, 'parcel-list-needs-prepayment', 'en', { closeToasts: false, settleMs: 800 });

    // Editing the held parcel (spec 3 "prepayment-block-in-edit", on by default): the cash field
    // says up front why it cannot change and is disabled; the phone can still change.
    await page.locator('.parcel-table tbody a', { hasText: trackingIds[0] }).click();
    await page.getByTestId('parcel-edit-open').click();
    const drawer = page.locator('.form-drawer');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const heldText =
      'The cash amount cannot be changed while the parcel waits for prepayment. Clear the prepayment first';
    expect(await page.getByTestId('edit-blocked-cashCollectionAmount').textContent()).toBe(heldText);
    expect(await drawer.getByLabel('Cash to collect').isDisabled()).toBe(true);
    expect(await drawer.getByLabel('Customer phone').isDisabled()).toBe(false);
    await shots(page, 'parcel-edit-prepayment-hold', 'en', { closeToasts: false, settleMs: 800 });
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    // Turned off: the field opens and the server refuses the change with the same sentence.
    const current = await api<Record<string, unknown>>(`/shops/${shopId}/parcel-list-preferences`, { token });
    const { saved: _saved, ...prefs } = current;
    await api(`/shops/${shopId}/parcel-list-preferences`, {
      method: 'PUT',
      token,
      body: { ...prefs, prepaymentBlockInEdit: false },
    });
    await page.reload();
    await page.getByTestId('parcel-edit-open').click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const cash = drawer.getByLabel('Cash to collect');
    expect(await cash.isDisabled()).toBe(false);
    await cash.fill('900');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => drawer.locator('.form-alert').textContent(), { timeout: 10_000 })
      .toContain(heldText);
    const parcel = await api<{ items: { cashCollectionAmount: number }[] }>(
      `/shops/${shopId}/parcels?q=${trackingIds[0]}`,
      { token },
    );
    expect(parcel.items[0]?.cashCollectionAmount).toBe(1000);
    await page.close();

    // Back on for the Bengali picture of the explained, disabled cash field.
    await api(`/shops/${shopId}/parcel-list-preferences`, {
      method: 'PUT',
      token,
      body: { ...defaultParcelListPreferences, prepaymentPreference: 'separate' },
    });
    const bn = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(bn, server.baseUrl, token, 'bn');
    await bn.goto(`${server.baseUrl}/parcels?group=needs_prepayment`);
    await expect
      .poll(() => bn.getByTestId('parcel-count').textContent(), { timeout: 20_000 })
      .toBe('পার্সেল: ১টি');
    await shots(bn, 'parcel-list-needs-prepayment', 'bn', { closeToasts: false, settleMs: 800 });
    await bn.locator('.parcel-table tbody a', { hasText: trackingIds[0] }).click();
    await bn.getByTestId('parcel-edit-open').click();
    await expect.poll(() => bn.locator('.form-drawer').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await bn.getByTestId('edit-blocked-cashCollectionAmount').textContent()).toContain(
      'অগ্রিম পেমেন্টের অপেক্ষায়',
    );
    await shots(bn, 'parcel-edit-prepayment-hold', 'bn', { closeToasts: false, settleMs: 800 });
    await bn.close();
  });
});
