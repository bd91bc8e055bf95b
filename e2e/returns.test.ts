import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  chooseReattemptReason,
  merchantWithPickup,
  shots,
  signedInContext,
  signedInStaff,
} from './fixtures';
import {
  freshPhone,
  launchBrowser,
  otpFromOutbox,
  type RunningServer,
  smsFromOutbox,
  startServer,
} from './helpers';

const webhookSecret = 'e2e-telephony-secret-0123456789';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // The server child inherits the environment: the telephony webhook's secret.
  process.env.TELEPHONY_WEBHOOK_SECRET = webhookSecret;
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(method: string, path: string, options: ApiInit = {}) =>
  apiRequest<T>(server.baseUrl, path, { ...options, method });

async function status(path: string, token: string, body: unknown) {
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** One second of silence as an 8 kHz WAV: a real recording the browser can play. */
function silentWav(): Buffer {
  const samples = 8000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

async function telephony(event: Record<string, unknown>) {
  const raw = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', webhookSecret).update(`${timestamp}.${raw}`).digest('hex');
  const res = await fetch(`${server.baseUrl}/api/v1/webhooks/telephony`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-telephony-timestamp': timestamp,
      'x-telephony-signature': `sha256=${signature}`,
    },
    body: raw,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('returned parcels, return approvals and call logs', () => {
  it('a merchant asks for a reattempt that staff approve, and confirms a return handed back with their OTP', async () => {
    const admin = (
      await signedInStaff(server, { role: 'admin', name: 'Farhana Haque', password: 'Ops-Admin-2026' })
    ).token;
    const merchant = await merchantWithPickup(server.baseUrl);

    // Two parcels fail delivery (moved there through the admin's APIs).
    const book = (customerName: string, customerPhone: string) =>
      bookParcel(server.baseUrl, merchant, {
        customerName,
        customerPhone,
        customerAddress: 'House 5, Road 3, Gulshan 1',
        deliveryAreaId: 'dhaka-city--gulshan',
        cashCollectionAmount: 1250,
        sellingPrice: 1200,
        weightGrams: 500,
      });
    const first = (await book('Rahima Begum', '01712345678')).trackingId;
    const second = (await book('Karim Uddin', '01812345670')).trackingId;
    for (const trackingId of [first, second]) {
      for (const step of ['at_sorting', 'in_transit', 'at_delivery_hub']) {
        await api('POST', `/ops/parcels/${trackingId}/status`, { token: admin, body: { status: step } });
      }
    }

    // Both go out with the Gulshan rider, who calls the first parcel's customer from their run.
    const riderPhone = freshPhone();
    const { id: riderId } = await api<{ id: string }>('POST', '/ops/riders', {
      token: admin,
      body: { name: 'Jamal Uddin', phone: riderPhone, hubId: 'hub-dhaka-gulshan' },
    });
    await api('POST', '/ops/delivery-runs', {
      token: admin,
      body: { riderId, trackingIds: [first, second] },
    });
    await api('POST', '/ops/auth/rider-login', { body: { phone: riderPhone } });
    const rider = (
      await api<{ token: string }>('POST', '/ops/auth/verify', {
        body: { phone: riderPhone, code: await otpFromOutbox(server.baseUrl, riderPhone) },
      })
    ).token;
    await api('POST', `/rider/parcels/${first}/calls`, {
      token: rider,
      body: {
        startedAt: new Date(Date.now() - 3_600_000).toISOString(),
        durationSeconds: 0,
        outcome: 'no_answer',
      },
    });
    for (const [trackingId, reason] of [
      [first, 'customer_unreachable'],
      [second, 'customer_refused'],
    ] as const) {
      await api('POST', `/ops/parcels/${trackingId}/status`, {
        token: admin,
        body: { status: 'delivery_attempted', reason },
      });
    }

    // And the call system's call to the first parcel's customer, with a recording.
    await telephony({
      eventId: `e2e-${first}`,
      type: 'call.completed',
      trackingId: first,
      callId: `call-${first}`,
      startedAt: new Date(Date.now() - 1_800_000).toISOString(),
      outcome: 'answered',
      durationSeconds: 83,
      recording: { contentType: 'audio/wav', base64: silentWav().toString('base64') },
    });

    // The merchant's Returned parcels: both failed parcels wait for a decision.
    const shop = await signedInContext(browser, merchant.token, { kind: 'user', lang: 'en' });
    const page = shop.page;
    await page.goto(`${server.baseUrl}/returned-parcels`);
    await page.getByRole('heading', { name: 'Returned parcels' }).waitFor();
    const firstRow = page.locator(`tr[data-tracking-id="${first}"]`);
    const secondRow = page.locator(`tr[data-tracking-id="${second}"]`);
    await firstRow.waitFor();
    await expect.poll(() => firstRow.textContent()).toContain('Customer could not be reached by phone');
    await expect.poll(() => secondRow.textContent()).toContain('Returns automatically on');
    await shots(page, 'returned-parcels', 'en', { waitForLoad: true });

    // A reattempt for the first: the issue reason is required.
    await firstRow.getByRole('button', { name: 'Ask for reattempt' }).click();
    const dialog = page.getByRole('dialog');
    // A press during the dialog's opening animation can miss: press until the message shows.
    await expect
      .poll(
        async () => {
          await dialog
            .getByRole('button', { name: 'Send request' })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
          return dialog.getByText('Please select an issue reason').isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await chooseReattemptReason(
      page,
      'Customer confirmed they will receive it',
      'Customer is home after 5 pm',
    );
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await firstRow.getByText('Reattempt requested, waiting for approval').waitFor();
    await page.getByText(`Reattempt requested for ${first}`).waitFor();

    // The second comes back: confirm the return.
    await secondRow.getByRole('button', { name: 'Confirm return' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: 'Confirm return' }).click();
    await page.getByText(`Return confirmed for ${second}`).waitFor();
    await secondRow.waitFor({ state: 'detached' });

    // Staff approve the reattempt in the console.
    const ops = await signedInContext(browser, admin, { kind: 'staff', lang: 'en' });
    await ops.page.goto(`${server.baseUrl}/ops/returns`);
    await ops.page.getByRole('heading', { name: 'Return approvals' }).waitFor();
    const request = ops.page.locator('tr', { hasText: first });
    await request.getByText('Customer is home after 5 pm').waitFor();
    await shots(ops.page, 'ops-return-approvals', 'en', { waitForLoad: true });
    await request.getByRole('button', { name: `Approve the reattempt of ${first}` }).click();
    await ops.page.getByText(`Reattempt approved for ${first}`).waitFor();
    await request.waitFor({ state: 'detached' });
    await page.reload();
    await firstRow.getByText('Reattempt approved: goes out with the next delivery run').waitFor();

    // The return leg of the second, by hub staff; the hand-over needs the merchant's code.
    for (const step of ['return_in_transit', 'at_return_hub', 'out_for_return']) {
      await api('POST', `/ops/parcels/${second}/status`, { token: admin, body: { status: step } });
    }
    const sms = await smsFromOutbox(server.baseUrl, merchant.phone, /this code: \d{4}/);
    const code = /this code: (\d{4})/.exec(sms)?.[1] ?? '';
    const wrong = await status(`/ops/parcels/${second}/status`, admin, {
      status: 'returned',
      otp: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('The return OTP is wrong');
    const handedOver = await status(`/ops/parcels/${second}/status`, admin, {
      status: 'returned',
      otp: code,
    });
    expect(handedOver.status).toBe(200);
    await page.goto(`${server.baseUrl}/returned-parcels?view=returned`);
    await page.locator(`tr[data-tracking-id="${second}"]`).getByText('Returned').waitFor();

    // Call logs: the rider's and the call system's, the recording plays from the shop's route.
    await page.goto(`${server.baseUrl}/call-logs`);
    await page.getByRole('heading', { name: 'Call logs' }).waitFor();
    await page.getByText('Rider Jamal Uddin').waitFor();
    await page.getByText('Automated call').waitFor();
    await shots(page, 'call-logs', 'en', { waitForLoad: true });
    await page.getByRole('button', { name: /Play the recording/ }).click();
    await page.locator('.call-recording audio').waitFor();
    expect(await page.locator('.call-recording audio').evaluate((a: HTMLAudioElement) => a.src)).toMatch(
      /^blob:/,
    );

    // Bengali: the three screens.
    const bn = await signedInContext(browser, merchant.token, { kind: 'user', lang: 'bn' });
    await bn.page.goto(`${server.baseUrl}/returned-parcels`);
    await bn.page.getByRole('heading', { name: 'রিটার্ন পার্সেল' }).waitFor();
    await bn.page.getByText('পুনরায় ডেলিভারি অনুমোদিত: পরের ডেলিভারিতে যাবে').first().waitFor();
    await shots(bn.page, 'returned-parcels', 'bn', { waitForLoad: true });
    await bn.page.goto(`${server.baseUrl}/call-logs`);
    await bn.page.getByText('স্বয়ংক্রিয় কল').waitFor();
    await shots(bn.page, 'call-logs', 'bn', { waitForLoad: true });
    // A new request for the console's Bengali screenshot: the first fails again.
    await api('POST', `/ops/parcels/${first}/status`, { token: admin, body: { status: 'out_for_delivery' } });
    await api('POST', `/ops/parcels/${first}/status`, {
      token: admin,
      body: { status: 'delivery_attempted', reason: 'customer_not_home' },
    });
    await api('POST', `/shops/${merchant.shopId}/returned-parcels/${first}/reattempt`, {
      token: merchant.token,
      body: { reason: 'new_time', note: 'Deliver on Saturday morning' },
    });
    const opsBn = await signedInContext(browser, admin, { kind: 'staff', lang: 'bn' });
    await opsBn.page.goto(`${server.baseUrl}/ops/returns`);
    await opsBn.page.getByRole('heading', { name: 'রিটার্ন অনুমোদন' }).waitFor();
    await opsBn.page.getByText('Deliver on Saturday morning').waitFor();
    await shots(opsBn.page, 'ops-return-approvals', 'bn', { waitForLoad: true });

    for (const c of [shop.context, ops.context, bn.context, opsBn.context]) await c.close();
  });
});
