import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { watchCsp } from './csp';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  createStaff,
  merchantWithPickup,
  signedInStaff,
} from './fixtures';
import { launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

let server: RunningServer;
let browser: Browser;
let csp: { violations: string[] };
/** A parcel booked through the API and moved by staff: the tracking page's real timeline. */
let trackingId = '';

const api = <T>(path: string, init?: ApiInit) => apiRequest<T>(server.baseUrl, path, init);

/** A merchant books a parcel Mirpur 10 → Sylhet Sadar through the API; staff move it to the delivery hub. */
async function bookedParcel(): Promise<string> {
  const merchant = await merchantWithPickup(server.baseUrl);
  const parcel = await bookParcel(server.baseUrl, merchant, {
    customerName: 'Sadia Islam',
    customerPhone: '01912345678',
    customerAddress: 'House 4, Road 2, Zindabazar',
    deliveryAreaId: 'sylhet--sylhet-sadar',
    cashCollectionAmount: 1250,
    sellingPrice: 1200,
    weightGrams: 1200,
  });
  const admin = (await signedInStaff(server, { role: 'admin', name: 'Sadia Rahman' })).token;
  for (const status of ['at_sorting', 'in_transit', 'at_delivery_hub']) {
    await api(`/ops/parcels/${parcel.trackingId}/status`, { method: 'POST', token: admin, body: { status } });
  }
  return parcel.trackingId;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  csp = watchCsp(browser);
  trackingId = await bookedParcel();
}, 120_000);
// No page may need what the Content-Security-Policy forbids.
afterEach(() => {
  expect(csp.violations).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pickArea(page: Page, label: string, text: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(text);
  await page.getByRole('option', { name: option }).click();
}

const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';

describe('the public site', () => {
  it('at 360 px: prices Dhaka → Sylhet 1.2 kg, sees it in Bengali digits, finds the Chattogram booths, sends the enterprise form; sales sees the lead', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    const leadPosts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/enterprise-leads')) leadPosts.push(req.url());
    });
    // A hydration mismatch (server and browser rendering apart) is reported as a console error.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => page.title()).toBe('Dak — fast courier service, tech-first logistics');
    // Hydrated: the picker answers typing.
    await pickArea(page, 'Pickup area', 'mirpur 10', 'Mirpur 10, Dhaka');
    await pickArea(page, 'Delivery area', 'sylhet sadar', 'Sylhet Sadar, Sylhet');
    await page.getByLabel('Weight (kg)').fill('1.2');
    await page.getByLabel('Selling price (৳)').fill('1000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => page.getByTestId('delivery-charge').textContent()).toBe('৳155');
    expect(await page.getByTestId('cod-charge').textContent()).toBe('৳10');
    expect(await page.getByTestId('total-charge').textContent()).toBe('৳165');
    await shot(page, 'public-home-calculated-360-en');

    // The home page loads React and the site's own code only: no antd, router, zod or panel chunk.
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts)
      expect(url).not.toMatch(/antd|router|libs|zod|site-content|index-|dashboard|ops/);

    await page.getByRole('link', { name: 'Switch to Bengali' }).click();
    await page.waitForURL(/\/bn\?/);
    await expect.poll(() => page.getByTestId('delivery-charge').textContent()).toBe('৳১৫৫');
    expect(await page.getByTestId('cod-charge').textContent()).toBe('৳১০');
    expect(await page.getByTestId('total-charge').textContent()).toBe('৳১৬৫');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    // The panel opens in the language the visitor chose on the site.
    expect(await page.evaluate(() => localStorage.getItem('dak.lang'))).toBe('bn');
    await shot(page, 'public-home-calculated-360-bn');

    // The courier page, from the menu: the booths of Chattogram district.
    await page.getByRole('navigation').getByRole('link', { name: 'কুরিয়ার' }).click();
    await page.waitForURL('**/bn/courier');
    await page.getByLabel('জেলা').selectOption({ label: 'চট্টগ্রাম' });
    await page.getByRole('button', { name: 'বুথ খুঁজুন' }).click();
    await page.waitForURL('**/bn/courier?districtId=chattogram**');
    await expect.poll(() => bodyText(page)).toContain('ডাক বুথ আগ্রাবাদ');
    expect(await bodyText(page)).toContain('ডাক বুথ জিইসি মোড়');
    expect(await bodyText(page)).toContain('বিকাশে পেমেন্ট');
    expect(await bodyText(page)).not.toContain('ডাক বুথ জিন্দাবাজার');
    // Narrowed to one area: that area's booth and the hub serving it.
    await page.getByLabel('এরিয়া', { exact: true }).selectOption({ label: 'আগ্রাবাদ' });
    await page.getByRole('button', { name: 'বুথ খুঁজুন' }).click();
    await page.waitForURL('**areaId=chattogram-city--agrabad**');
    await expect.poll(() => bodyText(page)).toContain('ডাক বুথ আগ্রাবাদ');
    expect(await bodyText(page)).not.toContain('ডাক বুথ জিইসি মোড়');
    await shot(page, 'public-courier-chattogram-360-bn');

    // The enterprise form: checked in the browser by the server's schema, words per field, no request.
    await page.getByRole('navigation').getByRole('link', { name: 'এন্টারপ্রাইজ' }).click();
    await page.waitForURL('**/bn/enterprise');
    await expect.poll(() => bodyText(page)).toContain('আনুমানিক দাম');
    await page.getByRole('button', { name: 'পাঠান' }).click();
    await expect.poll(() => page.locator('#lead-name-error').textContent()).toBe('নাম দিতে হবে');
    expect(await page.locator('#lead-email-error').textContent()).toBe('ইমেইল দিতে হবে');
    expect(await page.locator('#lead-phone-error').textContent()).toBe('ফোন নম্বর দিতে হবে');
    expect(await page.locator('#lead-company-error').textContent()).toBe('প্রতিষ্ঠানের নাম দিতে হবে');
    expect(await page.locator('#lead-requirement-error').textContent()).toBe('বিবরণ দিতে হবে');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lead-name');
    await page.getByLabel('আপনার নাম').fill('Karim Uddin');
    await page.getByLabel('ইমেইল').fill('karim@agrofresh');
    await page.getByLabel('ফোন নম্বর').fill('0171234');
    await page.getByLabel('প্রতিষ্ঠান').fill('Agro Fresh Ltd.');
    await page.getByLabel('কী আনা-নেওয়া করবেন?').fill('Short');
    await page.getByRole('button', { name: 'পাঠান' }).click();
    await expect
      .poll(() => page.locator('#lead-email-error').textContent())
      .toBe('সঠিক ইমেইল ঠিকানা লিখুন, যেমন name@company.com');
    expect(await page.locator('#lead-phone-error').textContent()).toBe(
      'সঠিক মোবাইল নম্বর লিখুন, যেমন ০১৭১২৩৪৫৬৭৮',
    );
    expect(await page.locator('#lead-requirement-error').textContent()).toBe(
      'বিবরণ কমপক্ষে ১০ অক্ষরের হতে হবে',
    );
    expect(await page.locator('#lead-name-error').count()).toBe(0);
    expect(await page.getByLabel('ইমেইল').getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'public-enterprise-errors-360-bn');
    expect(leadPosts).toEqual([]);
    // zod came with the form, on this page only.
    expect(scripts.some((url) => /zod/.test(url))).toBe(true);

    await page.getByLabel('ইমেইল').fill('karim@agrofresh.com.bd');
    await page.getByLabel('ফোন নম্বর').fill('01712345678');
    await page
      .getByLabel('কী আনা-নেওয়া করবেন?')
      .fill('Two covered vans from Gazipur to Chattogram port, 8 trips a month.');
    await page.getByRole('button', { name: 'পাঠান' }).click();
    await expect.poll(() => bodyText(page)).toContain('ধন্যবাদ। আমাদের এন্টারপ্রাইজ টিম');
    expect(leadPosts).toHaveLength(1);
    await shot(page, 'public-enterprise-sent-360-bn');
    expect(consoleErrors).toEqual([]);
    await context.close();

    // A sales member, in a browser of their own, signs in to the console and sees the lead.
    const sales = await createStaff(server, { role: 'sales', name: 'Mitu Sarkar' });
    const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const desk = await office.newPage();
    await desk.goto(`${server.baseUrl}/ops/leads`);
    await desk.waitForURL('**/ops/login');
    await desk.getByLabel('Phone number').fill(sales.phone);
    await desk.getByLabel('Password', { exact: true }).fill(sales.password);
    await desk.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => desk.getByLabel('Digit 1 of 4').isVisible(), { timeout: 10_000 }).toBe(true);
    const code = await otpFromOutbox(server.baseUrl, sales.phone);
    for (let i = 0; i < 4; i++) await desk.getByLabel(`Digit ${i + 1} of 4`).fill(code[i] ?? '');
    await desk.getByRole('button', { name: 'Verify' }).click();
    await desk.waitForURL('**/ops/leads', { timeout: 15_000 });
    await expect.poll(() => bodyText(desk), { timeout: 10_000 }).toContain('Agro Fresh Ltd.');
    const text = await bodyText(desk);
    expect(text).toContain('Karim Uddin');
    expect(text).toContain('karim@agrofresh.com.bd');
    // The table has finished loading (antd dims it while its spinner runs).
    await expect.poll(() => desk.locator('.ant-spin-spinning').count()).toBe(0);
    await desk.waitForTimeout(300);
    await shot(desk, 'public-lead-in-ops-1280-en');
    await office.close();
  });

  it('over 10 kg is refused with the spec’s words; the tracking box goes to the tracking page', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await pickArea(page, 'Pickup area', 'mirpur 10', 'Mirpur 10, Dhaka');
    await pickArea(page, 'Delivery area', 'sylhet sadar', 'Sylhet Sadar, Sylhet');
    await page.getByLabel('Weight (kg)').fill('10.5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect
      .poll(() => bodyText(page))
      .toContain('Parcel weight must be less than or equal to 10000gm/10Kg in the calculator');
    await page.getByLabel('Tracking ID').fill('dk22222222x');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.waitForURL('**/track/DK22222222X');
    await expect.poll(() => bodyText(page)).toContain('We could not find this parcel');
    await context.close();
  });

  it('a parcel booked through the API shows its timeline on /track/{id}, in English and Bengali', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('Tracking ID').fill(trackingId.toLowerCase());
    await page.getByRole('button', { name: 'Track' }).click();
    await page.waitForURL(`**/track/${trackingId}`);
    const steps = page.locator('.timeline li .timeline__message');
    await expect
      .poll(() => steps.allTextContents())
      .toEqual([
        'Arrived at the delivery hub',
        'On the way to the delivery hub',
        'Picked up; at the sorting hub',
        'Booked; waiting for pickup from the merchant',
      ]);
    const text = await bodyText(page);
    expect(text).toContain('On the way');
    expect(text).toContain('Sylhet Sadar, Sylhet');
    expect(text).toContain('01912-****78');
    expect(text).not.toContain('Sadia Islam');
    await page.getByRole('link', { name: 'Switch to Bengali' }).click();
    await page.waitForURL(`**/bn/track/${trackingId}`);
    await expect.poll(() => steps.first().textContent()).toBe('ডেলিভারি হাবে পৌঁছেছে');
    expect(await steps.count()).toBe(4);
    expect(await bodyText(page)).toContain('পথে আছে');
    expect(await bodyText(page)).toContain('০১৯১২-****৭৮');
    await context.close();
  });

  const pages = () => [
    { path: '/', name: 'home' },
    { path: `/track/${trackingId}`, name: 'track' },
    { path: '/track/DK22222222X', name: 'track-unknown' },
    { path: '/coverage?q=sylhet&from=mirpur%2010', name: 'coverage' },
    { path: '/courier?districtId=chattogram', name: 'courier' },
    { path: '/enterprise', name: 'enterprise' },
    { path: '/faq', name: 'faq', open: true },
    { path: '/blog', name: 'blog' },
    { path: '/blog/cash-on-delivery-paid-next-day', name: 'blog-post' },
    { path: '/blog/no-such-post', name: 'not-found' },
  ];

  for (const width of [360, 1280]) {
    for (const lang of ['en', 'bn'] as const) {
      it(`every public page at ${width} px in ${lang}: no serious or critical axe violations; screenshots`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        for (const item of pages()) {
          const prefix = lang === 'bn' ? '/bn' : '';
          await page.goto(`${server.baseUrl}${prefix}${item.path === '/' && prefix ? '' : item.path}`);
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          // An answer open, as a visitor reads it.
          if (item.open) await page.locator('.faq__item summary').first().click();
          const bad = await seriousAxeViolations(page);
          expect(bad.map((v) => `${item.name}: ${v.id} ${v.html}`)).toEqual([]);
          await shot(page, `public-${item.name}-${width}-${lang}`);
        }
        await context.close();
      });
    }
  }
});
