import { bulkColumns, toCsv } from '@dak/domain/bulk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRequest,
  bookParcel,
  chooseBulkPickup,
  merchantWithPickup,
  signedInContext,
  signedInStaff,
} from './fixtures';
import { freshPhone, launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Messages by key (issue 12): the server sends each refusal's English words with their key and
 * params, and the Bengali UI says it in Bengali from its locale files. One of each kind: the
 * status machine refusing a move (console, Parcel status), a booking the server refuses (the
 * booking form), and a row of a bulk upload only the server can judge (an area that does not exist).
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

/** The page's text, polled until it holds `text`. */
const shows = (page: Page, text: string, timeout = 20_000) =>
  expect.poll(() => page.textContent('body'), { timeout }).toContain(text);

describe('error messages in the Bengali UI', () => {
  it('says the status machine’s refusal in Bengali, with the statuses’ Bengali names', async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Nusrat Jahan' });
    const merchant = await merchantWithPickup(server.baseUrl);
    const parcel = await bookParcel(server.baseUrl, merchant);
    const { context, page } = await signedInContext(browser, admin.token, { kind: 'staff', lang: 'bn' });
    await page.goto(`${server.baseUrl}/ops/parcel-status`);
    await page.getByRole('heading', { name: 'পার্সেল স্ট্যাটাস', level: 1 }).waitFor();

    // A parcel still waiting for pickup cannot go to the return leg: the table has no such move.
    const target = page.getByLabel('নতুন স্ট্যাটাস', { exact: true });
    await target.click();
    await target.fill('রিটার্ন: ট্রানজিটে');
    await page.locator('.ant-select-item-option-active', { hasText: 'রিটার্ন: ট্রানজিটে' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByLabel('ট্র্যাকিং আইডি স্ক্যান বা টাইপ করুন', { exact: true }).focus();
    await page.keyboard.type(parcel.trackingId, { delay: 10 });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '১টি পার্সেল “রিটার্ন: ট্রানজিটে” স্ট্যাটাসে নিন' }).click();
    await page
      .locator('.parcel-status__list > li', { hasText: parcel.trackingId })
      .getByText('পার্সেলটি এখন “পিকআপের অপেক্ষায়”; এখান থেকে “রিটার্ন: ট্রানজিটে” স্ট্যাটাসে নেওয়া যায় না')
      .waitFor({ timeout: 20_000 });
    await context.close();
  }, 120_000);

  it('says a booking the server refuses in Bengali', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    const { context, page } = await signedInContext(browser, merchant.token, { lang: 'bn' });
    await page.goto(`${server.baseUrl}/parcels/new`);
    const phone = page.getByLabel('কাস্টমারের ফোন নম্বর');
    await expect.poll(() => phone.isVisible(), { timeout: 20_000 }).toBe(true);
    await phone.fill(freshPhone());
    await page.getByLabel('কাস্টমারের নাম').fill('Rafiq Hasan');
    await page.getByLabel('কাস্টমারের ঠিকানা').fill('House 12, Road 5, Dhanmondi 32, Dhaka');
    const suggestion = page.getByTestId('area-suggestion');
    await expect.poll(() => suggestion.isVisible(), { timeout: 15_000 }).toBe(true);
    await suggestion.getByRole('button', { name: 'এটি ব্যবহার করুন' }).click();
    await page.getByLabel('ওজন').fill('400');
    await page.getByLabel('বিক্রয় মূল্য').fill('1250');
    await page.getByLabel('ক্যাশ কালেকশন').fill('1250');

    // The form's own check passes; only the server knows the pickup location was switched off
    // in the meantime (in another tab, say).
    await apiRequest(server.baseUrl, `/shops/${merchant.shopId}/pickup-locations/${merchant.pickupId}`, {
      method: 'PUT',
      token: merchant.token,
      body: { status: 'inactive' },
    });
    await page.getByRole('button', { name: 'পার্সেল বুক করুন' }).click();
    await shows(page, 'পার্সেল বুক করার আগে একটি চালু পিকআপ লোকেশন যোগ করুন');
    expect(await page.textContent('body')).not.toContain('Add an active pickup location');
    await context.close();
  }, 120_000);

  it('says a bulk row the server refuses in Bengali', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    const { context, page } = await signedInContext(browser, merchant.token, { lang: 'bn' });
    await page.goto(`${server.baseUrl}/parcels/bulk`);
    await shows(page, 'পার্সেলের শিট আপলোড করুন');
    const row: Record<string, string> = {
      invoiceId: 'INV-1',
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 5, Road 3, Gulshan 1, Dhaka',
      // Well formed, so the browser's check passes; no such area exists, which only the server knows.
      deliveryAreaId: 'dhaka-city--atlantis',
      weightGrams: '500',
      sellingPrice: '1200',
      cashCollectionAmount: '1200',
    };
    const csv = toCsv([bulkColumns.map((c) => c.header), bulkColumns.map((c) => row[c.field] ?? '')]);
    await page.locator('.bulk-drop input[type="file"]').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect.poll(() => page.getByTestId('bulk-row').count(), { timeout: 30_000 }).toBe(1);
    await chooseBulkPickup(page, 'পিকআপ লোকেশন', 'Mirpur warehouse');
    await page.getByText('আমি নিশ্চিত করছি যে প্রতিটি পার্সেলের বিক্রয় মূল্য সঠিক').click();
    await page.getByTestId('bulk-confirm').click();
    await expect
      .poll(() => page.getByTestId('bulk-cell-error').allTextContents(), { timeout: 30_000 })
      .toEqual(['তালিকা থেকে একটি এরিয়া বেছে নিন']);
    expect(await page.getByTestId('bulk-form-error').textContent()).toContain('কিছু সারিতে ভুল আছে');
    await context.close();
  }, 120_000);
});
