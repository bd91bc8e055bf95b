import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  merchantWithPickup,
  riderPhoneContext,
  signedInContext,
  signedInStaff,
  snap,
} from './fixtures';
import {
  freshPhone,
  launchBrowser,
  otpFromOutbox,
  type RunningServer,
  screenshotDir,
  smsFromOutbox,
  startServer,
} from './helpers';

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

/** A JPEG's frame as a phone camera's file starts and ends (SOI, JFIF, scan, EOI). */
function jpegImage(): Buffer {
  return Buffer.concat([
    Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0,
    ]),
    Buffer.from([0xff, 0xda, 0x00, 0x08]),
    Buffer.alloc(64, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

async function sheetShot(page: Page, name: string) {
  await page.waitForTimeout(500);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** A merchant in Mirpur with three parcels to customers in Gulshan. */
async function bookedParcels() {
  const merchant = await merchantWithPickup(server.baseUrl);
  const customers = [
    {
      customerName: 'Rahima Begum',
      customerAddress: 'House 5, Road 3, Gulshan 1',
      cashCollectionAmount: 1250,
    },
    {
      customerName: 'করিম উদ্দিন',
      customerAddress: 'Flat 4B, House 12, Road 41, Gulshan 2',
      cashCollectionAmount: 2200,
    },
    {
      customerName: 'Sadia Islam',
      customerAddress: 'House 9, Road 11, Banani-adjacent Gulshan',
      cashCollectionAmount: 0,
    },
  ];
  const parcels: { trackingId: string; customerPhone: string }[] = [];
  for (const customer of customers) {
    const customerPhone = freshPhone();
    const booked = await bookParcel(server.baseUrl, merchant, {
      ...customer,
      customerPhone,
      deliveryAreaId: 'dhaka-city--gulshan',
      sellingPrice: Math.max(customer.cashCollectionAmount, 500),
      weightGrams: 500,
    });
    parcels.push({ trackingId: booked.trackingId, customerPhone });
  }
  return parcels;
}

describe('a rider delivers a run', () => {
  it('hub manager sends parcels out; the rider calls, delivers with the OTP, fails one; tracking shows delivered', async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const manager = await signedInStaff(server, { role: 'hub_manager', name: 'Mizanur Rahman' });
    await api('PUT', `/ops/staff/${manager.id}/hubs`, {
      token: admin.token,
      body: { hubIds: ['hub-dhaka-gulshan'] },
    });
    const riderPhone = freshPhone();
    await api('POST', '/ops/riders', {
      token: admin.token,
      body: { name: 'Rubel Mia', phone: riderPhone, hubId: 'hub-dhaka-gulshan' },
    });

    const parcels = await bookedParcels();
    for (const status of ['at_sorting', 'in_transit', 'at_delivery_hub']) {
      const moved = await api<{ results: { ok: boolean }[] }>('PUT', '/ops/parcels/bulk-status', {
        token: admin.token,
        body: { updates: parcels.map((p) => ({ trackingId: p.trackingId, status })) },
      });
      expect(moved.results.every((r) => r.ok)).toBe(true);
    }

    // The hub manager, at a desk: picks the rider and the three parcels, sends them out.
    const { page: hub } = await signedInContext(browser, manager.token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'en',
    });
    await hub.goto(`${server.baseUrl}/ops/runs`);
    for (const p of parcels) await hub.getByRole('cell', { name: p.trackingId }).waitFor();
    await hub.getByLabel('Rider').click();
    await hub.locator('.ant-select-item-option', { hasText: 'Rubel Mia' }).click();
    await hub.locator('thead .ant-checkbox-input').first().check();
    await snap(hub, 'ops-runs-select-1280-en');
    await hub.getByRole('button', { name: /Send out with rider/ }).click();
    await hub.getByText('3 sent out, 0 refused').waitFor();
    await hub.getByRole('cell', { name: 'Rubel Mia' }).waitFor();
    await snap(hub, 'ops-runs-1280-en');

    const [first, second, third] = parcels as [(typeof parcels)[0], (typeof parcels)[0], (typeof parcels)[0]];
    const text = await smsFromOutbox(server.baseUrl, first.customerPhone, /OTP: \d{4}/);
    expect(text).toContain('Rubel Mia');
    expect(text).toContain(`/track/${first.trackingId}`);
    const otp = /OTP: (\d{4})/.exec(text)?.[1] ?? '';
    expect(otp).toMatch(/^\d{4}$/);

    // The rider, on a cheap phone: Bengali by default.
    const { page } = await riderPhoneContext(browser);
    await page.goto(`${server.baseUrl}/rider/login`);
    await page.getByRole('heading', { name: 'রাইডার লগ ইন' }).waitFor();
    await snap(page, 'rider-login-360-bn');
    await page.getByLabel('ফোন নম্বর').fill(riderPhone);
    await page.getByRole('button', { name: 'কোড পাঠান' }).click();
    const code = await otpFromOutbox(server.baseUrl, riderPhone);
    const boxes = page.locator('.otp-input__box');
    await boxes.first().waitFor();
    for (let i = 0; i < 4; i++) await boxes.nth(i).fill(code[i] ?? '');
    await page.getByRole('button', { name: 'লগ ইন' }).click();
    await page.waitForURL('**/rider/run');
    await page.getByText('আজ সংগ্রহ করা ক্যাশ').waitFor();
    await page.locator(`[data-tracking-id="${first.trackingId}"]`).waitFor();
    await expect(page.getByTestId('cash-collected').textContent()).resolves.toBe('৳০');
    await snap(page, 'rider-run-360-bn');

    // Call the first customer: a tel: link; the outcome is logged (404 until the calls part lands).
    const card = page.locator(`[data-tracking-id="${first.trackingId}"]`);
    const href = await card.getByRole('link', { name: /কল করুন/ }).getAttribute('href');
    expect(href).toBe(`tel:${first.customerPhone}`);
    await card.getByRole('link', { name: /কল করুন/ }).click();
    const logged = page.waitForRequest((r) => r.url().endsWith(`/rider/parcels/${first.trackingId}/calls`));
    await card.getByRole('button', { name: 'কথা হয়েছে' }).click();
    const callRequest = await logged;
    expect(JSON.parse(callRequest.postData() ?? '{}')).toMatchObject({ outcome: 'answered' });

    // Deliver with the customer's OTP, full amount.
    await card.getByRole('button', { name: 'ডেলিভারি দিন' }).click();
    const sheet = page.locator('.rider-sheet');
    await sheet.getByLabel('কাস্টমারের এসএমএসে পাওয়া ৪ সংখ্যার ওটিপি').fill(otp);
    // The sheet as the rider sees it (the viewport, not the full page: a full-page capture resizes
    // the page under the open sheet).
    await sheetShot(page, 'rider-deliver-360-bn');
    await sheet.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
    await card.getByText(/ডেলিভারি সম্পন্ন · ৳১,২৫০ সংগ্রহ/).waitFor();
    await expect(page.getByTestId('cash-collected').textContent()).resolves.toBe('৳১,২৫০');

    // The second parcel fails with a reason.
    const card2 = page.locator(`[data-tracking-id="${second.trackingId}"]`);
    await card2.getByRole('button', { name: 'ডেলিভারি হয়নি' }).click();
    await page.locator('.rider-sheet').getByText('কাস্টমার ঠিকানায় ছিলেন না').click();
    await sheetShot(page, 'rider-fail-360-bn');
    await page.locator('.rider-sheet').getByRole('button', { name: 'নিশ্চিত করুন: ডেলিভারি হয়নি' }).click();
    await card2.getByText('ডেলিভারি হয়নি: কাস্টমার ঠিকানায় ছিলেন না').waitFor();

    // English on the same phone.
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await page.getByText('Cash collected today').waitFor();
    await page
      .locator(`[data-tracking-id="${third.trackingId}"]`)
      .getByText('Nothing to collect (prepaid)')
      .waitFor();
    await snap(page, 'rider-run-360-en');

    // The prepaid one is delivered with a photo (nothing to collect).
    const card3 = page.locator(`[data-tracking-id="${third.trackingId}"]`);
    await card3.getByRole('button', { name: 'Deliver', exact: true }).click();
    const sheet3 = page.locator('.rider-sheet');
    await sheet3.getByText('Photo', { exact: true }).click();
    await sheet3
      .locator('input[name="photo"]')
      .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: jpegImage() });
    await sheet3.getByText('Photo ready: door.jpg').waitFor();
    await sheetShot(page, 'rider-photo-360-en');
    await sheet3.getByRole('button', { name: 'Confirm delivery' }).click();
    await card3.getByText('Delivered · ৳0 collected').waitFor();
    await page.getByText('0 to deliver').waitFor();
    expect((await api<{ status: string }>('GET', `/tracking/${third.trackingId}`)).status).toBe('delivered');

    // Public tracking: delivered, and the failed one attempted.
    const tracked = await api<{ status: string }>('GET', `/tracking/${first.trackingId}`);
    expect(tracked.status).toBe('delivered');
    expect((await api<{ status: string }>('GET', `/tracking/${second.trackingId}`)).status).toBe(
      'delivery_attempted',
    );
    const publicPage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await publicPage.goto(`${server.baseUrl}/track/${first.trackingId}`);
    await publicPage.getByText('Delivered').first().waitFor();

    // The manager's list has caught up.
    await hub.reload();
    await hub.getByRole('cell', { name: '৳1,250' }).waitFor();
  });
});
