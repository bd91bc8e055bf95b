import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  merchantWithPickup,
  signedInContext,
  signedInStaff,
  snap,
  usbScan,
} from './fixtures';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

/**
 * Issue 5, parts 3 and 4 end to end: a Dhaka merchant's parcel for Rajshahi is given to a pickup
 * rider, ticked as picked up on the rider's phone, scanned in at the Mirpur hub with a USB-style
 * scan (typed code + Enter), bagged for Rajshahi, dispatched on a line-haul trip and received at
 * the Rajshahi hub; public tracking shows every step. Hub staff and the rider each have their
 * own browser context.
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

/** A Dhaka merchant's parcel for Paba, Rajshahi; `book` books more to other areas. */
async function merchantParcel() {
  const merchant = await merchantWithPickup(server.baseUrl);
  const book = (deliveryAreaId: string) =>
    bookParcel(server.baseUrl, merchant, {
      customerName: 'Rafiq Islam',
      customerAddress: 'Village Nowhata, Paba',
      deliveryAreaId,
      cashCollectionAmount: 1450,
      sellingPrice: 1400,
      weightGrams: 800,
    });
  const parcel = await book('rajshahi--paba');
  return { ...parcel, book };
}

type Tracking = { status: string; events: { status: string; message_en: string }[] };

describe('pickup and hub work', () => {
  it('takes a parcel from the merchant’s pickup to the Rajshahi hub, seen on public tracking', {
    timeout: 180_000,
  }, async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const dhaka = await signedInStaff(server, { role: 'hub_manager', name: 'Mizanur Rahman' });
    const rajshahi = await signedInStaff(server, { role: 'hub_manager', name: 'Selina Parvin' });
    await api('PUT', `/ops/staff/${dhaka.id}/hubs`, {
      token: admin.token,
      body: { hubIds: ['hub-dhaka-mirpur'] },
    });
    await api('PUT', `/ops/staff/${rajshahi.id}/hubs`, {
      token: admin.token,
      body: { hubIds: ['hub-rajshahi'] },
    });
    const riderPhone = freshPhone();
    await api('POST', '/ops/riders', {
      token: dhaka.token,
      body: { name: 'Karim Mia', phone: riderPhone, hubId: 'hub-dhaka-mirpur' },
    });
    await api('POST', '/ops/auth/rider-login', { body: { phone: riderPhone } });
    const riderCode = await otpFromOutbox(server.baseUrl, riderPhone);
    const rider = await api<{ token: string }>('POST', '/ops/auth/verify', {
      body: { phone: riderPhone, code: riderCode },
    });

    const parcel = await merchantParcel();
    const id = parcel.trackingId;
    const notReady = await parcel.book('dhaka-city--gulshan');

    // The Dhaka hub manager gives the location's pickup to the rider on the Pickups screen.
    const desk = await signedInContext(browser, dhaka.token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'en',
    });
    await desk.page.goto(`${server.baseUrl}/ops/pickups`);
    await desk.page.getByRole('cell', { name: /Mirpur warehouse/ }).waitFor();
    await desk.page.getByLabel('Choose a rider: Mirpur warehouse').click();
    await desk.page.locator('.ant-select-item-option', { hasText: 'Karim Mia' }).click();
    await desk.page.getByText('Mirpur warehouse given to Karim Mia').waitFor();
    await snap(desk.page, 'ops-pickups-1280-en', { settleMs: 400 });

    // The rider's phone opens in Bengali; they tick the parcel as picked up.
    const phone = await signedInContext(browser, rider.token, {
      kind: 'staff',
      viewport: { width: 360, height: 780 },
      lang: null,
    });
    await phone.page.goto(`${server.baseUrl}/rider/pickups`);
    await phone.page.getByRole('heading', { name: 'আজকের পিকআপ' }).waitFor();
    await phone.page.getByText(id).waitFor();
    await snap(phone.page, 'rider-pickups-360-bn', { settleMs: 400 });
    // One label scanned (typed) into the pickup's box; the other parcel was not ready.
    await phone.page.getByLabel('ট্র্যাকিং আইডি স্ক্যান বা টাইপ করুন: Mirpur warehouse').fill(id.toLowerCase());
    await phone.page.keyboard.press('Enter');
    await phone.page.getByText('পিকআপ হয়েছে · হাবে জমা দিন').waitFor();
    await phone.page.getByRole('button', { name: `দেওয়া হয়নি: ${notReady.trackingId}` }).click();
    await phone.page.getByText('পার্সেল প্রস্তুত ছিল না').click();
    await snap(phone.page, 'rider-pickups-reason-360-bn', { settleMs: 400 });
    await phone.page.getByRole('button', { name: 'সংরক্ষণ করুন' }).click();
    await phone.page.getByText('হস্তান্তর হয়নি: পার্সেল প্রস্তুত ছিল না').waitFor();
    await snap(phone.page, 'rider-pickups-ticked-360-bn', { settleMs: 400 });
    const missed = await api<Tracking>('GET', `/tracking/${notReady.trackingId}`);
    expect(missed.status).toBe('pickup_pending');
    expect(missed.events.at(-1)?.message_en).toBe('Not handed over at pickup: Parcel was not ready');
    expect((await api<Tracking>('GET', `/tracking/${id}`)).status).toBe('pickup_pending');

    // At the Mirpur hub: scan in with the USB scanner (typed + Enter), focus already in the box.
    await desk.page.goto(`${server.baseUrl}/ops/hub-scan`);
    await desk.page.getByLabel('Scan parcels arriving at the hub').waitFor();
    await expect.poll(() => desk.page.evaluate(() => document.activeElement?.id)).toBe('scan-box-input');
    await usbScan(desk.page, 'NOT-A-PARCEL');
    await desk.page
      .locator('.scan-box__result--error')
      .getByText('No Dak parcel has the code NOT-A-PARCEL')
      .waitFor();
    await usbScan(desk.page, id);
    await desk.page.locator('.scan-box__result--ok').getByText(`${id} scanned in`).waitFor();
    await desk.page.locator('.scan-box__result-detail').getByText('Sort for Rajshahi Hub').waitFor();
    expect(await desk.page.evaluate(() => document.activeElement?.id)).toBe('scan-box-input');
    await snap(desk.page, 'hub-scan-1280-en', { settleMs: 400 });
    expect((await api<Tracking>('GET', `/tracking/${id}`)).status).toBe('at_sorting');

    // Sort: open a bag for Rajshahi and scan the parcel into it.
    await desk.page.locator('.hub-steps label', { hasText: '2 · Sort into bags' }).click();
    await desk.page.getByLabel('Destination hub').click();
    await desk.page.keyboard.type('Rajshahi');
    await desk.page.locator('.ant-select-item-option', { hasText: 'Rajshahi Hub' }).click();
    await desk.page.getByRole('button', { name: 'Open a bag' }).click();
    await desk.page.locator('.hub-card--active').waitFor();
    await desk.page.getByLabel('Scan parcels into the chosen bag').focus();
    await usbScan(desk.page, id);
    await desk.page
      .locator('.scan-box__result--ok')
      .getByText(/is in bag BAG-DHAKA-MIRPUR-/)
      .waitFor();
    await snap(desk.page, 'hub-scan-bag-1280-en', { settleMs: 400 });

    // Trip: load the bag, print the manifest, dispatch.
    await desk.page.locator('.hub-steps label', { hasText: '3 · Trips' }).click();
    await desk.page.locator('.hub-checks .ant-checkbox-wrapper').first().click();
    await desk.page.getByLabel('Vehicle number (optional)').fill('Dhaka Metro Ta 11-2345');
    await desk.page.getByRole('button', { name: 'Create trip' }).click();
    await desk.page.getByText('Trip created: print the manifest, then dispatch').waitFor();
    const manifest = await desk.page.evaluate(async (tripsUrl) => {
      // As the console calls: the session cookie goes along, with the console's header.
      const headers = { 'X-Dak-Console': '1' };
      const trips = await (await fetch(tripsUrl, { headers })).json();
      const res = await fetch(`/api/v1/ops/trips/${trips.outgoing[0].id}/manifest`, { headers });
      return { type: res.headers.get('content-type'), size: (await res.arrayBuffer()).byteLength };
    }, '/api/v1/ops/trips?hubId=hub-dhaka-mirpur');
    expect(manifest.type).toBe('application/pdf');
    expect(manifest.size).toBeGreaterThan(1000);
    await desk.page.getByRole('button', { name: 'Dispatch' }).click();
    await desk.page.getByText(/dispatched: its parcels are in transit/).waitFor();
    await snap(desk.page, 'hub-scan-trips-1280-en', { settleMs: 400 });
    expect((await api<Tracking>('GET', `/tracking/${id}`)).status).toBe('in_transit');

    // At the Rajshahi hub, in Bengali: receive the trip, scan the parcel, finish the receipt.
    const far = await signedInContext(browser, rajshahi.token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'bn',
    });
    await far.page.goto(`${server.baseUrl}/ops/hub-scan?step=receive`);
    await far.page.getByRole('button', { name: 'গ্রহণ করুন' }).click();
    await far.page.getByLabel('আসা ট্রিপের পার্সেল স্ক্যান করুন').focus();
    await usbScan(far.page, 'DK-NOT-OURS');
    await far.page.locator('.scan-box__result--error').waitFor();
    await usbScan(far.page, id);
    await far.page.locator('.scan-box__result--ok').getByText(`${id} গ্রহণ করা হয়েছে`).waitFor();
    await snap(far.page, 'hub-scan-receive-1280-bn', { settleMs: 400 });
    await far.page.getByRole('button', { name: 'গ্রহণ শেষ করুন' }).click();
    await far.page.getByText('গ্রহণ শেষ হয়েছে').waitFor();
    await far.page.getByText('১টি অতিরিক্ত (স্ক্যান হয়েছে, ম্যানিফেস্টে নেই)').waitFor();
    await snap(far.page, 'hub-scan-received-1280-bn', { settleMs: 400 });

    const tracking = await api<Tracking>('GET', `/tracking/${id}`);
    expect(tracking.status).toBe('at_delivery_hub');
    expect(tracking.events.map((e) => e.status)).toEqual([
      'pickup_pending',
      'pickup_pending',
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
    ]);

    // The public tracking page shows every step.
    const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/track/${id}`);
    for (const text of [
      'Collected by the pickup rider',
      'Picked up; at the sorting hub',
      'On the way to the delivery hub',
      'Arrived at the delivery hub',
    ]) {
      await page.getByText(text).first().waitFor();
    }
    await shot(page, 'hub-work-tracking-360-en');

    // The scan screen at the other sizes and language, for people to look at.
    for (const [width, lang] of [
      [360, 'en'],
      [360, 'bn'],
      [1280, 'bn'],
    ] as const) {
      const look = await signedInContext(browser, dhaka.token, {
        kind: 'staff',
        viewport: { width, height: 900 },
        lang,
      });
      await look.page.goto(`${server.baseUrl}/ops/hub-scan`);
      await look.page.locator('#scan-box-input').waitFor();
      for (const area of ['rajshahi--paba', 'dhaka-city--gulshan']) {
        const next = await parcel.book(area);
        await usbScan(look.page, next.trackingId);
        await look.page.locator('.scan-box__result--ok').getByText(next.trackingId).first().waitFor();
      }
      await usbScan(look.page, 'ZZ-404');
      await look.page.locator('.scan-box__result--error').waitFor();
      await snap(look.page, `hub-scan-${width}-${lang}`, { settleMs: 400 });
      await look.context.close();
    }
    await Promise.all([desk.context.close(), phone.context.close(), far.context.close(), visitor.close()]);
  });
});
