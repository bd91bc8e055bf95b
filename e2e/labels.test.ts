import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePdfBarcodes, renderPdfPage } from './barcodes';
import { bookParcels, merchantWithPickup, signInPage } from './fixtures';
import { launchBrowser, type RunningServer, screenshotDir, shot, startServer } from './helpers';

/**
 * Issue 4, part 9: a merchant ticks three parcels in the list, prints their labels on A4, and the
 * downloaded PDF's Code 128 barcodes read back as exactly those tracking IDs; the parcel page
 * prints one 4 × 6 thermal label. Merchant, pickup location and parcels are made through the API.
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

/** A merchant whose shop can book, with three parcels booked. */
async function merchantWithParcels() {
  const merchant = await merchantWithPickup(server.baseUrl);
  const customers = [
    { customerName: 'Rahima Begum', deliveryAreaId: 'dhaka-city--gulshan', invoiceId: 'INV-2041' },
    { customerName: 'করিম উদ্দিন', deliveryAreaId: 'dhaka-city--dhanmondi', invoiceId: 'INV-2042' },
    { customerName: 'Sadia Islam', deliveryAreaId: 'sylhet--sylhet-sadar', invoiceId: null },
  ];
  const parcels = await bookParcels(server.baseUrl, merchant, customers.length, (i) => ({
    ...customers[i],
    customerAddress: `House ${i + 4}, Road ${i + 2}, Block C`,
    cashCollectionAmount: 850 + i * 400,
    sellingPrice: 800 + i * 400,
    weightGrams: 500 + i * 700,
  }));
  return { token: merchant.token, parcels };
}

/** The page's scrolling width next to its visible width: equal when nothing sticks out sideways. */
function pageWidths(page: Page) {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
}

async function pdfOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** The first page of a PDF as a PNG next to the screenshots, for people to look at. */
async function savePage(pdf: Buffer, name: string) {
  await writeFile(join(screenshotDir, `${name}.png`), renderPdfPage(pdf, 0, 150));
}

describe('parcel labels', () => {
  it('prints the labels of three ticked parcels on A4, and one thermal label from the parcel page', async () => {
    const { token, parcels } = await merchantWithParcels();
    const ids = parcels.map((p) => p.trackingId);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    await signInPage(page, server.baseUrl, token, 'en');
    await page.goto(`${server.baseUrl}/parcels`);
    await expect.poll(() => page.getByTestId('parcel-row').count(), { timeout: 20_000 }).toBe(3);

    for (const id of ids) await page.getByRole('checkbox', { name: `Select ${id}` }).check();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('3 selected');
    await page.getByRole('combobox', { name: 'Label paper' }).click();
    await page.getByRole('option', { name: 'A4 (6 a page)' }).click();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await shot(page, 'labels-selection-1280-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print labels (3)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^labels-3-a4-DK\w+\.pdf$/);
    const a4 = await pdfOf(download);
    const [sheet, ...more] = await decodePdfBarcodes(a4);
    expect(more).toEqual([]);
    expect([...(sheet?.code128 ?? [])].sort()).toEqual([...ids].sort());
    expect(sheet?.qr.map((url) => url.replace(/^.*\/track\//, '')).sort()).toEqual([...ids].sort());
    await savePage(a4, 'labels-pdf-a4');

    // A phone: the cards keep the ticks and the bar sits at the bottom.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(400);
    await expect.poll(() => page.getByRole('checkbox', { name: `Select ${ids[0]}` }).isChecked()).toBe(true);
    await shot(page, 'labels-selection-360-en');
    expect(await pageWidths(page)).toEqual({ scroll: 360, client: 360 });

    // Bengali.
    await page.evaluate(() => localStorage.setItem('dak.lang', 'bn'));
    await page.reload();
    await expect.poll(() => page.getByTestId('parcel-row').count(), { timeout: 20_000 }).toBe(3);
    await page.getByRole('checkbox', { name: `${ids[1]} নির্বাচন করুন` }).check();
    await page.getByRole('checkbox', { name: `${ids[2]} নির্বাচন করুন` }).check();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('২টি নির্বাচিত');
    await page.getByTestId('print-labels').waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await shot(page, 'labels-selection-360-bn');
    // The bar's paper and button are wider in Bengali: they stack rather than push the page sideways.
    expect(await pageWidths(page)).toEqual({ scroll: 360, client: 360 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400);
    await shot(page, 'labels-selection-1280-bn');

    // The parcel page: one label on 4 × 6 thermal paper.
    await page.evaluate(() => localStorage.setItem('dak.lang', 'en'));
    await page.goto(`${server.baseUrl}/parcels/${parcels[0]?.id}`);
    await page.getByRole('combobox', { name: 'Label paper' }).click();
    await page.getByRole('option', { name: '4×6 thermal' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'labels-detail-1280-en');
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print label' }).click(),
    ]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'labels-detail-360-en');
    await page.setViewportSize({ width: 1280, height: 800 });
    const thermal = await pdfOf(single);
    const pages = await decodePdfBarcodes(thermal);
    expect(pages.map((p) => p.code128)).toEqual([[ids[0]]]);
    await savePage(thermal, 'labels-pdf-thermal');
    await page.close();
  });
});
