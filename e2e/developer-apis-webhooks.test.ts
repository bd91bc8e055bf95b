import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { type Merchant, merchantWithPickup, shots, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, shot, startServer } from './helpers';

/**
 * The Developer APIs screen's webhooks (issue 15, item 6; Done-when: "the owner creates a key and
 * a webhook in the Developer APIs screen at 360 px in Bengali, sends a test event and sees it in
 * the log"). A receiver on 127.0.0.1 (loopback is allowed in development mode) takes the calls;
 * the test checks that the call it got carries a Dak-Signature that verifies with the secret the
 * screen showed once, and that the log shows what was sent.
 */
let server: RunningServer;
let browser: Browser;
let owner: Merchant;
let receiver: Server;
let receiverUrl = '';
const received: { headers: IncomingHttpHeaders; raw: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"success","message":"Webhook received successfully."}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dak/webhook`;
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await merchantWithPickup(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Whether `header` (t=<unix seconds>,v1=<hex>) signs `raw` with `secret`, and is under 5 minutes old. */
function signatureVerifies(raw: string, header: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest('hex'));
  const given = Buffer.from(String(parts.v1 ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('Developer APIs: webhooks', () => {
  it('the owner creates a key and a webhook at 360 px in Bengali, sends a test event and sees it in the log', async () => {
    const { context, page } = await signedInContext(browser, owner.token, {
      lang: 'bn',
      viewport: { width: 360, height: 740 },
    });
    try {
      await page.goto(`${server.baseUrl}/developer-apis`);
      await page.getByRole('heading', { level: 1, name: 'ডেভেলপার API' }).waitFor();

      // The key first (its own tab, the default).
      await page.getByLabel('কী-এর নাম').fill('WooCommerce স্টোর');
      await page.getByRole('button', { name: 'কী তৈরি করুন' }).click();
      // Once seen in a clean-clone run only (27 Nov): the panel never came. Keep what the page said.
      await page
        .getByTestId('api-key-created')
        .waitFor()
        .catch(async (error) => {
          await shot(page, 'developer-apis-key-not-created');
          const form = await page
            .locator('main')
            .textContent()
            .catch(() => '');
          throw new Error(
            `the created key's panel did not show; the page said:\n${(form ?? '').slice(0, 2000)}`,
            {
              cause: error,
            },
          );
        });
      const token = (await page.getByTestId('api-key-token').textContent())?.trim() ?? '';
      expect(token).toMatch(/^dak_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
      await page.getByRole('button', { name: 'কপি করেছি' }).click();
      await page.getByTestId('api-key').first().waitFor();

      // Then the webhook, on the Webhooks tab.
      await page.getByRole('tab', { name: 'ওয়েবহুক' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('webhooks');
      await page.getByLabel('ওয়েবহুক URL').fill(receiverUrl);
      expect(await page.getByRole('checkbox', { name: /পার্সেলের স্ট্যাটাস বদল/ }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'ওয়েবহুক যোগ করুন' }).click();

      const dialog = page.getByRole('dialog', { name: 'ওয়েবহুক যোগ হয়েছে: সাইনিং সিক্রেট কপি করুন' });
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toContain('শুধু এই একবারই দেখানো হবে');
      const secret = (await dialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret.length).toBeGreaterThanOrEqual(32);
      await shots(page, 'developer-apis-webhook-secret', 'bn', { closeToasts: false });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await dialog.getByRole('button', { name: 'কপি করেছি' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(secret);

      const item = page.getByTestId('webhook').filter({ hasText: receiverUrl });
      await item.waitFor();
      expect(await item.textContent()).toContain('চালু');
      await item.getByRole('button', { name: `${receiverUrl}-এ টেস্ট ইভেন্ট পাঠান` }).click();

      // The log opens by itself and follows the new delivery until the receiver has answered.
      const delivery = item.getByTestId('webhook-delivery').first();
      await delivery.waitFor();
      await expect.poll(() => delivery.getAttribute('data-status'), { timeout: 45_000 }).toBe('succeeded');
      const row = (await delivery.textContent()) ?? '';
      expect(row).toContain('টেস্ট ইভেন্ট');
      expect(row).toContain('সফল');
      expect(row).toContain('HTTP ২০০');
      expect(row).toContain('চেষ্টা: ১ বার');

      // The receiver got the test event, signed with the secret shown once.
      await expect.poll(() => received.length).toBeGreaterThan(0);
      const call = received.find((r) => r.headers['dak-event'] === 'webhook.test') ?? received[0];
      if (!call) throw new Error('the receiver got nothing');
      const signature = String(call.headers['dak-signature'] ?? '');
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(signatureVerifies(call.raw, signature, secret)).toBe(true);
      expect(signatureVerifies(call.raw, signature, `${secret}x`)).toBe(false);
      expect(JSON.parse(call.raw)).toMatchObject({ type: 'webhook.test', shopId: owner.shopId });

      // The log shows the very body that was sent, and the receiver's answer.
      await delivery.getByText('পাঠানো বডি').click();
      const shown = (await delivery.getByTestId('delivery-request').textContent()) ?? '';
      expect(JSON.parse(shown)).toEqual(JSON.parse(call.raw));
      await delivery.getByText('উত্তরের বডি').click();
      expect(await delivery.getByTestId('delivery-response').textContent()).toContain(
        'Webhook received successfully.',
      );

      await shots(page, 'developer-apis-webhooks', 'bn', { waitForLoad: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in English: the webhooks tab and the switching snippets at 1280 and 360 px, none wider than the phone', async () => {
    const { context, page } = await signedInContext(browser, owner.token, { lang: 'en' });
    try {
      await page.goto(`${server.baseUrl}/developer-apis?tab=webhooks`);
      await page.getByRole('heading', { level: 2, name: 'Your webhooks' }).waitFor();
      await page.getByTestId('webhook').first().waitFor();
      await page.getByTestId('webhook').first().getByRole('button', { name: 'Delivery log' }).click();
      await page.getByTestId('webhook-delivery').first().waitFor();
      await shots(page, 'developer-apis-webhooks', 'en', { waitForLoad: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'Switching couriers' }).click();
      const steadfast = page.getByTestId('switching-steadfast-settings');
      await steadfast.waitFor();
      // The snippets carry this server's address and the shop's key ID (never a secret).
      const keyId = /Api-Key: +([a-z0-9]{16})/.exec((await steadfast.textContent()) ?? '')?.[1];
      expect(keyId).toMatch(/^[a-z0-9]{16}$/);
      expect(await steadfast.textContent()).toContain(`${server.baseUrl}/compat/steadfast/api/v1`);
      expect(await page.getByTestId('switching-pathao-settings').textContent()).toContain(
        `${server.baseUrl}/compat/pathao`,
      );
      expect(await page.getByTestId('switching-redx-settings').textContent()).toContain(
        `API-ACCESS-TOKEN: Bearer dak_${keyId}_<secret>`,
      );
      await shots(page, 'developer-apis-switching', 'en', { waitForLoad: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      }
    } finally {
      await context.close();
    }
  });
});
