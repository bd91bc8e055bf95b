import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInit, apiRequest, merchantWithPickup, shots, signInPage } from './fixtures';
import { freshPhone, launchBrowser, type RunningServer, shot, startServer } from './helpers';

/**
 * Issue 4, parts 2 to 4 in the browser: a merchant books a parcel for a phone; a new booking for
 * the same phone fills the customer from the address book; the merchant books an exchange and
 * sees both legs linked on the detail pages; edits the customer in the address book; and a phone
 * with a poor delivery record (parcels marked returned in the database, as riders would) shows
 * its record and asks for confirmation with the return chance.
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

async function setLanguage(page: Page, lang: 'en' | 'bn') {
  await page.evaluate((language) => localStorage.setItem('dak.lang', language), lang);
}

/**
 * Presses a confirm dialog's button until the dialog closes: a click during the dialog's opening
 * animation can miss. The booking's Idempotency-Key makes a repeated press book once.
 */
async function confirmDialog(page: Page, name: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await expect
    .poll(
      async () => {
        await dialog
          .getByRole('button', { name })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        return dialog.count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

async function openBooking(page: Page, phoneLabel: string) {
  await page.goto(`${server.baseUrl}/parcels/new`);
  await expect.poll(() => page.getByLabel(phoneLabel).isVisible(), { timeout: 20_000 }).toBe(true);
}

describe('customers and exchange', () => {
  it('fills a known customer, books an exchange, edits the address book, warns on a poor record', async () => {
    const { token, shopId, pickupId } = await merchantWithPickup(server.baseUrl);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(page, server.baseUrl, token, 'en');

    // 1. A first booking for the phone, in the form.
    const customerPhone = freshPhone();
    await openBooking(page, 'Customer phone');
    await page.getByLabel('Customer phone').fill(customerPhone);
    await page.getByLabel('Customer name').fill('Rafiq Hasan');
    await page.getByLabel('Customer address').fill('House 12, Road 5, Dhanmondi 32, Dhaka');
    const suggestion = page.getByTestId('area-suggestion');
    await expect.poll(() => suggestion.textContent(), { timeout: 15_000 }).toContain('Dhanmondi');
    await suggestion.getByRole('button', { name: 'Use this' }).click();
    await page.getByLabel('Weight').fill('500');
    await page.getByLabel('Selling price').fill('1250');
    await page.getByLabel('Cash to collect').fill('1250');
    await page.getByRole('button', { name: 'Book parcel', exact: true }).click();
    await page.waitForURL(/\/parcels\/[0-9a-f-]{36}$/, { timeout: 15_000 });

    // 2. A new booking: the same phone fills name, address and area.
    await openBooking(page, 'Customer phone');
    await page.getByLabel('Customer phone').fill(customerPhone);
    await expect
      .poll(() => page.getByTestId('known-customer').textContent(), { timeout: 15_000 })
      .toContain('Saved customer');
    await expect.poll(() => page.getByLabel('Customer name').inputValue()).toBe('Rafiq Hasan');
    expect(await page.getByLabel('Customer address').inputValue()).toBe(
      'House 12, Road 5, Dhanmondi 32, Dhaka',
    );
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Delivery area' }).inputValue())
      .toContain('Dhanmondi');

    // 3. An exchange: the forward parcel with the surcharge, and a new reverse leg.
    await page.getByLabel('Weight').fill('500');
    await page.getByLabel('Selling price').fill('1500');
    await page.getByLabel('Cash to collect').fill('300');
    await page.getByRole('radio', { name: 'Exchange' }).check();
    await expect
      .poll(() => page.getByTestId('charge-exchange').textContent(), { timeout: 15_000 })
      .toContain('exchange charge ৳30');
    await expect.poll(() => page.getByTestId('charge-delivery').textContent()).toBe('৳90');
    expect(await page.textContent('body')).toContain('Book a new reverse parcel with it');
    await shots(page, 'exchange-form', 'en');
    await page.getByRole('button', { name: 'Book exchange', exact: true }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.textContent(), { timeout: 5_000 }).toContain('Two parcels will be booked');
    await confirmDialog(page, 'Yes, book exchange');
    await page.waitForURL(/\/parcels\/[0-9a-f-]{36}$/, { timeout: 30_000 }).catch(async (e) => {
      await shot(page, 'exchange-booking-failed');
      throw new Error(`${e}\n${await page.textContent('body')}`);
    });
    const forwardUrl = page.url();
    const link = page.getByTestId('exchange-link');
    await expect.poll(() => link.textContent(), { timeout: 15_000 }).toContain('its return parcel');
    const reverseTracking = ((await link.locator('a').textContent()) ?? '').trim();
    const forwardTracking = ((await page.getByTestId('tracking-id').textContent()) ?? '').trim();
    expect(reverseTracking).toMatch(/^DK/);
    expect(await page.getByTestId('detail-delivery').textContent()).toBe('৳90');
    await shots(page, 'exchange-detail', 'en');
    await link.locator('a').click();
    await expect
      .poll(() => page.getByTestId('tracking-id').textContent(), { timeout: 15_000 })
      .toContain(reverseTracking);
    await expect.poll(() => page.getByTestId('exchange-link').textContent()).toContain(forwardTracking);
    expect(await page.getByTestId('exchange-link').textContent()).toContain('return parcel of');
    expect(await page.getByTestId('detail-total').textContent()).toBe('৳0');
    expect(page.url()).not.toBe(forwardUrl);

    // 3b. An exchange that links a reverse parcel already booked for the phone.
    const waiting = await api<{ id: string; trackingId: string }>(`/shops/${shopId}/parcels`, {
      method: 'POST',
      token,
      body: {
        customerName: 'Rafiq Hasan',
        customerPhone,
        customerAddress: 'House 12, Road 5, Dhanmondi 32, Dhaka',
        deliveryAreaId: 'dhaka-city--dhanmondi',
        pickupLocationId: pickupId,
        cashCollectionAmount: 0,
        sellingPrice: 0,
        weightGrams: 500,
        parcelType: 'reverse',
      },
    });
    await openBooking(page, 'Customer phone');
    await page.getByLabel('Customer phone').fill(customerPhone);
    await expect
      .poll(() => page.getByLabel('Customer name').inputValue(), { timeout: 15_000 })
      .toBe('Rafiq Hasan');
    await page.getByLabel('Weight').fill('500');
    await page.getByLabel('Selling price').fill('1500');
    await page.getByLabel('Cash to collect').fill('300');
    await page.getByRole('radio', { name: 'Exchange' }).check();
    await page
      .getByLabel('Return parcel')
      .selectOption({ label: `Link reverse parcel ${waiting.trackingId} (Rafiq Hasan)` });
    await page.getByRole('button', { name: 'Book exchange', exact: true }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 5_000 })
      .toContain('linked to the chosen reverse parcel');
    await confirmDialog(page, 'Yes, book exchange');
    await page.waitForURL(
      (url) => /\/parcels\/[0-9a-f-]{36}$/.test(url.pathname) && url.href !== forwardUrl,
      {
        timeout: 15_000,
      },
    );
    await expect
      .poll(() => page.getByTestId('exchange-link').textContent(), { timeout: 15_000 })
      .toContain(waiting.trackingId);

    // 4. The address book: search by phone, edit the name.
    await page.goto(`${server.baseUrl}/customers`);
    await expect
      .poll(() => page.getByTestId('customer-count').textContent(), { timeout: 15_000 })
      .toBe('Customers: 1');
    await page.getByLabel('Search customers').fill(customerPhone.slice(-6));
    await expect.poll(() => page.url()).toContain(`q=${customerPhone.slice(-6)}`);
    await expect.poll(() => page.getByTestId('customer-row').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Edit Rafiq Hasan' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('Customer name').fill('Rafiq Hasan Khan');
    await shots(page, 'customer-edit', 'en');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain('Customer saved');
    await expect
      .poll(() => page.getByTestId('customer-row').first().textContent())
      .toContain('Rafiq Hasan Khan');
    await page.getByLabel('Search customers').fill('');
    await expect.poll(() => page.url()).not.toContain('q=');
    await shots(page, 'customers', 'en');
    await setLanguage(page, 'bn');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('customer-count').textContent(), { timeout: 15_000 })
      .toBe('কাস্টমার: ১ জন');
    await shots(page, 'customers', 'bn');
    await setLanguage(page, 'en');

    // The edited name fills the next booking.
    await openBooking(page, 'Customer phone');
    await page.getByLabel('Customer phone').fill(customerPhone);
    await expect
      .poll(() => page.getByLabel('Customer name').inputValue(), { timeout: 15_000 })
      .toBe('Rafiq Hasan Khan');

    // 5. A poor record: three parcels to a phone, two of them returned, one delivered.
    const riskyPhone = freshPhone();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const parcel = await api<{ id: string }>(`/shops/${shopId}/parcels`, {
        method: 'POST',
        token,
        body: {
          customerName: 'Karim Mia',
          customerPhone: riskyPhone,
          customerAddress: 'House 3, Road 8, Gulshan 1, Dhaka',
          deliveryAreaId: 'dhaka-city--gulshan',
          pickupLocationId: pickupId,
          cashCollectionAmount: 900,
          sellingPrice: 900,
          weightGrams: 500,
        },
      });
      ids.push(parcel.id);
    }
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `update parcels set status = 'returned', seller_status = 'returned' where id = any($1)`,
        [ids.slice(0, 2)],
      );
      await db.query(`update parcels set status = 'delivered', seller_status = 'delivered' where id = $1`, [
        ids[2],
      ]);
    } finally {
      await db.end();
    }

    await openBooking(page, 'Customer phone');
    await page.getByLabel('Customer phone').fill(riskyPhone);
    await expect
      .poll(() => page.getByTestId('success-rate-warning').textContent(), { timeout: 15_000 })
      .toContain('67% return chance');
    expect(await page.getByTestId('customer-record').textContent()).toBe(
      'Delivery record: 1 delivered, 2 returned',
    );
    await expect.poll(() => page.getByLabel('Customer name').inputValue()).toBe('Karim Mia');
    await page.getByLabel('Weight').fill('500');
    await page.getByLabel('Selling price').fill('900');
    await page.getByLabel('Cash to collect').fill('900');
    await expect.poll(() => page.getByTestId('charge-total').isVisible(), { timeout: 15_000 }).toBe(true);
    await shots(page, 'risk-warning', 'en');
    await page.getByRole('button', { name: 'Book parcel', exact: true }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 5_000 })
      .toContain('Return chance for this phone is 67%');
    await shot(page, 'risk-confirm-1280-en');
    // Cancel books nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const count = await api<{ count: number }>(`/shops/${shopId}/parcels?q=${riskyPhone}`, { token });
    expect(count.count).toBe(3);

    // Bengali: the warning, the record and the exchange form.
    await setLanguage(page, 'bn');
    await openBooking(page, 'কাস্টমারের ফোন নম্বর');
    await page.getByLabel('কাস্টমারের ফোন নম্বর').fill(riskyPhone);
    await expect
      .poll(() => page.getByTestId('success-rate-warning').textContent(), { timeout: 15_000 })
      .toContain('রিটার্নের সম্ভাবনা ৬৭%');
    expect(await page.getByTestId('customer-record').textContent()).toContain('১টি ডেলিভারি সম্পন্ন');
    // The known customer's name and address fill in, which moves the form down: then choose.
    await expect.poll(() => page.getByLabel('কাস্টমারের নাম').inputValue()).toBe('Karim Mia');
    await shots(page, 'risk-warning', 'bn');
    await page.getByRole('radio', { name: 'এক্সচেঞ্জ' }).check();
    await page.getByLabel('ওজন').fill('৫০০');
    await page.getByLabel('বিক্রয় মূল্য').fill('900');
    await page.getByLabel('ক্যাশ কালেকশন').fill('900');
    await expect
      .poll(() => page.getByTestId('charge-exchange').textContent(), { timeout: 15_000 })
      .toContain('৳৩০');
    await shots(page, 'exchange-form', 'bn');
    await page.goto(forwardUrl);
    await expect
      .poll(() => page.getByTestId('exchange-link').textContent(), { timeout: 15_000 })
      .toContain('এক্সচেঞ্জের রিটার্ন পার্সেল');
    await shots(page, 'exchange-detail', 'bn');
    await page.close();
  });
});
