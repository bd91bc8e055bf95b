import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  chooseReattemptReason,
  merchantWithPickup,
  riderPhoneContext,
  shots,
  signedInContext,
  signedInStaff,
  snap,
  usbScan,
} from './fixtures';
import {
  freshPhone,
  launchBrowser,
  otpFromOutbox,
  type RunningServer,
  returnOtpFromOutbox,
  startServer,
} from './helpers';

/**
 * Issue 5's whole journey, each person in their own browser context: a Mirpur merchant books four
 * parcels for customers in Paba, Rajshahi. The Mirpur hub gives the pickup to a rider, who ticks
 * them picked up on a phone; the hub scans them in, bags them for Rajshahi and dispatches the
 * trip; the Rajshahi hub receives it and sends the parcels out with its rider, who
 * - delivers the first with the OTP the customer got by SMS;
 * - fails the second; the merchant asks for a reattempt, staff approve, the rider delivers it;
 * - fails the third; the merchant confirms the return, it travels back and is handed to the
 *   merchant with their code: `returned`;
 * - fails the fourth; nobody decides, a day passes (the server's clock is moved, nobody sleeps)
 *   and the auto-return job sends it back.
 * Public tracking shows every step of the first in English and Bengali.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(method: string, path: string, options: ApiInit = {}) =>
  apiRequest<T>(server.baseUrl, path, { ...options, method });

type Tracking = {
  status: string;
  events: { status: string; message_en: string; message_bn: string; hub: string | null }[];
};
const tracking = (trackingId: string) => api<Tracking>('GET', `/tracking/${trackingId}`);
const statusOf = async (trackingId: string) => (await tracking(trackingId)).status;

/**
 * The delivery OTP of the `nth` out-for-delivery SMS to a customer (1 = the first run), read
 * from the dev outbox as a tester reads the customer's phone.
 */
async function deliveryOtp(phone: string, nth: number): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const outbox = await api<{ items: { body: string }[] }>('GET', `/dev/outbox?to=${phone}&limit=20`);
        codes = outbox.items.flatMap((m) => /OTP: (\d{4})/.exec(m.body)?.[1] ?? []);
        return codes.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(nth);
  // Newest first: the nth sent is counted from the end.
  return codes[codes.length - nth] ?? '';
}

async function staffDesk(token: string, lang: 'en' | 'bn') {
  const desk = await signedInContext(browser, token, {
    kind: 'staff',
    viewport: { width: 1280, height: 900 },
    lang,
  });
  contexts.push(desk.context);
  return desk.page;
}

describe('a parcel’s whole life, across merchant, hubs and riders', () => {
  it('picks up, sorts, carries to Rajshahi, delivers, reattempts, returns and auto-returns', {
    timeout: 300_000,
  }, async () => {
    // The people: an admin, a manager at each hub, a pickup rider in Mirpur, a rider in Rajshahi.
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const mirpur = await signedInStaff(server, { role: 'hub_manager', name: 'Mizanur Rahman' });
    const rajshahi = await signedInStaff(server, { role: 'hub_manager', name: 'Selina Parvin' });
    for (const [manager, hubId] of [
      [mirpur, 'hub-dhaka-mirpur'],
      [rajshahi, 'hub-rajshahi'],
    ] as const) {
      await api('PUT', `/ops/staff/${manager.id}/hubs`, { token: admin.token, body: { hubIds: [hubId] } });
    }
    const pickupRiderPhone = freshPhone();
    await api('POST', '/ops/riders', {
      token: mirpur.token,
      body: { name: 'Karim Mia', phone: pickupRiderPhone, hubId: 'hub-dhaka-mirpur' },
    });
    const deliveryRiderPhone = freshPhone();
    await api('POST', '/ops/riders', {
      token: rajshahi.token,
      body: { name: 'Sumon Ali', phone: deliveryRiderPhone, hubId: 'hub-rajshahi' },
    });

    // The merchant books the first parcel in the browser; the address names the area.
    const merchant = await merchantWithPickup(server.baseUrl, { shopName: 'Nasrin Fashion' });
    const shop = await signedInContext(browser, merchant.token, { kind: 'user', lang: 'en' });
    contexts.push(shop.context);
    const desk = shop.page;
    const customers = [
      { customerName: 'Rafiq Islam', customerPhone: freshPhone(), cash: 1450 },
      { customerName: 'Shirin Sultana', customerPhone: freshPhone(), cash: 980 },
      { customerName: 'Abdul Karim', customerPhone: freshPhone(), cash: 2100 },
      { customerName: 'Mousumi Khatun', customerPhone: freshPhone(), cash: 650 },
    ] as const;
    const [first, second, third, fourth] = customers;
    await desk.goto(`${server.baseUrl}/parcels/new`);
    await expect.poll(() => desk.getByLabel('Customer phone').isVisible(), { timeout: 20_000 }).toBe(true);
    await desk.getByLabel('Customer phone').fill(first.customerPhone);
    await desk.getByLabel('Customer name').fill(first.customerName);
    await desk.getByLabel('Customer address').fill('House 7, Nowhata Bazar, Paba, Rajshahi');
    const suggestion = desk.getByTestId('area-suggestion');
    await expect.poll(() => suggestion.textContent(), { timeout: 15_000 }).toContain('Paba, Rajshahi');
    await suggestion.getByRole('button', { name: 'Use this' }).click();
    await desk.getByLabel('Weight').fill('800');
    await desk.getByLabel('Selling price').fill(String(first.cash));
    await desk.getByLabel('Cash to collect').fill(String(first.cash));
    await desk.getByRole('button', { name: 'Book parcel', exact: true }).click();
    await desk.waitForURL(/\/parcels\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const A = ((await desk.getByTestId('tracking-id').textContent()) ?? '').trim();
    // The other three through the API, as a merchant's shop system would.
    const [B, C, D] = (await Promise.all(
      [second, third, fourth].map(async (c) => {
        const booked = await bookParcel(server.baseUrl, merchant, {
          customerName: c.customerName,
          customerPhone: c.customerPhone,
          customerAddress: 'Village Nowhata, Paba, Rajshahi',
          deliveryAreaId: 'rajshahi--paba',
          cashCollectionAmount: c.cash,
          sellingPrice: c.cash,
          weightGrams: 800,
        });
        return booked.trackingId;
      }),
    )) as [string, string, string];
    const ids = [A, B, C, D];

    // Mirpur hub: the location's pickup goes to Karim.
    const mirpurDesk = await staffDesk(mirpur.token, 'en');
    await mirpurDesk.goto(`${server.baseUrl}/ops/pickups`);
    await mirpurDesk.getByRole('cell', { name: /Mirpur warehouse/ }).waitFor();
    await mirpurDesk.getByLabel('Choose a rider: Mirpur warehouse').click();
    await mirpurDesk.locator('.ant-select-item-option', { hasText: 'Karim Mia' }).click();
    await mirpurDesk.getByText('Mirpur warehouse given to Karim Mia').waitFor();

    // Karim's phone (Bengali, as riders' phones open): scans the four labels at the shop.
    await api('POST', '/ops/auth/rider-login', { body: { phone: pickupRiderPhone } });
    const karim = await api<{ token: string }>('POST', '/ops/auth/verify', {
      body: { phone: pickupRiderPhone, code: await otpFromOutbox(server.baseUrl, pickupRiderPhone) },
    });
    const pickupPhone = await signedInContext(browser, karim.token, {
      kind: 'staff',
      viewport: { width: 360, height: 780 },
      lang: null,
    });
    contexts.push(pickupPhone.context);
    await pickupPhone.page.goto(`${server.baseUrl}/rider/pickups`);
    await pickupPhone.page.getByRole('heading', { name: 'আজকের পিকআপ' }).waitFor();
    const pickupBox = pickupPhone.page.getByLabel('ট্র্যাকিং আইডি স্ক্যান বা টাইপ করুন: Mirpur warehouse');
    for (const [i, id] of ids.entries()) {
      await pickupBox.fill(id);
      await pickupPhone.page.keyboard.press('Enter');
      await expect.poll(() => pickupPhone.page.getByText('পিকআপ হয়েছে · হাবে জমা দিন').count()).toBe(i + 1);
    }
    await snap(pickupPhone.page, 'journey-rider-pickups-360-bn', { settleMs: 400 });

    // Mirpur hub: scan in, bag for Rajshahi, trip, dispatch.
    await mirpurDesk.goto(`${server.baseUrl}/ops/hub-scan`);
    await mirpurDesk.getByLabel('Scan parcels arriving at the hub').waitFor();
    await expect.poll(() => mirpurDesk.evaluate(() => document.activeElement?.id)).toBe('scan-box-input');
    for (const id of ids) {
      await usbScan(mirpurDesk, id);
      await mirpurDesk.locator('.scan-box__result--ok').getByText(`${id} scanned in`).waitFor();
    }
    await snap(mirpurDesk, 'journey-hub-scan-1280-en', { settleMs: 400 });
    await mirpurDesk.locator('.hub-steps label', { hasText: '2 · Sort into bags' }).click();
    await mirpurDesk.getByLabel('Destination hub').click();
    await mirpurDesk.keyboard.type('Rajshahi');
    await mirpurDesk.locator('.ant-select-item-option', { hasText: 'Rajshahi Hub' }).click();
    await mirpurDesk.getByRole('button', { name: 'Open a bag' }).click();
    await mirpurDesk.locator('.hub-card--active').waitFor();
    await mirpurDesk.getByLabel('Scan parcels into the chosen bag').focus();
    for (const id of ids) {
      await usbScan(mirpurDesk, id);
      await mirpurDesk.locator('.scan-box__result--ok').getByText(`${id} is in bag`).waitFor();
    }
    await mirpurDesk.locator('.hub-steps label', { hasText: '3 · Trips' }).click();
    await mirpurDesk.locator('.hub-checks .ant-checkbox-wrapper').first().click();
    await mirpurDesk.getByLabel('Vehicle number (optional)').fill('Dhaka Metro Ta 11-2345');
    await mirpurDesk.getByRole('button', { name: 'Create trip' }).click();
    await mirpurDesk.getByText('Trip created: print the manifest, then dispatch').waitFor();
    await mirpurDesk.getByRole('button', { name: 'Dispatch' }).click();
    await mirpurDesk.getByText(/dispatched: its parcels are in transit/).waitFor();
    for (const id of ids) expect(await statusOf(id)).toBe('in_transit');

    // Rajshahi hub, in Bengali: receives the trip and every parcel on it.
    const rajshahiDesk = await staffDesk(rajshahi.token, 'bn');
    await rajshahiDesk.goto(`${server.baseUrl}/ops/hub-scan?step=receive`);
    await rajshahiDesk.getByRole('button', { name: 'গ্রহণ করুন' }).click();
    await rajshahiDesk.getByLabel('আসা ট্রিপের পার্সেল স্ক্যান করুন').focus();
    for (const id of ids) {
      await usbScan(rajshahiDesk, id);
      await rajshahiDesk.locator('.scan-box__result--ok').getByText(`${id} গ্রহণ করা হয়েছে`).waitFor();
    }
    await rajshahiDesk.getByRole('button', { name: 'গ্রহণ শেষ করুন' }).click();
    await rajshahiDesk.getByText('গ্রহণ শেষ হয়েছে').waitFor();
    await snap(rajshahiDesk, 'journey-hub-receive-1280-bn', { settleMs: 400 });
    for (const id of ids) expect(await statusOf(id)).toBe('at_delivery_hub');

    // Rajshahi hub sends all four out with Sumon.
    await rajshahiDesk.goto(`${server.baseUrl}/ops/runs`);
    for (const id of ids) await rajshahiDesk.getByRole('cell', { name: id }).waitFor();
    await rajshahiDesk.getByLabel('রাইডার').click();
    await rajshahiDesk.locator('.ant-select-item-option', { hasText: 'Sumon Ali' }).click();
    await rajshahiDesk.locator('thead .ant-checkbox-input').first().check();
    await rajshahiDesk.getByRole('button', { name: /রাইডারের সাথে পাঠান/ }).click();
    await rajshahiDesk.getByText(/^[৪4]টি পাঠানো হয়েছে/).waitFor();
    for (const id of ids) expect(await statusOf(id)).toBe('out_for_delivery');

    // Sumon signs in on his phone with the code SMSed to him.
    const rider = await riderPhoneContext(browser);
    contexts.push(rider.context);
    const phone = rider.page;
    await phone.goto(`${server.baseUrl}/rider/login`);
    await phone.getByLabel('ফোন নম্বর').fill(deliveryRiderPhone);
    await phone.getByRole('button', { name: 'কোড পাঠান' }).click();
    const riderCode = await otpFromOutbox(server.baseUrl, deliveryRiderPhone);
    const boxes = phone.locator('.otp-input__box');
    await boxes.first().waitFor();
    for (let i = 0; i < 4; i++) await boxes.nth(i).fill(riderCode[i] ?? '');
    await phone.getByRole('button', { name: 'লগ ইন' }).click();
    await phone.waitForURL('**/rider/run');
    for (const id of ids) await phone.locator(`[data-tracking-id="${id}"]`).waitFor();
    await snap(phone, 'journey-rider-run-360-bn');

    const card = (id: string) => phone.locator(`[data-tracking-id="${id}"]`);
    async function deliver(id: string, otp: string) {
      await card(id).getByRole('button', { name: 'ডেলিভারি দিন' }).click();
      const sheet = phone.locator('.rider-sheet');
      await sheet.getByLabel('কাস্টমারের এসএমএসে পাওয়া ৪ সংখ্যার ওটিপি').fill(otp);
      await sheet.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
      await card(id)
        .getByText(/ডেলিভারি সম্পন্ন/)
        .waitFor();
    }
    async function fail(id: string) {
      await card(id).getByRole('button', { name: 'ডেলিভারি হয়নি' }).click();
      await phone.locator('.rider-sheet').getByText('কাস্টমার ঠিকানায় ছিলেন না').click();
      await phone.locator('.rider-sheet').getByRole('button', { name: 'নিশ্চিত করুন: ডেলিভারি হয়নি' }).click();
      await card(id).getByText('ডেলিভারি হয়নি: কাস্টমার ঠিকানায় ছিলেন না').waitFor();
    }

    // The first: a wrong code is refused, the customer's code delivers it.
    const otpA = await deliveryOtp(first.customerPhone, 1);
    await card(A).getByRole('button', { name: 'ডেলিভারি দিন' }).click();
    const sheet = phone.locator('.rider-sheet');
    await sheet.getByLabel('কাস্টমারের এসএমএসে পাওয়া ৪ সংখ্যার ওটিপি').fill(otpA === '0000' ? '1111' : '0000');
    await sheet.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
    await sheet.locator('.form-alert').waitFor();
    expect(await statusOf(A)).toBe('out_for_delivery');
    await sheet.getByLabel('কাস্টমারের এসএমএসে পাওয়া ৪ সংখ্যার ওটিপি').fill(otpA);
    await sheet.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
    await card(A)
      .getByText(/ডেলিভারি সম্পন্ন · ৳১,৪৫০ সংগ্রহ/)
      .waitFor();
    await expect.poll(() => phone.getByTestId('cash-collected').textContent()).toBe('৳১,৪৫০');
    expect(await statusOf(A)).toBe('delivered');

    // The other three fail.
    for (const id of [B, C, D]) await fail(id);
    await snap(phone, 'journey-rider-run-closed-360-bn');

    // The merchant decides: a reattempt for the second, the return of the third; the fourth waits.
    await desk.goto(`${server.baseUrl}/returned-parcels`);
    await desk.getByRole('heading', { name: 'Returned parcels' }).waitFor();
    const row = (id: string) => desk.locator(`tr[data-tracking-id="${id}"]`);
    for (const id of [B, C, D]) await row(id).waitFor();
    await row(B).getByRole('button', { name: 'Ask for reattempt' }).click();
    const dialog = desk.getByRole('dialog');
    await chooseReattemptReason(
      desk,
      'Customer confirmed they will receive it',
      'Customer is home after 5 pm',
    );
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await row(B).getByText('Reattempt requested, waiting for approval').waitFor();
    await row(C).getByRole('button', { name: 'Confirm return' }).click();
    await desk.locator('.ant-popover').getByRole('button', { name: 'Confirm return' }).click();
    await desk.getByText(`Return confirmed for ${C}`).waitFor();
    await expect.poll(() => row(D).textContent()).toContain('Returns automatically on');

    // Rajshahi approves the reattempt; the second goes out again and is delivered.
    await rajshahiDesk.goto(`${server.baseUrl}/ops/returns`);
    await rajshahiDesk.getByRole('heading', { name: 'রিটার্ন অনুমোদন' }).waitFor();
    const request = rajshahiDesk.locator('tr', { hasText: B });
    await request.getByText('Customer is home after 5 pm').waitFor();
    await request.getByRole('button', { name: `${B} পার্সেলের পুনরায় ডেলিভারি অনুমোদন করুন` }).click();
    await rajshahiDesk.getByText(`${B} পার্সেলের পুনরায় ডেলিভারি অনুমোদিত`).waitFor();
    await request.waitFor({ state: 'detached' });
    await rajshahiDesk.goto(`${server.baseUrl}/ops/runs`);
    const bRow = rajshahiDesk.locator('tr', { hasText: B });
    await bRow.waitFor();
    await rajshahiDesk.getByLabel('রাইডার').click();
    await rajshahiDesk.locator('.ant-select-item-option', { hasText: 'Sumon Ali' }).click();
    await bRow.locator('.ant-checkbox-input').check();
    await rajshahiDesk.getByRole('button', { name: /রাইডারের সাথে পাঠান/ }).click();
    await rajshahiDesk.getByText(/^[১1]টি পাঠানো হয়েছে/).waitFor();
    const otpB = await deliveryOtp(second.customerPhone, 2);
    await phone.reload();
    await deliver(B, otpB);
    expect(await statusOf(B)).toBe('delivered');
    await snap(phone, 'journey-rider-reattempt-360-bn');

    // The third travels back on the Parcel status screen: Rajshahi puts it on the way, Mirpur
    // takes it in, sends it out for return, and hands it over with the code SMSed to the merchant.
    async function moveOnScreen(page: Page, labels: { status: string; scan: string }, status: string) {
      const box = page.getByLabel(labels.status, { exact: true });
      await box.click();
      await box.fill(status);
      await page.locator('.ant-select-item-option-active', { hasText: status }).waitFor();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.parcel-status__submit').textContent()).toContain(`“${status}”`);
      await page.getByLabel(labels.scan, { exact: true }).focus();
      await usbScan(page, C);
      await page.locator(`.parcel-status__list > li[data-tracking-id="${C}"]`).waitFor();
    }
    const submitted = async (page: Page, ok: 'true' | 'false') => {
      const before = await page.locator(`.parcel-status__outcomes li[data-tracking-id="${C}"]`).count();
      await page.locator('.parcel-status__submit').click();
      await expect
        .poll(() => page.locator(`.parcel-status__outcomes li[data-tracking-id="${C}"]`).count())
        .toBe(before + 1);
      expect(
        await page
          .locator(`.parcel-status__outcomes li[data-tracking-id="${C}"]`)
          .first()
          .getAttribute('data-ok'),
      ).toBe(ok);
    };
    const bn = { status: 'নতুন স্ট্যাটাস', scan: 'ট্র্যাকিং আইডি স্ক্যান বা টাইপ করুন' };
    const en = { status: 'New status', scan: 'Scan or type a tracking ID' };
    await rajshahiDesk.goto(`${server.baseUrl}/ops/parcel-status`);
    await moveOnScreen(rajshahiDesk, bn, 'রিটার্ন: ট্রানজিটে');
    await submitted(rajshahiDesk, 'true');
    expect(await statusOf(C)).toBe('return_in_transit');
    await mirpurDesk.goto(`${server.baseUrl}/ops/parcel-status`);
    for (const status of ['In return hub', 'Rider out for return']) {
      await moveOnScreen(mirpurDesk, en, status);
      await submitted(mirpurDesk, 'true');
    }
    expect(await statusOf(C)).toBe('out_for_return');
    const returnCode = await returnOtpFromOutbox(server.baseUrl, merchant.phone, C);
    await moveOnScreen(mirpurDesk, en, 'Returned');
    await mirpurDesk.getByLabel(`Return OTP for ${C}`).fill(returnCode === '0000' ? '1111' : '0000');
    await submitted(mirpurDesk, 'false');
    expect(await statusOf(C)).toBe('out_for_return');
    await mirpurDesk.getByLabel(`Return OTP for ${C}`).fill(returnCode);
    await submitted(mirpurDesk, 'true');
    await mirpurDesk.evaluate(() => window.scrollTo(0, 0));
    await snap(mirpurDesk, 'journey-parcel-status-1280-en');
    expect(await statusOf(C)).toBe('returned');
    await desk.goto(`${server.baseUrl}/returned-parcels?view=returned`);
    await row(C).getByText('Returned').waitFor();

    // Public tracking: every step of the first, in English and in Bengali.
    const publicA = await tracking(A);
    expect(publicA.events.map((e) => e.status)).toEqual([
      'pickup_pending',
      'pickup_pending',
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
      'out_for_delivery',
      'delivered',
    ]);
    const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
    contexts.push(visitor);
    const trackPage = await visitor.newPage();
    for (const [path, field] of [
      [`/track/${A}`, 'message_en'],
      [`/bn/track/${A}`, 'message_bn'],
    ] as const) {
      await trackPage.goto(`${server.baseUrl}${path}`);
      const text = (await trackPage.textContent('main')) ?? '';
      for (const event of publicA.events) expect(text).toContain(event[field]);
    }
    await snap(trackPage, 'journey-tracking-360-bn');

    // The merchant's Track parcel screen: the same steps in the panel, in English, then Bengali.
    await desk.goto(`${server.baseUrl}/track-parcel?id=${A}`);
    await desk.getByRole('link', { name: 'Open parcel details' }).waitFor();
    for (const event of publicA.events) {
      await expect.poll(() => desk.locator('main').textContent()).toContain(event.message_en);
    }
    // The second parcel's page: its failed attempt in words, not as a code.
    await desk.goto(`${server.baseUrl}/track-parcel?id=${B}`);
    await desk.getByRole('link', { name: 'Open parcel details' }).click();
    await desk.waitForURL(/\/parcels\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => desk.getByTestId('parcel-event').allTextContents())
      .toContainEqual(expect.stringContaining('Customer not at the address'));
    expect((await desk.getByTestId('parcel-event').allTextContents()).join(' ')).not.toContain(
      'customer_not_home',
    );
    const shopBn = await signedInContext(browser, merchant.token, { kind: 'user', lang: 'bn' });
    contexts.push(shopBn.context);
    await shopBn.page.goto(`${server.baseUrl}/track-parcel?id=${A}`);
    await shopBn.page.getByRole('link', { name: 'পার্সেলের বিস্তারিত দেখুন' }).waitFor();
    for (const event of publicA.events) {
      await expect.poll(() => shopBn.page.locator('main').textContent()).toContain(event.message_bn);
    }
    await shots(shopBn.page, 'journey-track-parcel', 'bn', { waitForLoad: true, scrollTop: true });

    // The fourth: nobody decided. A day passes and the auto-return job sends it back.
    await api('POST', '/dev/jobs/auto-return-parcels', { body: {} });
    expect(await statusOf(D)).toBe('delivery_attempted');
    await api('POST', '/dev/clock', { body: { advanceMinutes: 25 * 60 } });
    await api('POST', '/dev/jobs/auto-return-parcels', { body: {} });
    await expect.poll(() => statusOf(D), { timeout: 15_000 }).toBe('return_at_delivery_hub');
    const publicD = await tracking(D);
    expect(publicD.events.map((e) => e.status).slice(-3)).toEqual([
      'out_for_delivery',
      'delivery_attempted',
      'return_at_delivery_hub',
    ]);
    await desk.goto(`${server.baseUrl}/returned-parcels?view=returning`);
    await row(D).waitFor();
    await shots(desk, 'journey-returning', 'en', { waitForLoad: true });

    for (const context of contexts) await context.close();
  });
});
