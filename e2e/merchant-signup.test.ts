import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function typeCode(page: Page, code: string) {
  for (let i = 0; i < 4; i++) {
    await page.getByLabel(`Digit ${i + 1} of 4`).fill(code[i] ?? '');
  }
}

describe('a merchant signs up, signs out, signs back in, and reads Bengali', () => {
  it('registers by OTP, lands on the dashboard, logs in by password, keeps Bengali after reload', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const phone = freshPhone();

    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('Merchant name').fill('Nasrin Akter');
    await page.getByLabel('Shop name').fill('Nasrin Boutique');
    await page.getByLabel('Daily parcel volume').fill('15');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('I accept the terms and conditions').check();
    await shot(page, 'register-360-en');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByLabel('Digit 1 of 4').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await page.textContent('body')) ?? '').toMatch(/0:\d\d/);
    await shot(page, 'verify-phone-360-en');
    await typeCode(page, await otpFromOutbox(server.baseUrl, phone));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByLabel('Full name (as on NID)').fill('Nasrin Akter Chowdhury');
    await page.getByLabel('Date of birth').fill('1994-07-21');
    await page.getByLabel('Date of birth').press('Enter');
    await page.getByLabel('Password', { exact: true }).fill('Boutique-2026');
    await page.getByLabel('Confirm password').fill('Boutique-2026');
    await shot(page, 'personal-details-360-en');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await expect.poll(async () => (await page.textContent('body')) ?? '').toContain('Nasrin Akter');
    await shot(page, 'dashboard-360-en');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.url()).not.toContain('/dashboard');
    // Home is the public site, rendered by the server: the app reloads into it.
    await expect
      .poll(() => page.evaluate(() => document.getElementById('site-props') !== null).catch(() => false))
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('dak.auth'))).toBeNull();

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByTestId('login-password').fill('Boutique-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    await page.getByLabel('Language').selectOption({ label: 'বাংলা' });
    await expect.poll(async () => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await page.reload();
    await expect.poll(async () => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await expect
      .poll(async () => (await page.textContent('body')) ?? '', { timeout: 10_000 })
      .toContain('ড্যাশবোর্ড');
    await expect
      .poll(async () => (await page.textContent('body')) ?? '', { timeout: 10_000 })
      .toContain('Nasrin Boutique');
    await shot(page, 'dashboard-360-bn');

    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await desktop.goto(`${server.baseUrl}/`);
    await shot(desktop, 'home-1280-en');
    await desktop.close();
    await context.close();
  });
});
