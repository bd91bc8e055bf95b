import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, shot, startServer } from './helpers';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('when the API is down', () => {
  it('shows the 503 page instead of a broken form', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Phone number').fill('01712345678');
    await page.getByRole('radio', { name: 'Password' }).check();
    await page.getByTestId('login-password').fill('whatever-123');

    await server.stop();
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL('**/503', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Service unavailable' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await shot(page, 'service-unavailable-360-en');
  });
});
