import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { freshPhone, otpFromOutbox, type RunningServer, shot } from './helpers';

/**
 * Set-up the browser tests share: merchants, parcels and staff made through the API (as a tester
 * would, codes read from the dev outbox), browsers signed in, and screenshots taken. Each test
 * keeps its own journey; only the preparation lives here.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

export type Lang = 'en' | 'bn';
export type ApiInit = { method?: string; body?: unknown; token?: string };

/** One JSON call to the API under /api/v1; throws with the status and body unless it answers 2xx. */
export async function apiRequest<T>(baseUrl: string, path: string, init: ApiInit = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const method = init.method ?? 'GET';
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export type Merchant = { token: string; shopId: string; pickupId: string; phone: string };

export type MerchantOptions = {
  merchantName?: string;
  shopName?: string;
  dailyParcelCount?: number;
  dateOfBirth?: string;
  password?: string;
  /** Area of the pickup location (default Mirpur 10). */
  pickupAreaId?: string;
  pickupName?: string;
  pickupAddress?: string;
};

/**
 * A merchant registered by OTP (code from the dev outbox) whose shop has accepted the current
 * terms and has one pickup location, so it can book parcels.
 */
export async function merchantWithPickup(baseUrl: string, options: MerchantOptions = {}): Promise<Merchant> {
  const api = <T>(path: string, init?: ApiInit) => apiRequest<T>(baseUrl, path, init);
  const merchantName = options.merchantName ?? 'Nasrin Akter';
  const password = options.password ?? 'Fashion-2026!';
  const phone = freshPhone();
  await api('/merchant/registration/otp', { method: 'POST', body: { phone } });
  const code = await otpFromOutbox(baseUrl, phone);
  const registered = await api<{ token: string; shop: { id: string } }>('/merchant/registration', {
    method: 'POST',
    body: {
      merchantName,
      shopName: options.shopName ?? 'Nasrin Fashion',
      dailyParcelCount: options.dailyParcelCount ?? 20,
      phone,
      termsAccepted: true,
      code,
      fullName: merchantName,
      dateOfBirth: options.dateOfBirth ?? '1992-05-10',
      password,
      confirmPassword: password,
    },
  });
  const { token } = registered;
  const shopId = registered.shop.id;
  const terms = await api<{ current: { version: number } }>(`/shops/${shopId}/terms`, { token });
  await api(`/shops/${shopId}/terms/accept?version=${terms.current.version}`, { method: 'PUT', token });
  const pickup = await api<{ id: string }>(`/shops/${shopId}/pickup-locations`, {
    method: 'POST',
    token,
    body: {
      name: options.pickupName ?? 'Mirpur warehouse',
      address: options.pickupAddress ?? 'Plot 21, Road 2, Section 10, Mirpur',
      areaId: options.pickupAreaId ?? 'dhaka-city--mirpur-10',
      phone,
    },
  });
  return { token, shopId, pickupId: pickup.id, phone };
}

export type BookedParcel = { id: string; trackingId: string };

/**
 * Books one parcel from the merchant's pickup location. `fields` override a Dhanmondi parcel of
 * 500 g with ৳1,000 to collect; the customer's phone is fresh unless given.
 */
export function bookParcel(baseUrl: string, merchant: Merchant, fields: Record<string, unknown> = {}) {
  return apiRequest<BookedParcel>(baseUrl, `/shops/${merchant.shopId}/parcels`, {
    method: 'POST',
    token: merchant.token,
    body: {
      customerName: 'Rafiq Hasan',
      customerPhone: freshPhone(),
      customerAddress: 'House 12, Road 5, Dhanmondi 32, Dhaka',
      deliveryAreaId: 'dhaka-city--dhanmondi',
      pickupLocationId: merchant.pickupId,
      cashCollectionAmount: 1000,
      sellingPrice: 1000,
      weightGrams: 500,
      ...fields,
    },
  });
}

/** Books `count` parcels one after another; `fields(i)` gives the i-th parcel's overrides. */
export async function bookParcels(
  baseUrl: string,
  merchant: Merchant,
  count: number,
  fields: (i: number) => Record<string, unknown> = () => ({}),
): Promise<BookedParcel[]> {
  const parcels: BookedParcel[] = [];
  for (let i = 0; i < count; i++) parcels.push(await bookParcel(baseUrl, merchant, fields(i)));
  return parcels;
}

export type StaffOptions = {
  role: string;
  name?: string;
  phone?: string;
  /** Default: one per role, e.g. `Staff-admin-2026`. */
  password?: string;
};

/** A staff member made with the operator's command (`npm run staff:create`); answers phone and password. */
export async function createStaff(
  server: Pick<RunningServer, 'databaseUrl'>,
  options: StaffOptions,
): Promise<{ phone: string; password: string }> {
  const phone = options.phone ?? freshPhone();
  const password = options.password ?? `Staff-${options.role}-2026`;
  const args = ['run', '--silent', 'staff:create', '--', '--phone', phone, '--role', options.role];
  args.push('--password', password);
  if (options.name) args.push('--name', options.name);
  await promisify(execFile)('npm', args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: server.databaseUrl },
  });
  return { phone, password };
}

/** Signs a staff member in through the console's two steps (password, then the SMSed code). */
export async function staffSignIn(
  baseUrl: string,
  phone: string,
  password: string,
): Promise<{ token: string; id: string }> {
  await apiRequest(baseUrl, '/ops/auth/login', { method: 'POST', body: { phone, password } });
  const code = await otpFromOutbox(baseUrl, phone);
  const session = await apiRequest<{ token: string; staff: { id: string } }>(baseUrl, '/ops/auth/verify', {
    method: 'POST',
    body: { phone, code },
  });
  return { token: session.token, id: session.staff.id };
}

/** A staff member of `role` made by the operator's command and signed in: token, id, phone, password. */
export async function signedInStaff(
  server: Pick<RunningServer, 'baseUrl' | 'databaseUrl'>,
  options: StaffOptions,
) {
  const credentials = await createStaff(server, options);
  const session = await staffSignIn(server.baseUrl, credentials.phone, credentials.password);
  return { ...session, ...credentials };
}

/** Signs an open page in: visits the site, then stores the token and the language as the app does. */
export async function signInPage(
  page: Page,
  baseUrl: string,
  token: string,
  lang: Lang,
  kind: 'user' | 'staff' = 'user',
) {
  if (kind === 'staff') await page.context().addCookies(staffSessionCookies(token));
  await page.goto(`${baseUrl}/`);
  await page.evaluate(
    ([auth, language]) => {
      localStorage.setItem('dak.auth', auth);
      localStorage.setItem('dak.lang', language);
    },
    [storedAuth(token, kind), lang] as const,
  );
}

/**
 * The staff session as the console holds it: the httpOnly cookie the server sets at sign-in (on
 * both staff API paths). Test servers listen on 127.0.0.1; cookies do not depend on the port.
 */
export function staffSessionCookies(token: string) {
  return ['/api/v1/ops', '/api/v1/rider'].map((path) => ({
    name: 'dak_staff',
    value: token,
    domain: '127.0.0.1',
    path,
    httpOnly: true,
    sameSite: 'Strict' as const,
  }));
}

/** What the app stores for a signed-in person: a merchant's token; for staff, only the kind. */
function storedAuth(token: string, kind: 'user' | 'staff') {
  return JSON.stringify(kind === 'staff' ? { kind } : { token, kind });
}

/**
 * A new browser context signed in before any page script runs, and its page. `lang: null` leaves
 * the language to the browser.
 */
export async function signedInContext(
  browser: Browser,
  token: string,
  options: {
    kind?: 'user' | 'staff';
    lang?: Lang | null;
    viewport?: { width: number; height: number };
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  if (options.kind === 'staff') await context.addCookies(staffSessionCookies(token));
  await context.addInitScript(
    ([auth, lang]) => {
      window.localStorage.setItem('dak.auth', auth as string);
      if (lang) window.localStorage.setItem('dak.lang', lang);
    },
    [storedAuth(token, options.kind ?? 'user'), options.lang === undefined ? 'en' : options.lang],
  );
  return { context, page: await context.newPage() };
}

/**
 * Closes every toast and waits until none shows, so screenshots show the page itself. A live
 * notification (a status move the test just made) may arrive while this runs: each look closes
 * what has come since.
 */
export async function closeToasts(page: Page) {
  await expect
    .poll(
      async () => {
        for (const button of await page.locator('.Toastify__close-button').all()) {
          await button.click({ timeout: 1_000 }).catch(() => undefined);
        }
        return page.locator('.Toastify__toast').count();
      },
      { timeout: 10_000 },
    )
    .toBe(0);
}

const loading = '.ant-spin-spinning, .ant-skeleton, .light-skeleton, .page-loading';

/**
 * NAME-1280-LANG and NAME-360-LANG, whole page. Options: close toasts first (default), wait for
 * spinners and skeletons to go, scroll to the top, and how long to let the layout settle.
 */
export async function shots(
  page: Page,
  name: string,
  lang: Lang,
  options: { closeToasts?: boolean; waitForLoad?: boolean; scrollTop?: boolean; settleMs?: number } = {},
) {
  if (options.closeToasts ?? true) await closeToasts(page);
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (options.waitForLoad) await page.waitForFunction((s) => !document.querySelector(s), loading);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(options.settleMs ?? 400);
    if (options.scrollTop) await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${name}-${width}-${lang}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * One whole-page screenshot once spinners and skeletons are gone (`alsoBlur` waits for blurred
 * spinners too), toasts closed and the layout settled.
 */
export async function snap(
  page: Page,
  name: string,
  options: { settleMs?: number; alsoBlur?: boolean } = {},
) {
  const selector = options.alsoBlur ? `${loading}, .ant-spin-blur` : loading;
  await page.waitForFunction((s) => !document.querySelector(s), selector);
  await page.evaluate(() => document.fonts.ready);
  for (const close of await page.locator('.Toastify__close-button').all())
    await close.click().catch(() => {});
  await page.waitForTimeout(options.settleMs ?? 500);
  await shot(page, name);
}

/** What a USB barcode scanner does in the focused box: types the code, then Enter. */
export async function usbScan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

/**
 * A rider's cheap phone: 360 px, touch, double density. A phone hands a `tel:` link to its dialer;
 * headless Chromium instead starts an external navigation that swallows later input, so the
 * dialer is stood in for and the page stays.
 */
export async function riderPhoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    );
  });
  return { context, page: await context.newPage() };
}

/**
 * On the merchant's Returned parcels screen, with a row's reattempt dialog open: picks the issue
 * reason (clicked once the dropdown has opened, since a click during its animation can miss,
 * until the dialog shows it chosen) and writes the note for the rider.
 */
export async function chooseReattemptReason(page: Page, reasonText: string, note: string) {
  const dialog = page.getByRole('dialog');
  await expect
    .poll(
      async () => {
        if ((await dialog.textContent())?.includes(reasonText)) return true;
        await dialog.getByLabel('Issue reason').click();
        const option = page.locator('.ant-select-item-option', { hasText: reasonText });
        await option.waitFor({ timeout: 3_000 }).catch(() => undefined);
        await option.click({ timeout: 2_000 }).catch(() => undefined);
        return (await dialog.textContent())?.includes(reasonText) ?? false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await dialog.getByLabel('Note for the rider (optional)').fill(note);
}

/**
 * Chooses the bulk upload's pickup location by its label (the page's language) and name. The
 * dropdown animates open: a click that lands mid-animation is tried again.
 */
export async function chooseBulkPickup(page: Page, label: string, name: string) {
  await expect
    .poll(
      async () => {
        if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) {
          await page.getByLabel(label, { exact: true }).click();
        }
        await page
          .locator('.ant-select-item-option', { hasText: name })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        return page.locator('.bulk-confirm__pickup').textContent();
      },
      { timeout: 20_000 },
    )
    .toContain(name);
}
