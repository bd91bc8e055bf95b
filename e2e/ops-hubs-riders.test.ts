import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function snap(page: Page, name: string) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-spin-blur, .ant-skeleton'),
  );
  for (const close of await page.locator('.Toastify__close-button').all())
    await close.click().catch(() => {});
  await page.waitForTimeout(500);
  await shot(page, name);
}

async function staffToken(phone: string, password: string) {
  await api('POST', '/ops/auth/login', { body: { phone, password } });
  const code = await otpFromOutbox(server.baseUrl, phone);
  return (await api<{ token: string }>('POST', '/ops/auth/verify', { body: { phone, code } })).token;
}

async function consoleAs(token: string, viewport: { width: number; height: number }, language: 'en' | 'bn') {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([auth, lang]) => {
      window.localStorage.setItem('dak.auth', auth as string);
      window.localStorage.setItem('dak.lang', lang as string);
    },
    [JSON.stringify({ token, kind: 'staff' }), language],
  );
  return { context, page: await context.newPage() };
}

describe('hubs and riders in the console', () => {
  it('an admin keeps a hub’s contact right and manages its riders; a rider signs in by phone', async () => {
    const adminPhone = freshPhone();
    await run(
      'npm',
      [
        'run',
        '--silent',
        'staff:create',
        '--',
        '--phone',
        adminPhone,
        '--role',
        'admin',
        '--password',
        'Ops-Admin-2026',
        '--name',
        'Farhana Haque',
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: server.databaseUrl } },
    );
    const token = await staffToken(adminPhone, 'Ops-Admin-2026');

    // Desktop, English: find the Mirpur hub, open it, set its address and phone.
    const { context, page } = await consoleAs(token, { width: 1280, height: 900 }, 'en');
    await page.goto(`${server.baseUrl}/ops/hubs`);
    await page.getByRole('link', { name: 'Hubs' }).first().waitFor();
    await page.getByText('75 hubs').waitFor();
    await snap(page, 'ops-hubs-1280-en');
    await page.getByLabel('Find a hub').fill('mirpur');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Mirpur Hub' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('hub-dhaka-mirpur').waitFor();
    await drawer.getByLabel('Address').fill('Plot 3, Road 2, Section 10, Mirpur, Dhaka 1216');
    await drawer.getByLabel('Phone').fill('01711000222');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Hub saved').waitFor();
    await snap(page, 'ops-hub-drawer-1280-en');
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
    await snap(page, 'ops-riders-1280-en');

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
    const bn = await consoleAs(token, { width: 360, height: 780 }, 'bn');
    await bn.page.goto(`${server.baseUrl}/ops/hubs`);
    await bn.page.getByText('৭৫টি হাব').waitFor();
    await snap(bn.page, 'ops-hubs-360-bn');
    await bn.page.goto(`${server.baseUrl}/ops/hubs?hub=hub-dhaka-mirpur`);
    await bn.page.locator('.ant-drawer').getByText('hub-dhaka-mirpur').waitFor();
    await snap(bn.page, 'ops-hub-drawer-360-bn');
    await bn.page.goto(`${server.baseUrl}/ops/riders`);
    await bn.page.getByText('Abdul Karim', { exact: true }).waitFor();
    await snap(bn.page, 'ops-riders-360-bn');
    await bn.context.close();

    // And the other two: desktop Bengali, phone English.
    const bnWide = await consoleAs(token, { width: 1280, height: 900 }, 'bn');
    await bnWide.page.goto(`${server.baseUrl}/ops/riders`);
    await bnWide.page.getByText('Abdul Karim', { exact: true }).waitFor();
    await snap(bnWide.page, 'ops-riders-1280-bn');
    await bnWide.page.goto(`${server.baseUrl}/ops/hubs?hub=hub-dhaka-mirpur`);
    await bnWide.page.locator('.ant-drawer').getByText('hub-dhaka-mirpur').waitFor();
    await snap(bnWide.page, 'ops-hub-drawer-1280-bn');
    await bnWide.context.close();
    const enPhone = await consoleAs(token, { width: 360, height: 780 }, 'en');
    await enPhone.page.goto(`${server.baseUrl}/ops/riders`);
    await enPhone.page.getByText('Abdul Karim', { exact: true }).waitFor();
    await snap(enPhone.page, 'ops-riders-360-en');
    await enPhone.page.goto(`${server.baseUrl}/ops/hubs`);
    await enPhone.page.getByText('75 hubs').waitFor();
    await snap(enPhone.page, 'ops-hubs-360-en');
    await enPhone.context.close();
  });
});
