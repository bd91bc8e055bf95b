import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../packages/domain/src/nid';
import { watchCsp } from './csp';
import { staffSessionCookies } from './fixtures';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

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

/** The operator's command, as an operator runs it, on the test server's database. */
function staffCreate(phone: string, role: string, password: string, name: string) {
  return run(
    'npm',
    [
      'run',
      '--silent',
      'staff:create',
      '--',
      '--phone',
      phone,
      '--role',
      role,
      '--password',
      password,
      '--name',
      name,
    ],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: server.databaseUrl },
    },
  );
}

async function api<T>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

// A small, valid PNG drawn like an ID card, so the reviewer (and the screenshot) sees a picture.
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

function cardPng(side: 'front' | 'back'): Buffer {
  const width = 360;
  const height = 228;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const colour = (x: number, y: number): [number, number, number] => {
    if (y < 36) return [0, 106, 78];
    if (side === 'front') {
      if (x >= 20 && x < 110 && y >= 56 && y < 180) return [184, 194, 189];
      if (x >= 130 && x < 330 && [70, 96, 122, 148].some((line) => y >= line && y < line + 9))
        return [91, 102, 97];
    } else if (y >= 150 && y < 200 && x >= 20 && x < 340 && x % 6 < 3) {
      return [40, 40, 40];
    } else if (x >= 20 && x < 340 && [60, 84, 108].some((line) => y >= line && y < line + 8)) {
      return [91, 102, 97];
    }
    return [232, 241, 236];
  };
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A merchant signs up and sends an NID (both photos), all through the API, as the app would. */
async function merchantWithNid(
  phone: string,
  who: { merchantName: string; shopName: string; fullName: string },
) {
  await api('POST', '/merchant/registration/otp', { body: { phone } });
  const signupCode = await otpFromOutbox(server.baseUrl, phone);
  const registered = await api<{ token: string; shop: { id: string; name: string } }>(
    'POST',
    '/merchant/registration',
    {
      body: {
        ...who,
        dailyParcelCount: 25,
        phone,
        termsAccepted: true,
        code: signupCode,
        dateOfBirth: '1991-03-14',
        password: 'Merchant-2026',
        confirmPassword: 'Merchant-2026',
      },
    },
  );
  const form = new FormData();
  form.set('nidNumber', '1990123456789');
  form.set('front', new Blob([new Uint8Array(cardPng('front'))], { type: 'image/png' }), 'front.png');
  form.set('back', new Blob([new Uint8Array(cardPng('back'))], { type: 'image/png' }), 'back.png');
  await api('POST', `/shops/${registered.shop.id}/nid`, { token: registered.token, form });
  return { registered, signupCode };
}

type Completion = { steps: Array<{ key: string; done: boolean }> };
const nidDone = async (shopId: string, token: string) =>
  (await api<Completion>('GET', `/shops/${shopId}/profile-completion`, { token })).steps.find(
    (s) => s.key === 'nid',
  )?.done;

async function typeCode(page: Page, code: string) {
  for (let i = 0; i < 4; i++) await page.getByLabel(`Digit ${i + 1} of 4`).fill(code[i] ?? '');
}

const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';

/** A settled page for the picture: no spinner, no toast, antd's motion over. */
async function snap(page: Page, name: string) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-spin-blur, .ant-skeleton'),
  );
  for (const close of await page.locator('.Toastify__close-button').all())
    await close.click().catch(() => {});
  await page.waitForTimeout(500);
  await shot(page, name);
}

/** A staff session made through the API, handed to a fresh browser context as if signed in. */
async function staffContext(phone: string, password: string, viewport: { width: number; height: number }) {
  await api('POST', '/ops/auth/login', { body: { phone, password } });
  const code = await otpFromOutbox(server.baseUrl, phone);
  const { token } = await api<{ token: string }>('POST', '/ops/auth/verify', { body: { phone, code } });
  const context = await browser.newContext({ viewport });
  await context.addCookies(staffSessionCookies(token));
  await context.addInitScript(
    (value) => {
      window.localStorage.setItem('dak.auth', value);
    },
    JSON.stringify({ kind: 'staff' }),
  );
  return context;
}

describe('the operations console', () => {
  it('an admin approves a merchant NID and works through every room', async () => {
    // Staff come from the operator's command line.
    const adminPhone = freshPhone();
    const adminPassword = 'Ops-Admin-2026';
    const { stdout } = await staffCreate(adminPhone, 'admin', adminPassword, 'Farhana Haque');
    expect(stdout).toContain('is admin');

    // A merchant registers and sends an NID, all through the API.
    const merchantPhone = freshPhone();
    const { registered, signupCode } = await merchantWithNid(merchantPhone, {
      merchantName: 'Shirin Sultana',
      shopName: 'Shirin Saree Ghor',
      fullName: 'Shirin Sultana Begum',
    });
    const shopId = registered.shop.id;
    expect(await nidDone(shopId, registered.token)).toBe(false);

    // Signed out, a console page sends the admin to the staff login, and back after signing in.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    await page.goto(`${server.baseUrl}/ops/nid`);
    await page.waitForURL('**/ops/login');
    await page.getByLabel('Phone number').fill(adminPhone);
    await page.getByLabel('Password', { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByLabel('Digit 1 of 4').isVisible(), { timeout: 10_000 }).toBe(true);
    await typeCode(page, await otpFromOutbox(server.baseUrl, adminPhone));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/ops/nid', { timeout: 15_000 });

    // The session is an httpOnly cookie on the staff API paths: no script of the console or of the
    // public site (same origin) can read it, and nothing in storage holds it.
    const cookies = (await desktop.cookies()).filter((c) => c.name === 'dak_staff');
    expect(cookies.map((c) => [c.path, c.httpOnly, c.sameSite]).sort()).toEqual([
      ['/api/v1/ops', true, 'Strict'],
      ['/api/v1/rider', true, 'Strict'],
    ]);
    const site = await desktop.newPage();
    await site.goto(`${server.baseUrl}/`);
    const visible = await site.evaluate(() => ({
      cookie: document.cookie,
      storage: Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? ''),
    }));
    const token = cookies[0]?.value ?? 'no cookie';
    expect(visible.cookie).not.toContain(token);
    expect(visible.storage.join(' ')).not.toContain(token);
    await site.close();

    // NID queue: the merchant waits; open, look at both photos, approve.
    const nav = page.locator('.ops-shell__aside');
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Shirin Sultana Begum');
    expect(await nav.textContent()).toContain('Farhana Haque');
    expect(await nav.textContent()).toContain('Administrator');
    await snap(page, 'ops-nid-queue-1280-en');
    await page.getByRole('button', { name: 'Open the NID of Shirin Sultana Begum' }).click();
    const front = page.getByRole('img', { name: 'NID photo, Front side' });
    const back = page.getByRole('img', { name: 'NID photo, Back side' });
    await expect
      .poll(
        async () => (await front.evaluate((img: HTMLImageElement) => img.naturalWidth).catch(() => 0)) > 0,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await expect
      .poll(async () => (await back.evaluate((img: HTMLImageElement) => img.naturalWidth).catch(() => 0)) > 0)
      .toBe(true);
    expect(await page.getByTestId('nid-number').textContent()).toContain('1990123456789');
    await snap(page, 'ops-nid-review-1280-en');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('No NID is waiting for review.');
    expect(await nidDone(shopId, registered.token)).toBe(true);
    await page.locator('.ant-segmented').getByText('Verified', { exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain('Farhana Haque');

    // SMS outbox: the merchant's sign-up code is there.
    await nav.getByRole('link', { name: 'SMS outbox', exact: true }).click();
    await page.getByLabel('Phone number').fill(merchantPhone);
    await page.getByLabel('Phone number').press('Enter');
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Sign-up code');
    expect(await bodyText(page)).toContain(signupCode);
    await snap(page, 'ops-sms-1280-en');

    // Shops: find the shop, open it: the NID is verified now.
    await nav.getByRole('link', { name: 'Shops', exact: true }).click();
    await page.getByLabel('Search shops').fill('Shirin Saree');
    await page.getByLabel('Search shops').press('Enter');
    await page.getByRole('link', { name: 'Shirin Saree Ghor' }).click();
    await page.waitForURL(`**/ops/shops/${shopId}`);
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Verified');
    expect(await bodyText(page)).toContain('Shirin Sultana Begum');
    await snap(page, 'ops-shop-detail-1280-en');
    await page.getByRole('button', { name: 'Back to shops' }).click();
    await page.waitForURL('**/ops/shops?q=Shirin+Saree');
    await expect.poll(() => bodyText(page)).toContain('Shirin Saree Ghor');
    await snap(page, 'ops-shops-1280-en');

    // Bank branches: pick a bank, switch a branch off and on again.
    await nav.getByRole('link', { name: 'Bank branches', exact: true }).click();
    await page.getByLabel('Bank', { exact: true }).click();
    await page.getByLabel('Bank', { exact: true }).fill('AB Bank');
    await page.getByLabel('Bank', { exact: true }).press('Enter');
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('020150011');
    const agrabad = page.getByRole('switch', { name: 'Agrabad Branch is active' });
    expect(await agrabad.getAttribute('aria-checked')).toBe('true');
    await agrabad.click();
    await expect.poll(() => agrabad.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => bodyText(page)).toContain('no longer offered to merchants');
    const publicBranches = await api<{ items: Array<{ routingNumber: string }> }>(
      'GET',
      '/banks/ab/branches?limit=200',
    );
    expect(publicBranches.items.map((b) => b.routingNumber)).not.toContain('020150011');
    await agrabad.click();
    await expect.poll(() => agrabad.getAttribute('aria-checked')).toBe('true');
    await snap(page, 'ops-banks-1280-en');

    // Feature flags: roll one out to 10% and to this shop.
    await nav.getByRole('link', { name: 'Feature flags', exact: true }).click();
    const percentage = page.getByLabel('Share of shops for wordpress-subscription, in percent');
    await percentage.fill('10');
    const allowList = page.getByLabel('Shop IDs that always get wordpress-subscription');
    await allowList.click();
    await allowList.fill(shopId);
    await allowList.press('Enter');
    await page.getByRole('button', { name: 'Save wordpress-subscription' }).click();
    await expect
      .poll(() => bodyText(page), { timeout: 10_000 })
      .toContain('wordpress-subscription is saved.');
    const session = (await desktop.cookies()).find((c) => c.name === 'dak_staff');
    const flags = await api<{ items: Array<{ name: string; percentage: number; allowList: string[] }> }>(
      'GET',
      '/ops/flags',
      { token: session?.value },
    );
    const wordpress = flags.items.find((f) => f.name === 'wordpress-subscription');
    expect(wordpress?.percentage).toBe(10);
    expect(wordpress?.allowList).toEqual([shopId]);
    await snap(page, 'ops-flags-1280-en');

    // Terms: publish version 2, with the confirm.
    await nav.getByRole('link', { name: 'Terms and conditions', exact: true }).click();
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Version 1');
    await snap(page, 'ops-terms-1280-en');
    await page.getByRole('button', { name: 'New version' }).click();
    const english = page.getByLabel('English', { exact: true });
    await english.fill(
      `${await english.inputValue()}\n\n10. Notices. We tell you by SMS before these terms change.`,
    );
    await snap(page, 'ops-terms-publish-1280-en');
    await page.getByRole('button', { name: 'Publish version 2' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => bodyText(page), { timeout: 10_000 })
      .toContain('Version 2 of the terms is published');
    const current = await api<{ version: number; bodyEn: string }>('GET', '/terms');
    expect(current.version).toBe(2);
    expect(current.bodyEn).toContain('We tell you by SMS');

    await nav.getByRole('link', { name: 'Overview', exact: true }).click();
    await expect.poll(() => bodyText(page)).toContain('Welcome, Farhana Haque');
    await snap(page, 'ops-overview-1280-en');

    // The same rooms on a 360 px phone, through the menu.
    const phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      storageState: await desktop.storageState(),
    });
    const mobile = await phone.newPage();
    await mobile.goto(`${server.baseUrl}/ops`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('Welcome, Farhana Haque');
    await snap(mobile, 'ops-overview-360-en');
    await mobile.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = mobile.locator('.ops-drawer');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await snap(mobile, 'ops-menu-360-en');
    await drawer.getByRole('link', { name: 'Shops', exact: true }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('Shirin Saree Ghor');
    await snap(mobile, 'ops-shops-360-en');
    await mobile.goto(`${server.baseUrl}/ops/shops/${shopId}`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('Verified');
    await snap(mobile, 'ops-shop-detail-360-en');
    await mobile.goto(`${server.baseUrl}/ops/nid?status=verified`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('Shirin Sultana Begum');
    await snap(mobile, 'ops-nid-queue-360-en');
    await mobile.getByRole('button', { name: 'Open the NID of Shirin Sultana Begum' }).click();
    await expect
      .poll(
        async () =>
          (await mobile
            .getByRole('img', { name: 'NID photo, Back side' })
            .evaluate((img: HTMLImageElement) => img.naturalWidth)
            .catch(() => 0)) > 0,
        { timeout: 10_000 },
      )
      .toBe(true);
    await snap(mobile, 'ops-nid-review-360-en');
    await mobile.goto(`${server.baseUrl}/ops/banks?bank=ab`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('020150011');
    await snap(mobile, 'ops-banks-360-en');
    await mobile.goto(`${server.baseUrl}/ops/terms`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('Version 2');
    await snap(mobile, 'ops-terms-360-en');
    await mobile.goto(`${server.baseUrl}/ops/flags`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('wordpress-subscription');
    await snap(mobile, 'ops-flags-360-en');
    await mobile.goto(`${server.baseUrl}/ops/sms?to=${merchantPhone}`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('Sign-up code');
    await snap(mobile, 'ops-sms-360-en');

    // Bengali, on the phone.
    await mobile.evaluate(() => localStorage.setItem('dak.lang', 'bn'));
    await mobile.goto(`${server.baseUrl}/ops/nid?status=verified`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('এনআইডি যাচাই');
    await snap(mobile, 'ops-nid-queue-360-bn');
    await mobile.goto(`${server.baseUrl}/ops/shops/${shopId}`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('যাচাই সম্পন্ন');
    await snap(mobile, 'ops-shop-detail-360-bn');
    await mobile.goto(`${server.baseUrl}/ops/sms?to=${merchantPhone}`);
    await expect.poll(() => bodyText(mobile), { timeout: 10_000 }).toContain('সাইন আপের ওটিপি');
    await snap(mobile, 'ops-sms-360-bn');
    await phone.close();

    // Log out from the console: back at the staff login, the session gone.
    await nav.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/ops/login');
    expect(await page.evaluate(() => localStorage.getItem('dak.auth'))).toBeNull();
    await desktop.close();
  }, 180_000);

  it('shows each staff role only its rooms, and explains a room the role may not use', async () => {
    const financePhone = freshPhone();
    await staffCreate(financePhone, 'finance', 'Finance-2026', 'Kamrul Hasan');
    const finance: BrowserContext = await staffContext(financePhone, 'Finance-2026', {
      width: 360,
      height: 740,
    });
    const page = await finance.newPage();
    await page.goto(`${server.baseUrl}/ops/flags`);
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Not available for your role');
    expect(page.url()).toContain('/ops/flags');
    expect(await page.evaluate(() => localStorage.getItem('dak.auth'))).not.toBeNull();
    await snap(page, 'ops-forbidden-360-en');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.locator('.ops-drawer');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const links = await drawer.getByRole('link').allTextContents();
    expect(links).toEqual(['Overview', 'Shops', 'Bank branches', 'Cash desk', 'Payouts']);
    await finance.close();

    // Support reviews NIDs: failing one needs a reason, which the merchant then sees.
    const supportPhone = freshPhone();
    await staffCreate(supportPhone, 'support', 'Support-2026', 'Nusrat Jahan');
    const { registered } = await merchantWithNid(freshPhone(), {
      merchantName: 'Tanvir Ahmed',
      shopName: 'Tanvir Gadget Point',
      fullName: 'Tanvir Ahmed Chowdhury',
    });
    const support = await staffContext(supportPhone, 'Support-2026', { width: 1280, height: 800 });
    const supportPage = await support.newPage();
    await supportPage.goto(`${server.baseUrl}/ops/nid`);
    const supportNav = supportPage.locator('.ops-shell__aside');
    await expect.poll(() => bodyText(supportPage), { timeout: 10_000 }).toContain('Tanvir Ahmed Chowdhury');
    expect(await supportNav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Shops',
      'NID review',
      'SMS outbox',
    ]);
    await supportPage.getByRole('button', { name: 'Open the NID of Tanvir Ahmed Chowdhury' }).click();
    await supportPage.getByRole('button', { name: 'Fail', exact: true }).click();
    await supportPage.getByRole('button', { name: 'Fail this NID' }).click();
    await expect.poll(() => bodyText(supportPage)).toContain('Write the reason (at least 3 characters)');
    await supportPage
      .getByLabel('Why did it fail?')
      .fill('The back side photo is blurred. Please take it again in daylight.');
    await snap(supportPage, 'ops-nid-fail-1280-en');
    await supportPage.getByRole('button', { name: 'Fail this NID' }).click();
    await expect.poll(() => bodyText(supportPage), { timeout: 10_000 }).toContain('is marked failed');
    const nid = await api<{ status: string; reason: string | null }>(
      'GET',
      `/shops/${registered.shop.id}/nid`,
      {
        token: registered.token,
      },
    );
    expect(nid.status).toBe('failed');
    expect(nid.reason).toContain('blurred');
    await support.close();

    const hubPhone = freshPhone();
    await staffCreate(hubPhone, 'hub_manager', 'Hub-Manager-2026', 'Rafiq Islam');
    const hub = await staffContext(hubPhone, 'Hub-Manager-2026', { width: 1280, height: 800 });
    const hubPage = await hub.newPage();
    await hubPage.goto(`${server.baseUrl}/ops`);
    // Hub managers have the hubs, riders, pickups, hub work, delivery runs, return approvals and
    // parcel status rooms (issue 5), scoped to their own hubs.
    await expect.poll(() => bodyText(hubPage), { timeout: 10_000 }).toContain('Add riders to a hub');
    expect(await hubPage.locator('.ops-shell__aside').getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Hubs',
      'Riders',
      'Pickups',
      'Hub work',
      'Delivery runs',
      'Return approvals',
      'Parcel status',
      'Cash desk',
    ]);
    await snap(hubPage, 'ops-welcome-hub-manager-1280-en');
    await hub.close();
  }, 120_000);
});
