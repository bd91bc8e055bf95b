import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

/**
 * Issue 3, merchant side: an owner opens a second shop, adds a pickup location, a bKash payment
 * method and two employees (each by the code sent to the employee's phone); the editor and the
 * viewer then see, and may do, only what their role allows, and the API refuses the rest with 403.
 * The owner's part runs again in Bengali.
 */

type Lang = 'en' | 'bn';

/** What the merchant reads on screen, in each language (the Bengali is the glossary's). */
const ui = {
  en: {
    merchantName: 'Merchant name',
    shopName: 'Shop name',
    dailyVolume: 'Daily parcel volume',
    phone: 'Phone number',
    continue: 'Continue',
    verify: 'Verify',
    fullName: 'Full name (as on NID)',
    dateOfBirth: 'Date of birth',
    password: 'Password',
    confirmPassword: 'Confirm password',
    createAccount: 'Create account',
    skipTour: 'Skip',
    profileSteps: 'Complete your profile',
    createShop: 'Create shop',
    email: 'Email',
    productType: 'Product type',
    productSubType: 'Product subtype',
    reason: 'Reason for opening',
    shopAddress: 'Shop address',
    area: 'Area',
    pickupAddress: 'Pickup address',
    returnPhone: 'Return phone number',
    fashion: 'Fashion & clothing',
    shoes: 'Shoes',
    online: 'Online business (Facebook page, website)',
    areaOption: 'Mirpur 10, Dhaka',
    addPickup: 'Add pickup location',
    pickupName: 'Pickup name',
    address: 'Address',
    save: 'Save',
    pickupCreated: 'Pickup created successfully',
    addPaymentMethod: 'Add payment method',
    bkash: 'bKash',
    bkashNumber: 'bKash number',
    sendCode: 'Send code',
    paymentSaved: 'Payment method saved',
    addMember: 'Add member',
    viewer: 'Viewer',
    shortAddressWarning: 'This address looks short',
    settingsSaved: 'Shop settings saved',
    nidNumber: 'NID number',
    submitNid: 'Submit for verification',
    nidSent: 'NID has been sent for verification',
    nidPending: 'Pending review',
  },
  bn: {
    merchantName: 'মার্চেন্টের নাম',
    shopName: 'শপের নাম',
    dailyVolume: 'দৈনিক পার্সেলের সংখ্যা',
    phone: 'ফোন নম্বর',
    continue: 'চালিয়ে যান',
    verify: 'যাচাই করুন',
    fullName: 'পূর্ণ নাম — জাতীয় পরিচয়পত্র (এনআইডি) অনুযায়ী',
    dateOfBirth: 'জন্ম তারিখ',
    password: 'পাসওয়ার্ড',
    confirmPassword: 'পাসওয়ার্ড নিশ্চিত করুন',
    createAccount: 'অ্যাকাউন্ট তৈরি করুন',
    skipTour: 'এড়িয়ে যান',
    profileSteps: 'প্রোফাইল সম্পূর্ণ করুন',
    createShop: 'শপ খুলুন',
    email: 'ইমেইল',
    productType: 'পণ্যের ধরন',
    productSubType: 'পণ্যের উপ-ধরন',
    reason: 'শপ খোলার কারণ',
    shopAddress: 'শপের ঠিকানা',
    area: 'এরিয়া',
    pickupAddress: 'পিকআপের ঠিকানা',
    returnPhone: 'রিটার্ন ফোন নম্বর',
    fashion: 'ফ্যাশন ও পোশাক',
    shoes: 'জুতা',
    online: 'অনলাইন ব্যবসা (ফেসবুক পেজ, ওয়েবসাইট)',
    areaOption: 'মিরপুর ১০, ঢাকা',
    addPickup: 'পিকআপ লোকেশন যোগ করুন',
    pickupName: 'পিকআপ লোকেশনের নাম',
    address: 'ঠিকানা',
    save: 'সংরক্ষণ করুন',
    pickupCreated: 'পিকআপ লোকেশন তৈরি হয়েছে',
    addPaymentMethod: 'পেমেন্ট মেথড যোগ করুন',
    bkash: 'বিকাশ',
    bkashNumber: 'বিকাশ নম্বর',
    sendCode: 'কোড পাঠান',
    paymentSaved: 'পেমেন্ট মেথড সংরক্ষণ করা হয়েছে',
    addMember: 'কর্মী যোগ করুন',
    viewer: 'ভিউয়ার',
    shortAddressWarning: 'ঠিকানাটি ছোট মনে হচ্ছে',
    settingsSaved: 'শপ সেটিংস সংরক্ষণ করা হয়েছে',
    nidNumber: 'এনআইডি নম্বর',
    submitNid: 'যাচাইয়ের জন্য জমা দিন',
    nidSent: 'এনআইডি যাচাইয়ের জন্য পাঠানো হয়েছে',
    nidPending: 'যাচাই চলছে',
  },
} as const satisfies Record<Lang, Record<string, string>>;

type Words = (typeof ui)[Lang];

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A whole 1×1 PNG: the server checks an NID photo by its bytes. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';

/** The 4 boxes by id (their labels are in the page's language). */
async function typeCode(page: Page, idPrefix: string, code: string) {
  for (let i = 0; i < 4; i++) await page.locator(`#${idPrefix}-digit-${i + 1}`).fill(code[i] ?? '');
}

/**
 * Opens an antd select by its label and picks the option showing `text`, until the field shows it
 * chosen: a dependent select (subtype after type) is disabled until its parent is set, and a busy
 * machine can swallow a click on an opening or closing dropdown, so a pick that did not take is
 * tried again rather than waited on (as `chooseReattemptReason` does in fixtures.ts).
 */
async function pick(page: Page, label: string, text: string, search?: string) {
  const field = page.getByLabel(label, { exact: true });
  // The innermost form item around the field: its text is the label and the chosen option.
  const item = page.locator('.ant-form-item', { has: field }).last();
  const chosen = async () => ((await item.textContent()) ?? '').includes(text);
  await expect.poll(() => field.isEnabled(), { timeout: 20_000 }).toBe(true);
  await expect
    .poll(
      async () => {
        if (await chosen()) return true;
        await field.click({ timeout: 5_000 }).catch(() => undefined);
        if (search) await field.fill(search, { timeout: 5_000 }).catch(() => undefined);
        const option = page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
          .first();
        await option.waitFor({ timeout: 5_000 }).catch(() => undefined);
        await option.click({ timeout: 2_000 }).catch(() => undefined);
        if (await chosen()) return true;
        await page.keyboard.press('Escape');
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** A full-page screenshot from the top (a sticky bar is drawn where the page was scrolled to). */
async function screen(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  await shot(page, name);
}

/**
 * Waits for a form's code step (the code was sent). If it does not come, the failure says what the
 * page shows instead (an error in the form, a sign-in page) and what the server last logged, so
 * a failure on a loaded CI machine can be read without running it again.
 */
async function codeStep(page: Page, idPrefix: string) {
  try {
    await expect.poll(() => page.locator(`#${idPrefix}-digit-1`).isVisible(), { timeout: 20_000 }).toBe(true);
  } catch (error) {
    const shows =
      (await page
        .locator('#root')
        .textContent()
        .catch(() => null)) ?? '(page gone)';
    throw new Error(
      `no ${idPrefix} code step at ${page.url()}; the page shows: ${shows.slice(0, 1500)}\nserver: ${server.output().slice(-3000)}`,
      { cause: error },
    );
  }
}

/** Closes the toasts, so a screenshot shows the page under them. */
async function closeToasts(page: Page) {
  for (const button of await page.locator('.Toastify__close-button').all()) {
    await button.click().catch(() => undefined);
  }
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 5_000 }).toBe(0);
}

/** Saves the page at a computer's and a phone's width: NAME-1280-LANG, NAME-360-LANG. */
async function shots(page: Page, name: string, lang: Lang) {
  await closeToasts(page);
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screen(page, `${name}-${width}-${lang}`);
  }
}

async function skipTour(page: Page, w: Words) {
  const skip = page.getByRole('button', { name: w.skipTour, exact: true });
  await expect.poll(() => skip.isVisible(), { timeout: 10_000 }).toBe(true);
  await skip.click();
}

async function token(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('dak.auth'));
  return (JSON.parse(raw ?? '{}') as { token: string }).token;
}

function api(path: string, bearer: string, init: RequestInit = {}) {
  return fetch(`${server.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
  });
}

async function register(page: Page, w: Words, phone: string, lang: Lang) {
  await page.goto(`${server.baseUrl}/register`);
  if (lang === 'bn') {
    await page.getByLabel('Language').selectOption({ label: 'বাংলা' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
  }
  await page.getByLabel(w.merchantName).fill('Shirin Sultana');
  await page.getByLabel(w.shopName, { exact: true }).fill('Shirin Crafts');
  await page.getByLabel(w.dailyVolume).fill('12');
  await page.getByLabel(w.phone).fill(phone);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: w.continue }).click();
  await codeStep(page, 'registration');
  await typeCode(page, 'registration', await otpFromOutbox(server.baseUrl, phone));
  await page.getByRole('button', { name: w.verify }).click();
  await page.getByLabel(w.fullName).fill('Shirin Sultana Chowdhury');
  await page.getByLabel(w.dateOfBirth).fill('1990-03-14');
  await page.getByLabel(w.dateOfBirth).press('Enter');
  await page.getByLabel(w.password, { exact: true }).fill('Crafts-2026!');
  await page.getByLabel(w.confirmPassword).fill('Crafts-2026!');
  await page.getByRole('button', { name: w.createAccount }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

/** The owner's whole set-up, in one language; returns the new shop's id. */
async function ownerSetsUp(
  page: Page,
  lang: Lang,
  people: { owner: string; editor: string; viewer: string },
): Promise<string> {
  const w = ui[lang];
  await register(page, w, people.owner, lang);
  await expect.poll(() => page.locator('.ant-tour').isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, `dashboard-tour-360-${lang}`);
  await skipTour(page, w);
  await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain(w.profileSteps);

  // A second shop.
  await page.goto(`${server.baseUrl}/shops`);
  await page.getByRole('link', { name: w.createShop }).click();
  await page.waitForURL('**/shops/new');
  await page.getByLabel(w.shopName, { exact: true }).fill('Shirin Shoes');
  await page.getByLabel(w.email, { exact: true }).fill('shoes@shirin.example');
  await pick(page, w.productType, w.fashion);
  await pick(page, w.productSubType, w.shoes);
  await pick(page, w.reason, w.online);
  await page.getByLabel(w.shopAddress, { exact: true }).fill('House 7, Road 3, Section 10, Mirpur');
  await pick(page, w.area, w.areaOption, 'mirpur 10');
  await page.getByLabel(w.pickupAddress, { exact: true }).fill('House 7, Road 3, Section 10, Mirpur');
  await page.getByLabel(w.phone, { exact: true }).fill(people.owner);
  await page.getByLabel(w.returnPhone, { exact: true }).fill(freshPhone());
  await page.getByRole('checkbox').check();
  await closeToasts(page);
  await screen(page, `create-shop-360-${lang}`);
  await page.getByRole('button', { name: w.createShop }).click();
  await page.waitForURL('**/pickup-locations', { timeout: 15_000 });
  const shopId = /\/shops\/([^/]+)\/pickup-locations/.exec(page.url())?.[1] ?? '';
  expect(shopId).not.toBe('');

  // A pickup location.
  await page.getByRole('button', { name: w.addPickup }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(w.pickupName, { exact: true }).fill('Mirpur warehouse');
  await drawer.getByLabel(w.address, { exact: true }).fill('Plot 21, Road 2, Section 11, Mirpur');
  await pick(page, w.area, w.areaOption, 'mirpur 10');
  await drawer.getByLabel(w.phone, { exact: true }).fill(people.owner);
  await drawer.getByRole('button', { name: w.save }).click();
  await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain(w.pickupCreated);
  await expect
    .poll(() => page.getByTestId('pickup-location').first().textContent())
    .toContain('Mirpur warehouse');
  await shots(page, 'pickup-locations', lang);
  if (lang === 'en') {
    // Edit: switch the shop-address pickup off; the filter then finds it under Inactive only.
    await page.getByRole('button', { name: 'Edit Shirin Shoes' }).click();
    await page.getByRole('dialog').getByRole('switch').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Pickup updated successfully');
    await page.getByRole('radio', { name: 'Inactive' }).check();
    await expect
      .poll(() => page.getByTestId('pickup-location').allTextContents())
      .toEqual([expect.stringContaining('Shirin Shoes')]);
    await page.getByRole('radio', { name: 'All' }).check();
    await page.getByLabel('Search by name').fill('warehouse');
    await expect.poll(() => page.getByTestId('pickup-location').count()).toBe(1);
    await page.getByLabel('Search by name').fill('');
  }

  // bKash payment method, saved with the code sent to the owner's phone.
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole('button', { name: w.addPaymentMethod }).click();
  await page.getByRole('radio', { name: w.bkash, exact: true }).check();
  await page.getByLabel(w.bkashNumber).fill('01812345678');
  await page.getByRole('button', { name: w.sendCode }).click();
  await codeStep(page, 'payment-method');
  await typeCode(page, 'payment-method', await otpFromOutbox(server.baseUrl, people.owner));
  await page.getByRole('button', { name: w.verify }).click();
  await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain(w.paymentSaved);
  await expect.poll(() => page.getByTestId('payment-method-current').textContent()).toContain('*******5678');
  await closeToasts(page);
  await screen(page, `settings-360-${lang}`);

  // The owner's NID, sent for verification.
  await page.goto(`${server.baseUrl}/nid`);
  await page.getByLabel(w.nidNumber, { exact: true }).fill('1990123456789');
  for (const side of ['front', 'back']) {
    await page
      .locator(`#nid-${side}`)
      .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: tinyPng });
  }
  await screen(page, `nid-form-360-${lang}`);
  await page.getByRole('button', { name: w.submitNid }).click();
  await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain(w.nidSent);
  await expect.poll(() => page.getByTestId('nid-status').textContent()).toContain(w.nidPending);
  await closeToasts(page);
  await screen(page, `nid-360-${lang}`);

  // The team: an editor, then a viewer, each added with the code sent to their own phone.
  await page.goto(`${server.baseUrl}/shops/${shopId}/team`);
  for (const [phone, role] of [
    [people.editor, null],
    [people.viewer, w.viewer],
  ] as const) {
    await page.getByRole('button', { name: w.addMember }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.phone, { exact: true }).fill(phone);
    await dialog.getByRole('button', { name: w.sendCode }).click();
    await codeStep(page, 'member');
    await typeCode(page, 'member', await otpFromOutbox(server.baseUrl, phone));
    if (role) {
      await dialog.getByRole('radio', { name: role }).check();
      await screen(page, `add-member-360-${lang}`);
    }
    await dialog.getByRole('button', { name: w.verify }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
  }
  await expect.poll(() => page.getByTestId('team-member').count(), { timeout: 10_000 }).toBe(3);
  await shots(page, 'team', lang);

  // Shop settings: the short-address warning, and a save.
  await page.goto(`${server.baseUrl}/shops/${shopId}/settings`);
  const address = page.getByLabel(w.shopAddress, { exact: true });
  await address.fill('Road 5');
  await expect.poll(() => bodyText(page)).toContain(w.shortAddressWarning);
  await address.fill('House 9, Road 5, Section 10, Mirpur');
  await page.getByRole('button', { name: w.save }).click();
  await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain(w.settingsSaved);
  await shots(page, 'shop-settings', lang);
  return shopId;
}

/** An employee logs in with a code, as the login page offers. */
async function employeeLogsIn(context: BrowserContext, phone: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('radio', { name: 'OTP' }).check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await codeStep(page, 'login');
  await typeCode(page, 'login', await otpFromOutbox(server.baseUrl, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
  await skipTour(page, ui.en);
  return page;
}

describe('shop set-up: owner, editor and viewer', () => {
  const people = { owner: freshPhone(), editor: freshPhone(), viewer: freshPhone() };
  let shopId = '';

  it('the owner opens a second shop, adds a pickup location, bKash and two employees', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    shopId = await ownerSetsUp(page, 'en', people);
    await context.close();
  });

  it('the editor creates a pickup location but sees no payment method; the API says 403', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await employeeLogsIn(context, people.editor);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Parcels' }).waitFor();
    // The links that do not fit in the bar are under "More" (how many fit depends on the fonts).
    const more = nav.getByRole('button', { name: 'More' });
    if (await more.isVisible()) await more.click();
    const menus = page.locator('#main-nav');
    const pickup = menus.getByRole('link', { name: 'Pickup', exact: true });
    await expect.poll(() => pickup.isVisible()).toBe(true);
    expect(await menus.getByRole('link', { name: 'Team', exact: true }).count()).toBe(0);

    await pickup.click();
    await page.waitForURL(`**/shops/${shopId}/pickup-locations`);
    await page.getByRole('button', { name: 'Add pickup location' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Pickup name', { exact: true }).fill('Editor depot');
    await drawer.getByLabel('Address', { exact: true }).fill('Shop 4, Road 1, Section 2, Mirpur');
    await pick(page, 'Area', 'Mirpur 10, Dhaka', 'mirpur 10');
    await drawer.getByLabel('Phone number', { exact: true }).fill(people.editor);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Pickup created successfully');
    await expect
      .poll(() => page.getByTestId('pickup-location').first().textContent())
      .toContain('Editor depot');

    await page.goto(`${server.baseUrl}/settings`);
    // A fresh page load (chunks, shops, settings) takes more than the default second on a busy machine.
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Notifications');
    expect(await page.getByRole('heading', { name: 'Payment method' }).count()).toBe(0);
    expect(await bodyText(page)).not.toContain('*******5678');

    const res = await api(`/shops/${shopId}/payment-method`, await token(page));
    expect(res.status).toBe(403);
    // A refused call does not sign anyone out.
    expect(await page.evaluate(() => localStorage.getItem('dak.auth'))).not.toBeNull();
    await context.close();
  });

  it('the viewer sees no create or edit buttons, and the API refuses a write with 403', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await employeeLogsIn(context, people.viewer);
    await page.goto(`${server.baseUrl}/shops/${shopId}/pickup-locations`);
    // The pickup address given with the shop, the owner's and the editor's.
    await expect.poll(() => page.getByTestId('pickup-location').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.getByRole('button', { name: 'Add pickup location' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    await shot(page, 'pickup-locations-viewer-360-en');

    const res = await api(`/shops/${shopId}/pickup-locations`, await token(page), {
      method: 'POST',
      body: JSON.stringify({
        name: 'Viewer depot',
        address: 'House 1, Road 1, Mirpur 10',
        areaId: 'dhaka-city--mirpur-10',
        phone: people.viewer,
      }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe('FORBIDDEN');
    await context.close();
  });

  it('the owner does it all again in Bengali', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await ownerSetsUp(page, 'bn', { owner: freshPhone(), editor: freshPhone(), viewer: freshPhone() });
    // Counts in Bengali digits; phone numbers stay Latin.
    expect(await bodyText(page)).not.toMatch(/Shop settings|Save/);
    await context.close();
  });
});
