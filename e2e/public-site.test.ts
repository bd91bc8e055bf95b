import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, shot, startServer } from './helpers';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pages = [
  { path: '/', name: 'home' },
  { path: '/coverage?q=sylhet&from=mirpur%2010', name: 'coverage' },
  { path: '/courier?districtId=chattogram', name: 'courier' },
  { path: '/enterprise', name: 'enterprise' },
  { path: '/faq', name: 'faq' },
  { path: '/blog', name: 'blog' },
  { path: '/track/DK22222222X', name: 'track-unknown' },
];

async function pickArea(page: Page, label: string, text: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(text);
  await page.getByRole('option', { name: option }).click();
}

describe('the public site', () => {
  it('at 360 px: calculates Dhaka → Sylhet 1.2 kg, then shows the same charge in Bengali digits', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
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

    // The home page loads React and the site's own code only: no antd, router or panel chunk.
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(url).not.toMatch(/antd|router|libs|index-|dashboard|ops/);

    await page.getByRole('link', { name: 'Switch to Bengali' }).click();
    await page.waitForURL(/\/bn\?/);
    await expect.poll(() => page.getByTestId('delivery-charge').textContent()).toBe('৳১৫৫');
    expect(await page.getByTestId('cod-charge').textContent()).toBe('৳১০');
    expect(await page.getByTestId('total-charge').textContent()).toBe('৳১৬৫');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    // The panel opens in the language the visitor chose on the site.
    expect(await page.evaluate(() => localStorage.getItem('dak.lang'))).toBe('bn');
    await shot(page, 'public-home-calculated-360-bn');
    expect(consoleErrors).toEqual([]);

    // Over 10 kg: refused with the spec's words, before any request.
    await page.goto(`${server.baseUrl}/`);
    await pickArea(page, 'Pickup area', 'mirpur 10', 'Mirpur 10, Dhaka');
    await pickArea(page, 'Delivery area', 'sylhet sadar', 'Sylhet Sadar, Sylhet');
    await page.getByLabel('Weight (kg)').fill('10.5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect
      .poll(() => page.textContent('body'))
      .toContain('Parcel weight must be less than or equal to 10000gm/10Kg in the calculator');

    // The tracking box goes to the tracking page; an unknown ID says so.
    await page.getByLabel('Tracking ID').fill('dk22222222x');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.waitForURL('**/track/DK22222222X');
    await expect.poll(() => page.textContent('body')).toContain('We could not find this parcel');
    await context.close();
  });

  for (const width of [360, 1280]) {
    for (const lang of ['en', 'bn'] as const) {
      it(`every public page at ${width} px in ${lang}: no serious or critical axe violations; screenshots`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        for (const item of pages) {
          const prefix = lang === 'bn' ? '/bn' : '';
          await page.goto(`${server.baseUrl}${prefix}${item.path === '/' && prefix ? '' : item.path}`);
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const results = await new AxeBuilder({ page: page as never }).analyze();
          const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(bad.map((v) => `${item.name}: ${v.id} ${v.nodes[0]?.html}`)).toEqual([]);
          await shot(page, `public-${item.name}-${width}-${lang}`);
        }
        await context.close();
      });
    }
  }
});
