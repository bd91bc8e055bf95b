import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInit, apiRequest, signedInContext, signedInStaff, snap } from './fixtures';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, startServer } from './helpers';

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

describe('hubs and riders in the console', () => {
  it('an admin keeps a hub’s contact right and manages its riders; a rider signs in by phone', async () => {
    const token = (
      await signedInStaff(server, { role: 'admin', name: 'Farhana Haque', password: 'Ops-Admin-2026' })
    ).token;

    // Desktop, English: find the Mirpur hub, open it, set its address and phone.
    const { context, page } = await signedInContext(browser, token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'en',
    });
    await page.goto(`${server.baseUrl}/ops/hubs`);
    await page.getByRole('link', { name: 'Hubs' }).first().waitFor();
    await page.getByText('75 hubs').waitFor();
    await snap(page, 'ops-hubs-1280-en', { alsoBlur: true });
    await page.getByLabel('Find a hub').fill('mirpur');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Mirpur Hub' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('hub-dhaka-mirpur').waitFor();
    await drawer.getByLabel('Address').fill('Plot 3, Road 2, Section 10, Mirpur, Dhaka 1216');
    await drawer.getByLabel('Phone').fill('01711000222');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Hub saved').waitFor();
    await snap(page, 'ops-hub-drawer-1280-en', { alsoBlur: true });
    const hub = await api<{ address: string; phone: string }>('GET', '/ops/hubs/hub-dhaka-mirpur', { token });
    expect(hub).toMatchObject({
      address: 'Plot 3, Road 2, Section 10, Mirpur, Dhaka 1216',
      phone: '8801711000222',
    });

    // Riders: add one to Mirpur.
    const riderPhone = freshPhone();
    await page.goto(`${server.baseUrl}/ops/riders`);
    await page.getByRole('button', { name: 'Add rider' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Jamal Uddin');
    await dialog.getByLabel('Phone').fill(riderPhone);
    await dialog.getByLabel('Hub').fill('Mirpur');
    await page.locator('.ant-select-item-option', { hasText: 'Mirpur Hub' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Jamal Uddin added').waitFor();
    await page.getByRole('cell', { name: 'Jamal Uddin', exact: true }).waitFor();
    await api('POST', '/ops/riders', {
      token,
      body: { name: 'Sumon Ahmed', phone: freshPhone(), hubId: 'hub-dhaka-mirpur' },
    });
    await api('POST', '/ops/riders', {
      token,
      body: { name: 'Abdul Karim', phone: freshPhone(), hubId: 'hub-rajshahi' },
    });
    await page.reload();
    await page.getByRole('cell', { name: 'Abdul Karim', exact: true }).waitFor();
    await snap(page, 'ops-riders-1280-en', { alsoBlur: true });

    // The rider signs in with a code to their phone.
    await api('POST', '/ops/auth/rider-login', { body: { phone: riderPhone } });
    const code = await otpFromOutbox(server.baseUrl, riderPhone);
    const signedIn = await api<{ staff: { role: string } }>('POST', '/ops/auth/verify', {
      body: { phone: riderPhone, code },
    });
    expect(signedIn.staff.role).toBe('rider');

    // Switched off from the list.
    await page.getByRole('switch', { name: 'Sumon Ahmed is active' }).click();
    await page.getByText('Sumon Ahmed is switched off and signed out').waitFor();
    await context.close();

    // Phone, Bengali.
    const bn = await signedInContext(browser, token, {
      kind: 'staff',
      viewport: { width: 360, height: 780 },
      lang: 'bn',
    });
    await bn.page.goto(`${server.baseUrl}/ops/hubs`);
    await bn.page.getByText('৭৫টি হাব').waitFor();
    await snap(bn.page, 'ops-hubs-360-bn', { alsoBlur: true });
    await bn.page.goto(`${server.baseUrl}/ops/hubs?hub=hub-dhaka-mirpur`);
    await bn.page.locator('.ant-drawer').getByText('hub-dhaka-mirpur').waitFor();
    await snap(bn.page, 'ops-hub-drawer-360-bn', { alsoBlur: true });
    await bn.page.goto(`${server.baseUrl}/ops/riders`);
    await bn.page.getByText('Abdul Karim', { exact: true }).waitFor();
    await snap(bn.page, 'ops-riders-360-bn', { alsoBlur: true });
    await bn.context.close();

    // And the other two: desktop Bengali, phone English.
    const bnWide = await signedInContext(browser, token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'bn',
    });
    await bnWide.page.goto(`${server.baseUrl}/ops/riders`);
    await bnWide.page.getByText('Abdul Karim', { exact: true }).waitFor();
    await snap(bnWide.page, 'ops-riders-1280-bn', { alsoBlur: true });
    await bnWide.page.goto(`${server.baseUrl}/ops/hubs?hub=hub-dhaka-mirpur`);
    await bnWide.page.locator('.ant-drawer').getByText('hub-dhaka-mirpur').waitFor();
    await snap(bnWide.page, 'ops-hub-drawer-1280-bn', { alsoBlur: true });
    await bnWide.context.close();
    const enPhone = await signedInContext(browser, token, {
      kind: 'staff',
      viewport: { width: 360, height: 780 },
      lang: 'en',
    });
    await enPhone.page.goto(`${server.baseUrl}/ops/riders`);
    await enPhone.page.getByText('Abdul Karim', { exact: true }).waitFor();
    await snap(enPhone.page, 'ops-riders-360-en', { alsoBlur: true });
    await enPhone.page.goto(`${server.baseUrl}/ops/hubs`);
    await enPhone.page.getByText('75 hubs').waitFor();
    await snap(enPhone.page, 'ops-hubs-360-en', { alsoBlur: true });
    await enPhone.context.close();
  });
});
