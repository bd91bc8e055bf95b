import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { addressMessages } from '@dak/domain/address';
import { type BulkField, bulkColumns, bulkMessages } from '@dak/domain/bulk';
import { messages } from '@dak/domain/errors';
import { pricingMessages } from '@dak/domain/pricing';
import { isValidTrackingId } from '@dak/domain/tracking-id';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePdfBarcodes } from './barcodes';
import {
  type ApiInit,
  apiRequest,
  chooseBulkPickup,
  merchantWithPickup,
  shots,
  signInPage,
} from './fixtures';
import { freshPhone, launchBrowser, type RunningServer, shot, startServer } from './helpers';

/**
 * Issue 4, part 6, merchant side: a merchant books one parcel through the form (the charge shows
 * live), then uploads a 50-row sheet with 5 rows wrong in different ways, sees exactly those rows
 * flagged with the spec's messages, fixes them in the grid, is refused while the pickup location
 * and the selling-price acknowledgement are missing, books all 50 and finds them in the list.
 *
 * The journey is a chain of steps sharing `journey` (vitest runs a file's tests in order). A later
 * step (e.g. "prints labels for 3 parcels") can be appended at the end of the describe: it finds
 * the signed-in page in `journey.page` and the 50 booked tracking IDs in `journey.trackingIds`.
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

const rowCount = 50;
/** A tag in every customer's name, so the list's search finds exactly this upload. */
const tag = `Bk${Date.now().toString(36)}`;
const areas = [
  'dhaka-city--dhanmondi',
  'dhaka-city--gulshan-1',
  'dhaka-city--uttara-east',
  'dhaka-city--mirpur-10',
];

/** The five broken rows (1-based, as the grid numbers them), each wrong in its own way. */
const broken: { row: number; field: BulkField; value: string; message: string; fix: string }[] = [
  { row: 4, field: 'customerPhone', value: '01234', message: messages.invalidPhone, fix: '01812345604' },
  {
    row: 13,
    field: 'customerAddress',
    value: 'Rd 1',
    message: addressMessages.tooFewAlphanumerics('Customer address'),
    fix: 'House 13, Road 1, Dhanmondi, Dhaka',
  },
  { row: 22, field: 'weightGrams', value: '0', message: pricingMessages.weightTooLow, fix: '700' },
  {
    row: 31,
    field: 'cashCollectionAmount',
    value: '12a0',
    message: pricingMessages.cashDigitsOnly,
    fix: '1200',
  },
  {
    row: 47,
    field: 'customerName',
    value: '',
    message: 'Customer name is required',
    fix: `${tag} Customer 47`,
  },
];

/** Our template's columns, 50 parcels, the broken cells put in. */
export async function bulkSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Parcels');
  sheet.columns = bulkColumns.map((c) => ({ header: c.header, key: c.field }));
  for (let i = 1; i <= rowCount; i++) {
    const row: Record<BulkField, string | number> = {
      invoiceId: `${tag}-${String(i).padStart(2, '0')}`,
      customerName: `${tag} Customer ${i}`,
      customerPhone: `0171${String(2_000_000 + i).padStart(7, '0')}`,
      alternatePhone: '',
      customerAddress: `House ${i}, Road ${(i % 9) + 1}, Block C, Dhaka`,
      deliveryAreaId: areas[i % areas.length] as string,
      weightGrams: 300 + (i % 5) * 200,
      sellingPrice: 500 + i * 10,
      cashCollectionAmount: 500 + i * 10,
      categoryId: '',
      instructions: i % 10 === 0 ? 'Call before delivery' : '',
    };
    const bad = broken.find((b) => b.row === i);
    if (bad) row[bad.field] = bad.value;
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const journey: { page?: Page; token?: string; shopId?: string; trackingIds: string[] } = { trackingIds: [] };
const pageOf = () => {
  if (!journey.page) throw new Error('the journey has not started');
  return journey.page;
};
const cell = (page: Page, field: BulkField, row: number) =>
  page.getByLabel(`${columnLabel[field]}, row ${row}`, { exact: true });
const columnLabel: Record<BulkField, string> = {
  invoiceId: 'Invoice ID',
  customerName: 'Customer name',
  customerPhone: 'Customer phone',
  alternatePhone: 'Alternate phone',
  customerAddress: 'Customer address',
  deliveryAreaId: 'Delivery area ID',
  weightGrams: 'Weight (g)',
  sellingPrice: 'Selling price',
  cashCollectionAmount: 'Cash to collect',
  categoryId: 'Category',
  instructions: 'Instructions',
};
/** The grid's row numbers that show an error, in order. */
const flaggedRows = (page: Page) =>
  page
    .locator('[data-testid="bulk-row"]:has([data-testid="bulk-cell-error"])')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row'))));

describe('bulk upload', () => {
  it('books one parcel through the form with the charge shown live', async () => {
    const { token, shopId } = await merchantWithPickup(server.baseUrl, {
      merchantName: 'Sumaiya Islam',
      shopName: 'Sumaiya Crafts',
      dailyParcelCount: 60,
      dateOfBirth: '1990-03-14',
      password: 'Crafts-2026!',
    });
    journey.token = token;
    journey.shopId = shopId;
    // A context of its own: the accessibility check (axe) needs one.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    journey.page = page;
    await signInPage(page, server.baseUrl, token, 'en');

    await page.goto(`${server.baseUrl}/parcels/new`);
    await expect.poll(() => page.getByLabel('Customer phone').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Customer phone').fill(freshPhone());
    await page.getByLabel('Customer name').fill('Rafiq Hasan');
    await page.getByLabel('Customer address').fill('House 12, Road 5, Dhanmondi 32, Dhaka');
    const suggestion = page.getByTestId('area-suggestion');
    await expect.poll(() => suggestion.textContent(), { timeout: 15_000 }).toContain('Dhanmondi, Dhaka');
    await suggestion.getByRole('button', { name: 'Use this' }).click();
    await page.getByLabel('Weight').fill('400');
    await page.getByLabel('Selling price').fill('1250');
    await page.getByLabel('Cash to collect').fill('1250');
    // Same city under the default plan: ৳60 up to 500 g.
    await expect
      .poll(() => page.getByTestId('charge-delivery').textContent(), { timeout: 15_000 })
      .toBe('৳60');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('৳73');
    // The book-parcel page links to the bulk upload.
    expect(await page.getByRole('link', { name: 'Bulk upload' }).getAttribute('href')).toBe('/parcels/bulk');
    await page.getByRole('button', { name: 'Book parcel', exact: true }).click();
    await page.waitForURL(/\/parcels\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('tracking-id').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('flags exactly the five broken rows of a 50-row sheet with the spec’s messages', async () => {
    const page = pageOf();
    // From the parcel list, as a merchant would.
    await page.goto(`${server.baseUrl}/parcels`);
    await page.getByRole('link', { name: 'Bulk upload' }).click();
    await page.waitForURL(/\/parcels\/bulk$/);
    await expect
      .poll(() => page.getByText('Upload a sheet of parcels').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.textContent('body'), { timeout: 15_000 }).toContain('No uploads yet.');

    // The template downloads as an .xlsx with our columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download template (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('parcels_template.xlsx');
    const templatePath = await download.path();
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(templatePath);
    expect(template.worksheets[0]?.getRow(1).getCell(2).value).toBe('Customer name');

    await page.locator('.bulk-drop input[type="file"]').setInputFiles({
      name: 'eid-orders.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await bulkSheet(),
    });
    await expect
      .poll(() => page.getByTestId('bulk-summary').textContent(), { timeout: 30_000 })
      .toBe('50 rows: 45 ready, 5 with errors');
    // The grid shows 25 rows a page: the broken rows are on both pages.
    expect(await page.getByTestId('bulk-row').count()).toBe(25);
    expect(await flaggedRows(page)).toEqual([4, 13, 22]);
    await shots(page, 'bulk-preview', 'en', { scrollTop: true });

    await page.getByLabel('Only rows with errors').click();
    await expect.poll(() => page.getByTestId('bulk-row').count()).toBe(5);
    expect(await flaggedRows(page)).toEqual(broken.map((b) => b.row));
    for (const b of broken) {
      const row = page.locator(`[data-testid="bulk-row"][data-row="${b.row}"]`);
      expect(await row.getByTestId('bulk-cell-error').allTextContents()).toEqual([b.message]);
      expect(await cell(page, b.field, b.row).getAttribute('aria-invalid')).toBe('true');
    }
    await shots(page, 'bulk-errors', 'en', { scrollTop: true });

    // No serious accessibility problem on the page with the grid's errors showing. Colour contrast
    // is left out: antd's grey secondary text, hints and placeholders fail it on every page (a
    // theme matter, reported); the grid's own red error text passes.
    const axe = await new AxeBuilder({ page })
      .include('.bulk-page')
      .disableRules(['color-contrast'])
      .analyze();
    const contrast = await new AxeBuilder({ page })
      .include('.bulk-grid')
      .withRules(['color-contrast'])
      .analyze();
    expect(contrast.violations).toEqual([]);
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('clears each error as the cell is fixed, refuses to book without pickup and acknowledgement', async () => {
    const page = pageOf();
    for (const b of broken) {
      const row = page.locator(`[data-testid="bulk-row"][data-row="${b.row}"]`);
      await cell(page, b.field, b.row).fill(b.fix);
      await expect.poll(() => row.getByTestId('bulk-cell-error').count()).toBe(0);
    }
    expect(await page.getByTestId('bulk-summary').textContent()).toBe('50 rows: 50 ready, 0 with errors');
    // The fixed rows stay in view until the filter is turned off.
    expect(await page.getByTestId('bulk-row').count()).toBe(5);
    await page.getByLabel('Only rows with errors').click();
    await expect.poll(() => page.getByTestId('bulk-row').count()).toBe(25);

    // A row removed…
    await page.getByRole('button', { name: 'Remove row 3' }).click();
    await expect
      .poll(() => page.getByTestId('bulk-summary').textContent())
      .toBe('49 rows: 49 ready, 0 with errors');
    expect(await page.locator('[data-testid="bulk-row"][data-row="3"]').count()).toBe(0);
    // …"Add 20 rows" adds empty rows, not booked and not flagged, and shows the first of them…
    await page.getByRole('button', { name: 'Add 20 rows' }).click();
    await expect
      .poll(() => page.locator('.bulk-grid__pagination').textContent())
      .toContain('26–50 of 69 rows');
    expect(await page.getByTestId('bulk-summary').textContent()).toBe('49 rows: 49 ready, 0 with errors');
    // …and the removed parcel typed into the first of them.
    const retyped: [BulkField, string][] = [
      ['invoiceId', `${tag}-03`],
      ['customerName', `${tag} Customer 3`],
      ['customerPhone', '01712000003'],
      ['customerAddress', 'House 3, Road 4, Block C, Dhaka'],
      ['deliveryAreaId', 'dhaka-city--dhanmondi'],
      ['weightGrams', '৫০০'],
      ['sellingPrice', '1000'],
    ];
    for (const [field, value] of retyped) await cell(page, field, 51).fill(value);
    // Half typed: the browser checks the row with the booking schema.
    await expect
      .poll(() =>
        page
          .locator('[data-testid="bulk-row"][data-row="51"]')
          .getByTestId('bulk-cell-error')
          .allTextContents(),
      )
      .toEqual(['Cash collection amount is required']);
    expect(await cell(page, 'weightGrams', 51).inputValue()).toBe('500');
    await cell(page, 'cashCollectionAmount', 51).fill('1000');
    await expect
      .poll(() => page.getByTestId('bulk-summary').textContent())
      .toBe('50 rows: 50 ready, 0 with errors');

    // Neither pickup location nor acknowledgement: refused with both of the spec's messages.
    await page.getByTestId('bulk-confirm').click();
    const confirmCard = page.locator('.bulk-confirm');
    await expect.poll(() => confirmCard.textContent()).toContain(bulkMessages.pickupRequired);
    expect(await confirmCard.textContent()).toContain(bulkMessages.acknowledgementRequired);
    await chooseBulkPickup(page, 'Pickup location', 'Mirpur warehouse');
    // Pickup chosen but the acknowledgement still unticked: still refused, nothing booked.
    await page.getByTestId('bulk-confirm').click();
    await expect.poll(() => confirmCard.textContent()).not.toContain(bulkMessages.pickupRequired);
    expect(await confirmCard.textContent()).toContain(bulkMessages.acknowledgementRequired);
    expect(await page.getByTestId('bulk-created').count()).toBe(0);
    const list = await api<{ count: number }>(`/shops/${journey.shopId}/parcels?limit=1`, {
      token: journey.token,
    });
    expect(list.count).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.bulk-confirm').scrollIntoViewIfNeeded();
    await shot(page, 'bulk-refused-1280-en');
  });

  it('books all 50 and finds them in the parcel list', async () => {
    const page = pageOf();
    await page.getByText('I confirm that the selling price of every parcel is correct').click();

    // A row only the server can refuse (an area that does not exist): the whole upload is refused,
    // nothing is booked, and the row shows the server's message until that cell is fixed.
    await page.locator('.bulk-grid__pagination .ant-pagination-item-1').click();
    await cell(page, 'deliveryAreaId', 10).fill('dhaka-city--atlantis');
    expect(await page.getByTestId('bulk-summary').textContent()).toBe('50 rows: 50 ready, 0 with errors');
    await page.getByTestId('bulk-confirm').click();
    await expect
      .poll(() => page.getByTestId('bulk-form-error').textContent(), { timeout: 30_000 })
      .toBe(bulkMessages.invalidRows);
    await expect.poll(() => flaggedRows(page)).toEqual([10]);
    expect(
      await page
        .locator('[data-testid="bulk-row"][data-row="10"]')
        .getByTestId('bulk-cell-error')
        .allTextContents(),
    ).toEqual([pricingMessages.unknownDeliveryArea]);
    expect(await page.getByTestId('bulk-created').count()).toBe(0);
    await cell(page, 'deliveryAreaId', 10).fill('dhaka-city--dhanmondi');
    await expect.poll(() => page.getByTestId('bulk-cell-error').count()).toBe(0);

    await page.getByTestId('bulk-confirm').click();
    await expect
      .poll(() => page.getByTestId('bulk-created').textContent(), { timeout: 60_000 })
      .toBe('50 parcels booked');
    const ids = await page.getByTestId('bulk-tracking-id').allTextContents();
    expect(ids).toHaveLength(rowCount);
    expect(new Set(ids).size).toBe(rowCount);
    expect(ids.every(isValidTrackingId)).toBe(true);
    journey.trackingIds = ids;
    // The upload log counts it.
    // The upload log: the booked upload, then the refused attempt (nothing booked, 1 row wrong).
    await expect.poll(() => page.getByTestId('bulk-log-row').count(), { timeout: 15_000 }).toBe(2);
    const cellsOf = (i: number) => page.getByTestId('bulk-log-row').nth(i).locator('td').allTextContents();
    expect((await cellsOf(0)).slice(1)).toEqual(['eid-orders.xlsx', 'Sumaiya Islam', '50', '50', '0']);
    expect((await cellsOf(1)).slice(1)).toEqual(['eid-orders.xlsx', 'Sumaiya Islam', '50', '0', '1']);
    await shots(page, 'bulk-booked', 'en', { scrollTop: true });

    await page.getByRole('link', { name: 'Go to parcel list' }).click();
    await page.waitForURL(/\/parcels$/);
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 15_000 })
      .toBe('Parcels: 51');
    await page.getByLabel('Search parcels').fill(tag);
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 15_000 })
      .toBe('Parcels: 50');
    // The fixed rows were booked as fixed.
    await page.getByLabel('Search parcels').fill(`${tag}-47`);
    await expect.poll(() => page.getByTestId('parcel-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('parcel-row').first().textContent()).toContain(`${tag} Customer 47`);
  });

  it('prints labels for three of the booked parcels, and their barcodes read back as their tracking IDs', async () => {
    const page = pageOf();
    // The list is still searched for the sheet's 50 parcels; tick three of them.
    await expect.poll(() => page.getByTestId('parcel-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByLabel('Search parcels').fill(tag);
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 15_000 })
      .toBe('Parcels: 50');
    const shown = await page.getByTestId('parcel-row').locator('.tracking-id').allTextContents();
    const picked = shown.slice(0, 3);
    expect(picked.every((id) => journey.trackingIds.includes(id))).toBe(true);
    for (const id of picked) await page.getByRole('checkbox', { name: `Select ${id}` }).check();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('3 selected');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print labels (3)' }).click(),
    ]);
    const pdf = await readFile(await download.path());
    const decoded = await decodePdfBarcodes(pdf);
    expect(decoded.flatMap((p) => p.code128).sort()).toEqual([...picked].sort());
  });

  it('shows the bulk upload page in Bengali', async () => {
    const page = pageOf();
    await page.evaluate(() => localStorage.setItem('dak.lang', 'bn'));
    await page.goto(`${server.baseUrl}/parcels/bulk`);
    await expect.poll(() => page.textContent('body'), { timeout: 15_000 }).toContain('পার্সেলের শিট আপলোড করুন');
    await page.locator('.bulk-drop input[type="file"]').setInputFiles({
      name: 'eid-orders.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await bulkSheet(),
    });
    await expect
      .poll(() => page.getByTestId('bulk-summary').textContent(), { timeout: 30_000 })
      .toBe('৫০টি সারি: ৪৫টি ঠিক আছে, ৫টিতে ভুল');
    await page.getByLabel('শুধু ভুল থাকা সারি').click();
    await expect.poll(() => page.getByTestId('bulk-row').count()).toBe(5);
    const errors = await page.getByTestId('bulk-cell-error').allTextContents();
    expect(errors).toContain('কাস্টমারের নাম দিতে হবে');
    await page.getByTestId('bulk-confirm').click();
    await expect.poll(() => page.getByTestId('bulk-form-error').textContent()).toContain('কিছু সারিতে ভুল আছে');
    await shots(page, 'bulk-errors', 'bn', { scrollTop: true });
    await page.evaluate(() => localStorage.setItem('dak.lang', 'en'));
  });
});
