import { isValidTrackingId } from '@dak/domain/tracking-id';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

/**
 * Issue 5, merchant side: a merchant books a parcel from Mirpur 10 to Dhanmondi (same city under
 * the default plan), watches the charge follow the weight (৳60 up to 500 g, ৳70 up to 1 kg, ৳85
 * for 1.5 kg), books it, lands on its detail with a valid tracking ID, finds it in the list by the
 * tracking ID and by the customer's phone, and deletes it. The merchant and the pickup location
 * are made through the API: the journey under test is the booking.
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

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A merchant with a shop whose terms are accepted and one pickup location in Mirpur 10. */
async function merchantWithPickup(): Promise<{ token: string; shopId: string; phone: string }> {
  const phone = freshPhone();
  await api('/merchant/registration/otp', { method: 'POST', body: { phone } });
  const code = await otpFromOutbox(server.baseUrl, phone);
  const registered = await api<{ token: string; shop: { id: string } }>('/merchant/registration', {
    method: 'POST',
    body: {
      merchantName: 'Nasrin Akter',
      shopName: 'Nasrin Fashion',
      dailyParcelCount: 20,
      phone,
      termsAccepted: true,
      code,
      fullName: 'Nasrin Akter',
      dateOfBirth: '1992-05-10',
      password: 'Fashion-2026!',
      confirmPassword: 'Fashion-2026!',
    },
  });
  const { token } = registered;
  const shopId = registered.shop.id;
  const terms = await api<{ current: { version: number } }>(`/shops/${shopId}/terms`, { token });
  await api(`/shops/${shopId}/terms/accept?version=${terms.current.version}`, { method: 'PUT', token });
  await api(`/shops/${shopId}/pickup-locations`, {
    method: 'POST',
    token,
    body: {
      name: 'Mirpur warehouse',
      address: 'Plot 21, Road 2, Section 10, Mirpur',
      areaId: 'dhaka-city--mirpur-10',
      phone,
    },
  });
  return { token, shopId, phone };
}

async function signIn(page: Page, token: string, lang: 'en' | 'bn') {
  await page.goto(`${server.baseUrl}/`);
  await page.evaluate(
    ([value, language]) => {
      localStorage.setItem('dak.auth', JSON.stringify({ token: value, kind: 'user' }));
      localStorage.setItem('dak.lang', language);
    },
    [token, lang] as const,
  );
}

async function closeToasts(page: Page) {
  for (const button of await page.locator('.Toastify__close-button').all()) {
    await button.click().catch(() => undefined);
  }
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 5_000 }).toBe(0);
}

/** NAME-1280-LANG and NAME-360-LANG, from the top of the page. */
async function shots(page: Page, name: string, lang: 'en' | 'bn') {
  await closeToasts(page);
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${name}-${width}-${lang}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const chargeTotal = (page: Page) => page.getByTestId('charge-delivery').textContent();

describe('parcel booking', () => {
  it('books a parcel with a live charge, finds it in the list and deletes it', async () => {
    const { token } = await merchantWithPickup();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, token, 'en');

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
    await expect.poll(() => page.locator('.booking__form').textContent()).toContain('Dhanmondi, Dhaka');

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
    await shots(page, 'book-parcel', 'en');

    await page.getByRole('button', { name: 'Book parcel', exact: true }).click();
    await page.waitForURL(/\/parcels\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('tracking-id').isVisible(), { timeout: 15_000 }).toBe(true);
    const trackingId = ((await page.getByTestId('tracking-id').textContent()) ?? '').trim();
    expect(isValidTrackingId(trackingId)).toBe(true);
    expect(await page.textContent('body')).toContain(`Tracking ID: ${trackingId}`);
    expect(await page.getByTestId('detail-delivery').textContent()).toBe('৳85');
    expect(await page.getByTestId('parcel-event').first().textContent()).toContain('Pickup pending');
    const detailUrl = page.url();
    await shots(page, 'parcel-detail', 'en');

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
    await shots(page, 'parcels', 'en');

    // Bengali: the list with translated labels and Bengali digits in money.
    await page.evaluate(() => localStorage.setItem('dak.lang', 'bn'));
    await page.reload();
    await expect
      .poll(() => page.getByTestId('parcel-count').textContent(), { timeout: 15_000 })
      .toBe('পার্সেল: ১টি');
    expect(await page.textContent('body')).toContain('পিকআপের অপেক্ষায়');
    expect(await page.textContent('body')).toContain('৳১,২৫০');
    expect(await page.textContent('body')).toContain(trackingId);
    await shots(page, 'parcels', 'bn');

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
    await expect.poll(() => page.locator('.booking__form').textContent()).toContain('ধানমন্ডি');
    await page.getByLabel('ওজন').fill('১৫০০');
    await page.getByLabel('বিক্রয় মূল্য').fill('1250');
    await page.getByLabel('ক্যাশ কালেকশন').fill('1250');
    await expect.poll(() => chargeTotal(page), { timeout: 15_000 }).toBe('৳৮৫');
    await expect.poll(() => page.getByTestId('charge-total').textContent()).toBe('৳৯৮');
    await shots(page, 'book-parcel', 'bn');
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
