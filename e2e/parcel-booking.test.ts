import { isValidTrackingId } from '@dak/domain/tracking-id';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { watchCsp } from './csp';
import { merchantWithPickup, shots, signInPage } from './fixtures';
import { freshPhone, launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Issue 5, merchant side: a merchant books a parcel from Mirpur 10 to Dhanmondi (same city under
 * the default plan), watches the charge follow the weight (৳60 up to 500 g, ৳70 up to 1 kg, ৳85
 * for 1.5 kg), books it, lands on its detail with a valid tracking ID, finds it in the list by the
 * tracking ID and by the customer's phone, and deletes it. The merchant and the pickup location
 * are made through the API: the journey under test is the booking.
 */

let server: RunningServer;
let browser: Browser;
let csp: { violations: string[] };
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  csp = watchCsp(browser);
});
// No page may need what the Content-Security-Policy forbids.
afterEach(() => {
  expect(csp.violations).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const chargeTotal = (page: Page) => page.getByTestId('charge-delivery').textContent();

describe('parcel booking', () => {
  it('books a parcel with a live charge, finds it in the list and deletes it', async () => {
    const { token } = await merchantWithPickup(server.baseUrl);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(page, server.baseUrl, token, 'en');

    await page.goto(`${server.baseUrl}/parcels/new`);
    await expect.poll(() => page.getByLabel('Customer phone').isVisible(), { timeout: 20_000 }).toBe(true);
    const customerPhone = freshPhone();
    await page.getByLabel('Customer phone').fill(customerPhone);
    await page.getByLabel('Customer name').fill('Rafiq Hasan');
    await page.getByLabel('Customer address').fill('House 12, Road 5, Dhanmondi 32, Dhaka');

    // The area the address names is suggested; one click uses it.
    const suggestion = page.getByTestId('area-suggestion');
    await expect
      .poll(() => suggestion.textContent(), { timeout: 15_000 })
      .toContain('Suggested: Dhanmondi, Dhaka');
    await suggestion.getByRole('button', { name: 'Use this' }).click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Delivery area' }).inputValue())
      .toBe('Dhanmondi, Dhaka');

    await page.getByLabel('Weight').fill('400');
    await page.getByLabel('Selling price').fill('1250');
    await page.getByLabel('Cash to collect').fill('1250');
    await page.getByLabel('Invoice ID (optional)').fill('INV-7781');

    // Same city under the default plan: ৳60 up to 500 g, ৳70 up to 1 kg, ৳85 for 1.5 kg.
    await expect.poll(() => chargeTotal(page), { timeout: 15_000 }).toBe('৳60');
    await expect.poll(() => page.getByTestId('charge-cod').textContent()).toBe('৳13');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('৳73');
    await page.getByLabel('Weight').fill('800');
    await expect.poll(() => chargeTotal(page), { timeout: 15_000 }).toBe('৳70');
    await page.getByLabel('Weight').fill('1500');
    await expect.poll(() => chargeTotal(page), { timeout: 15_000 }).toBe('৳85');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('৳98');
    await expect.poll(() => page.getByTestId('charge-pickup').textContent()).toContain('3 pm');
    await shots(page, 'book-parcel', 'en', { scrollTop: true });

    await page.getByRole('button', { name: 'Book parcel', exact: true }).click();
    await page.waitForURL(/\/parcels\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('tracking-id').isVisible(), { timeout: 15_000 }).toBe(true);
    const trackingId = ((await page.getByTestId('tracking-id').textContent()) ?? '').trim();
    expect(isValidTrackingId(trackingId)).toBe(true);
    expect(await page.textContent('body')).toContain(`Tracking ID: ${trackingId}`);
    expect(await page.getByTestId('detail-delivery').textContent()).toBe('৳85');
    expect(await page.getByTestId('parcel-event').first().textContent()).toContain('Pickup pending');
    const detailUrl = page.url();
    await shots(page, 'parcel-detail', 'en', { scrollTop: true });

    // The list: found by its tracking ID, then by the customer's phone.
    await page.goto(`${server.baseUrl}/parcels`);
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 15_000 })
      .toBe('Parcels: 1');
    for (const q of [trackingId, customerPhone]) {
      await page.getByLabel('Search parcels').fill(q);
      await expect.poll(() => page.url()).toContain(`q=${q}`);
      await expect.poll(() => page.getByTestId('parcel-row').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByTestId('parcel-row').first().textContent()).toContain(trackingId);
    }
    await page.getByLabel('Search parcels').fill('DK00000000');
    await expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain('No parcel matches');
    await page.getByLabel('Search parcels').fill('');
    await expect.poll(() => page.getByTestId('parcel-row').count(), { timeout: 10_000 }).toBe(1);
    await shots(page, 'parcels', 'en', { scrollTop: true });

    // Bengali: the list with translated labels and Bengali digits in money.
    await page.evaluate(() => localStorage.setItem('dak.lang', 'bn'));
    await page.reload();
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 15_000 })
      .toBe('পার্সেল: ১টি');
    expect(await page.textContent('body')).toContain('পিকআপের অপেক্ষায়');
    expect(await page.textContent('body')).toContain('৳১,২৫০');
    expect(await page.textContent('body')).toContain(trackingId);
    await shots(page, 'parcels', 'bn', { scrollTop: true });

    // The booking form in Bengali: the same customer's phone fills the name, address and area
    // from the shop's saved customers; the charge shows in Bengali digits.
    await page.goto(`${server.baseUrl}/parcels/new`);
    await expect.poll(() => page.getByLabel('কাস্টমারের ফোন নম্বর').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('কাস্টমারের ফোন নম্বর').fill(customerPhone);
    await expect
      .poll(() => page.getByTestId('known-customer').textContent(), { timeout: 15_000 })
      .toContain('সংরক্ষিত কাস্টমার');
    await expect.poll(() => page.getByLabel('কাস্টমারের নাম').inputValue()).toBe('Rafiq Hasan');
    expect(await page.getByLabel('কাস্টমারের ঠিকানা').inputValue()).toBe('House 12, Road 5, Dhanmondi 32, Dhaka');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'ডেলিভারি এরিয়া' }).inputValue())
      .toContain('ধানমন্ডি');
    await page.getByLabel('ওজন').fill('১৫০০');
    await page.getByLabel('বিক্রয় মূল্য').fill('1250');
    await page.getByLabel('ক্যাশ কালেকশন').fill('1250');
    await expect.poll(() => chargeTotal(page), { timeout: 15_000 }).toBe('৳৮৫');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('৳৯৮');
    await shots(page, 'book-parcel', 'bn', { scrollTop: true });
    await page.evaluate(() => localStorage.setItem('dak.lang', 'en'));

    // Delete while pickup is pending.
    await page.goto(detailUrl);
    await page.getByRole('button', { name: 'Delete parcel' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete parcel' }).click();
    await expect
      .poll(() => page.textContent('body'), { timeout: 10_000 })
      .toContain('Parcel deleted successfully');
    await expect.poll(() => page.getByTestId('parcel-event').first().textContent()).toContain('Deleted');
    await expect.poll(() => page.getByRole('button', { name: 'Delete parcel' }).count()).toBe(0);
    await page.close();
  });
});
