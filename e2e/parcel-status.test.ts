import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  merchantWithPickup,
  shots,
  signedInContext,
  signedInStaff,
} from './fixtures';
import {
  launchBrowser,
  otpFromOutbox,
  type RunningServer,
  returnOtpFromOutbox,
  startServer,
} from './helpers';

/**
 * The console's Parcel status screen (spec 7, bulk status updates): an admin takes a failed
 * parcel through the return leg, from the delivery hub to the merchant's hands, scanning it
 * (typed code + Enter, as a USB scanner does) or pasting IDs; the hand-over needs the
 * merchant's return OTP, read from the dev outbox. Refused parcels stay on the list with the
 * reason; the results stay on screen.
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

/** Where public tracking says the parcel is. */
const statusOf = async (trackingId: string) =>
  (await api<{ status: string }>('GET', `/tracking/${trackingId}`)).status;

/** Moves a parcel through the given steps with the single-move API, as hub staff would have. */
async function walk(token: string, trackingId: string, steps: (string | Record<string, string>)[]) {
  for (const step of steps) {
    const body = typeof step === 'string' ? { status: step } : step;
    await api('POST', `/ops/parcels/${trackingId}/status`, { token, body });
  }
}

const toReturnAtDeliveryHub = [
  'at_sorting',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
  { status: 'delivery_attempted', reason: 'customer_refused' },
  'return_at_delivery_hub',
];

/** Picks the new status by typing its name into the searchable list, then Enter. */
async function chooseStatus(page: Page, label: string, name: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(name);
  await page.locator('.ant-select-item-option-active', { hasText: name }).waitFor();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.locator('.parcel-status__submit').textContent(), { timeout: 10_000 })
    .toContain(`“${name}”`);
}

/** What a USB scanner does in the focused scan box: types the code, then Enter. */
async function scan(page: Page, label: string, code: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

describe('Parcel status screen', () => {
  it('takes a parcel through the return leg to the merchant, the hand-over only with the right return OTP', async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const merchant = await merchantWithPickup(server.baseUrl);
    const parcel = await bookParcel(server.baseUrl, merchant);
    const notYet = await bookParcel(server.baseUrl, merchant);
    const id = parcel.trackingId;
    await walk(admin.token, id, toReturnAtDeliveryHub);
    expect(await statusOf(id)).toBe('return_at_delivery_hub');

    const { context, page } = await signedInContext(browser, admin.token, { kind: 'staff', lang: 'en' });
    await page.goto(`${server.baseUrl}/ops`);
    await page.locator('.ops-shell__aside').getByRole('link', { name: 'Parcel status' }).click();
    await page.getByRole('heading', { name: 'Parcel status', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/ops/parcel-status`);

    // Moving without a status or parcels says what is missing.
    await page.getByRole('button', { name: 'Move 0 parcels' }).click();
    await page.getByText('Choose the new status first').waitFor();
    await page.getByText('Scan or paste at least one tracking ID').waitFor();

    // 1. Back on the way: one parcel scanned (lower case, as a scanner may send it), another pasted
    // with a line that is no tracking ID; the one still waiting for pickup is refused.
    await chooseStatus(page, 'New status', 'Return in transit');
    await scan(page, 'Scan or type a tracking ID', id.toLowerCase());
    await page.getByText(`${id} added to the list`).waitFor();
    await page
      .getByLabel('Or paste tracking IDs, one per line')
      .fill(`${notYet.trackingId}\nnot-a-parcel\n${id}`);
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await page
      .getByText('Added: 1. Already in the list: 1. Not tracking IDs, left in the box to correct: 1.')
      .waitFor();
    expect(await page.getByLabel('Or paste tracking IDs, one per line').inputValue()).toBe('not-a-parcel');
    const pending = page.locator('.parcel-status__list > li');
    expect(await pending.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tracking-id')))).toEqual([
      id,
      notYet.trackingId,
    ]);
    await page.getByRole('button', { name: 'Move 2 parcels to “Return in transit”' }).click();
    const results = page.locator('.parcel-status__outcomes');
    await results
      .locator(`li[data-tracking-id="${id}"][data-ok="true"]`)
      .getByText('Moved to “Return in transit”')
      .waitFor();
    const refused = pending.filter({ hasText: notYet.trackingId });
    await refused.getByText('The parcel is “Pickup pending”; it cannot go to “Return in transit”').waitFor();
    await results
      .locator(`li[data-tracking-id="${notYet.trackingId}"][data-ok="false"]`)
      .getByText('Not moved to “Return in transit”: The parcel is “Pickup pending”')
      .waitFor();
    expect(await pending.count()).toBe(1);
    expect(await statusOf(id)).toBe('return_in_transit');
    expect(await statusOf(notYet.trackingId)).toBe('pickup_pending');
    await page.getByRole('button', { name: `Remove ${notYet.trackingId} from the list` }).click();
    await page.getByText('No parcels yet: scan or paste their tracking IDs.').waitFor();

    // 2 and 3. Into the return hub (no reason: it did not come back from a failed hand-over),
    // then out with a rider: the merchant gets the return OTP by SMS.
    await chooseStatus(page, 'New status', 'In return hub');
    await page.getByLabel('Reason (only for a return the rider could not hand over)').waitFor();
    await scan(page, 'Scan or type a tracking ID', id);
    await page.getByRole('button', { name: 'Move 1 parcel to “In return hub”' }).click();
    await results.getByText('Moved to “In return hub”').waitFor();
    expect(await statusOf(id)).toBe('at_return_hub');
    await chooseStatus(page, 'New status', 'Rider out for return');
    await scan(page, 'Scan or type a tracking ID', id);
    await page.getByRole('button', { name: 'Move 1 parcel to “Rider out for return”' }).click();
    await results.getByText('Moved to “Rider out for return”').waitFor();
    expect(await statusOf(id)).toBe('out_for_return');
    const code = await returnOtpFromOutbox(server.baseUrl, merchant.phone, id);

    // 4. The hand-over: a wrong OTP is refused, the parcel stays on the list to be corrected.
    await chooseStatus(page, 'New status', 'Returned');
    await page.getByText('Each parcel has its own 4-digit return OTP').waitFor();
    await scan(page, 'Scan or type a tracking ID', id);
    const otp = page.getByLabel(`Return OTP for ${id}`);
    await otp.fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Move 1 parcel to “Returned”' }).click();
    await pending.filter({ hasText: id }).getByText('The return OTP is wrong').waitFor();
    await results
      .locator(`li[data-tracking-id="${id}"][data-ok="false"]`)
      .getByText('Not moved to “Returned”: The return OTP is wrong')
      .waitFor();
    expect(await statusOf(id)).toBe('out_for_return');
    await shots(page, 'parcel-status', 'en', { scrollTop: true });

    await otp.fill(code);
    await page.getByRole('button', { name: 'Move 1 parcel to “Returned”' }).click();
    await results
      .locator(`li[data-tracking-id="${id}"][data-ok="true"]`)
      .getByText('Moved to “Returned”')
      .waitFor();
    await page.getByText('No parcels yet: scan or paste their tracking IDs.').waitFor();
    expect(await statusOf(id)).toBe('returned');
    await page.getByText('· 4 moved, 2 not moved').waitFor();
    await shots(page, 'parcel-status-returned', 'en', { scrollTop: true });
    await context.close();
  }, 180_000);

  it('reads in Bengali, with Bengali digits and the refusal in Bengali', async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const merchant = await merchantWithPickup(server.baseUrl);
    const parcel = await bookParcel(server.baseUrl, merchant);
    const failed = await bookParcel(server.baseUrl, merchant);
    const id = parcel.trackingId;
    await walk(admin.token, id, [...toReturnAtDeliveryHub, 'at_return_hub', 'out_for_return']);
    const code = await otpFromOutbox(server.baseUrl, merchant.phone);
    await walk(admin.token, failed.trackingId, [
      'at_sorting',
      'in_transit',
      'at_delivery_hub',
      'out_for_delivery',
    ]);

    const { context, page } = await signedInContext(browser, admin.token, { kind: 'staff', lang: 'bn' });
    await page.goto(`${server.baseUrl}/ops/parcel-status`);
    await page.getByRole('heading', { name: 'পার্সেল স্ট্যাটাস', level: 1 }).waitFor();

    // A failed attempt needs its reason for the batch.
    await chooseStatus(page, 'নতুন স্ট্যাটাস', 'ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড)');
    await scan(page, 'ট্র্যাকিং আইডি স্ক্যান বা টাইপ করুন', failed.trackingId);
    await page.getByText(`${failed.trackingId} তালিকায় যোগ হয়েছে`).waitFor();
    await page.getByText('যে পার্সেলের স্ট্যাটাস বদলাবে: ১টি').waitFor();
    await page.getByRole('button', { name: '১টি পার্সেল “ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড)” স্ট্যাটাসে নিন' }).click();
    await page.getByText('ডেলিভারি না হওয়ার কারণ বেছে নিন').waitFor();
    expect(await statusOf(failed.trackingId)).toBe('out_for_delivery');
    const reason = page.getByLabel('ডেলিভারি না হওয়ার কারণ', { exact: true });
    await reason.click();
    await reason.fill('কাস্টমারকে ফোনে');
    await page.locator('.ant-select-item-option-active', { hasText: 'কাস্টমারকে ফোনে পাওয়া যায়নি' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '১টি পার্সেল “ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড)” স্ট্যাটাসে নিন' }).click();
    await page.getByText('“ডেলিভারির চেষ্টা করা হয়েছে (হোল্ড)” স্ট্যাটাসে নেওয়া হয়েছে').waitFor();
    expect(await statusOf(failed.trackingId)).toBe('delivery_attempted');

    // The hand-over with a wrong code: refused in Bengali, the parcel stays on the list.
    await chooseStatus(page, 'নতুন স্ট্যাটাস', 'রিটার্ন হয়েছে');
    await scan(page, 'ট্র্যাকিং আইডি স্ক্যান বা টাইপ করুন', id);
    await page.getByLabel(`${id}-এর রিটার্ন ওটিপি`).fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: '১টি পার্সেল “রিটার্ন হয়েছে” স্ট্যাটাসে নিন' }).click();
    await page
      .locator('.parcel-status__list > li', { hasText: id })
      .getByText('রিটার্ন ওটিপি সঠিক নয়')
      .waitFor();
    await page.getByText('· ১টি বদলেছে, ১টি বদলায়নি').waitFor();
    expect(await statusOf(id)).toBe('out_for_return');
    await shots(page, 'parcel-status', 'bn', { scrollTop: true });
    await context.close();
  }, 120_000);
});
