import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  closeToasts,
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
  returnOtpFromOutbox,
  startServer,
} from './helpers';

/**
 * Issue 13's journey, each person in their own browser: a Gulshan rider delivers two of a
 * merchant's parcels (one in part) and the third comes back; at the hub the rider hands the cash
 * over, ৳50 short; a day passes and the payout job runs; the merchant sees the invoice with each
 * parcel's net in English and Bengali on a phone and downloads its CSV; finance marks it bounced;
 * the banner appears; the owner changes the bKash number; the next day's run pays it again, and
 * finance marks that one paid.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const api = <T>(method: string, path: string, options: ApiInit = {}) =>
  apiRequest<T>(server.baseUrl, path, { ...options, method });
const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';
const hub = 'hub-dhaka-gulshan';

/** A day passes on the server's clock (development only), and the payout job runs as scheduled. */
async function nextDayPayoutJob() {
  await api('POST', '/dev/clock', { body: { advanceMinutes: 24 * 60 } });
  await api('POST', '/dev/jobs/payout-runs', { body: {} });
}

/** The merchant's bKash number, saved with the code sent to the owner's phone (as settings do). */
async function setBkash(merchant: { token: string; shopId: string; phone: string }, wallet: string) {
  await api('POST', `/shops/${merchant.shopId}/payment-method/otp`, { token: merchant.token });
  const code = await otpFromOutbox(server.baseUrl, merchant.phone);
  await api('PUT', `/shops/${merchant.shopId}/payment-method`, {
    token: merchant.token,
    body: { method: 'bkash', walletNumber: wallet, code },
  });
}

async function deliveryOtp(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const outbox = await api<{ items: { body: string }[] }>('GET', `/dev/outbox?to=${phone}&limit=5`);
        code = outbox.items.map((m) => /OTP: (\d{4})/.exec(m.body)?.[1]).find(Boolean) ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

describe('cash on delivery, from the customer’s hand to the merchant’s account', () => {
  it('delivers, hands over, pays, bounces and pays again', { timeout: 300_000 }, async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const manager = await signedInStaff(server, { role: 'hub_manager', name: 'Selim Reza' });
    await api('PUT', `/ops/staff/${manager.id}/hubs`, { token: admin.token, body: { hubIds: [hub] } });
    const riderPhone = freshPhone();
    const rider = await api<{ id: string }>('POST', '/ops/riders', {
      token: manager.token,
      body: { name: 'Rubel Hossain', phone: riderPhone, hubId: hub },
    });
    await api('POST', '/ops/auth/rider-login', { body: { phone: riderPhone } });
    const riderToken = (
      await api<{ token: string }>('POST', '/ops/auth/verify', {
        body: { phone: riderPhone, code: await otpFromOutbox(server.baseUrl, riderPhone) },
      })
    ).token;

    // A Gulshan merchant with a bKash number books three parcels of ৳1,500 each.
    const merchant = await merchantWithPickup(server.baseUrl, { shopName: 'Gulshan Gadgets' });
    await setBkash(merchant, '01711000111');
    const customers = [freshPhone(), freshPhone(), freshPhone()];
    const parcels = [];
    for (const customerPhone of customers) {
      parcels.push(
        await bookParcel(server.baseUrl, merchant, {
          customerPhone,
          customerAddress: 'House 7, Road 11, Gulshan 1, Dhaka',
          deliveryAreaId: 'dhaka-city--gulshan',
          cashCollectionAmount: 1500,
          sellingPrice: 1500,
        }),
      );
    }
    for (const { trackingId } of parcels) {
      for (const status of ['at_sorting', 'in_transit', 'at_delivery_hub']) {
        await api('POST', `/ops/parcels/${trackingId}/status`, { token: admin.token, body: { status } });
      }
    }
    await api('POST', '/ops/delivery-runs', {
      token: manager.token,
      body: { riderId: rider.id, trackingIds: parcels.map((p) => p.trackingId) },
    });
    const [full, partial, refused] = parcels as [
      (typeof parcels)[0],
      (typeof parcels)[0],
      (typeof parcels)[0],
    ];
    // The rider collects ৳1,500, then ৳800 of a parcel the customer kept only in part.
    for (const [parcel, phone, amount] of [
      [full, customers[0], 1500],
      [partial, customers[1], 800],
    ] as const) {
      await api('POST', `/rider/parcels/${parcel.trackingId}/deliver`, {
        token: riderToken,
        body: { otp: await deliveryOtp(phone ?? ''), amountCollected: amount },
      });
    }
    // The third customer refuses; the parcel goes back to the merchant, who gives the code.
    await api('POST', `/rider/parcels/${refused.trackingId}/fail`, {
      token: riderToken,
      body: { reason: 'customer_refused' },
    });
    for (const status of ['return_at_delivery_hub', 'at_return_hub', 'out_for_return']) {
      await api('POST', `/ops/parcels/${refused.trackingId}/status`, {
        token: admin.token,
        body: { status },
      });
    }
    const returnCode = await returnOtpFromOutbox(server.baseUrl, merchant.phone, refused.trackingId);
    await api('POST', `/ops/parcels/${refused.trackingId}/status`, {
      token: admin.token,
      body: { status: 'returned', otp: returnCode },
    });

    // The rider's own view says ৳2,300 in hand.
    const riderCash = await api<{ holding: number }>('GET', '/ops/rider/cash', { token: riderToken });
    expect(riderCash.holding).toBe(2300);

    // At the hub the manager counts ৳2,250: ৳50 short, recorded as the rider's due.
    const desk = await signedInContext(browser, manager.token, { kind: 'staff', lang: 'en' });
    contexts.push(desk.context);
    await desk.page.goto(`${server.baseUrl}/ops/cash`);
    await desk.page.getByRole('button', { name: "Hand over Rubel Hossain's cash" }).click();
    const handover = desk.page.getByRole('dialog');
    await handover.getByLabel('Counted amount').fill('2250');
    await handover.getByRole('button', { name: 'Record hand-over' }).click();
    await expect
      .poll(() => bodyText(desk.page), { timeout: 10_000 })
      .toContain("short: recorded as the rider's due");
    await shots(desk.page, 'cash-handover', 'en', { closeToasts: false });
    const cash = await api<{
      riders: { riderId: string; holding: number; shortage: number }[];
      hubCash: number;
    }>('GET', `/ops/hubs/${hub}/cash`, { token: manager.token });
    expect(cash.riders.find((r) => r.riderId === rider.id)).toMatchObject({ holding: 0, shortage: 50 });

    // The next morning the payout job invoices the shop.
    await nextDayPayoutJob();
    const owner = await signedInContext(browser, merchant.token, {
      lang: 'en',
      viewport: { width: 360, height: 740 },
    });
    contexts.push(owner.context);
    const page = owner.page;
    await page.goto(`${server.baseUrl}/payments`);
    await expect.poll(() => bodyText(page), { timeout: 15_000 }).toContain('Payment processing');
    const invoices = await api<{ items: { id: string; number: string; netAmount: number }[] }>(
      'GET',
      `/shops/${merchant.shopId}/invoices`,
      { token: merchant.token },
    );
    expect(invoices.items).toHaveLength(1);
    const invoice = invoices.items[0] as { id: string; number: string; netAmount: number };
    const lines = await api<{
      items: {
        trackingId: string;
        netAmount: number;
        deliveryCharge: number;
        codCharge: number;
        returnCharge: number;
      }[];
    }>('GET', `/shops/${merchant.shopId}/invoices/${invoice.id}/parcels`, { token: merchant.token });
    const net = (trackingId: string) => lines.items.find((l) => l.trackingId === trackingId);
    const fullLine = net(full.trackingId);
    const partialLine = net(partial.trackingId);
    const returnedLine = net(refused.trackingId);
    // ৳1,500 less the delivery charge and 1% COD (৳15); ৳800 less the charge and ৳8; the return charge.
    expect(fullLine?.codCharge).toBe(15);
    expect(fullLine?.netAmount).toBe(1500 - (fullLine?.deliveryCharge ?? 0) - 15);
    expect(partialLine?.codCharge).toBe(8);
    expect(partialLine?.netAmount).toBe(800 - (partialLine?.deliveryCharge ?? 0) - 8);
    expect(returnedLine?.netAmount).toBe(-(returnedLine?.returnCharge ?? 0));
    expect(invoice.netAmount).toBe(
      (fullLine?.netAmount ?? 0) + (partialLine?.netAmount ?? 0) + (returnedLine?.netAmount ?? 0),
    );

    // The invoice on the phone, in both languages, and its CSV.
    await page
      .getByRole('link', { name: `View invoice ${invoice.number}` })
      .first()
      .click();
    await expect.poll(() => bodyText(page), { timeout: 15_000 }).toContain(full.trackingId);
    await shots(page, 'invoice', 'en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('logistics-invoice.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.trim().split('\n')).toHaveLength(4);
    expect(csv).toContain(partial.trackingId);
    const bn = await signedInContext(browser, merchant.token, {
      lang: 'bn',
      viewport: { width: 360, height: 740 },
    });
    contexts.push(bn.context);
    await bn.page.goto(page.url());
    await expect.poll(() => bodyText(bn.page), { timeout: 15_000 }).toContain('ইনভয়েস');
    await expect.poll(() => bodyText(bn.page)).toContain(full.trackingId);
    await shots(bn.page, 'invoice', 'bn');

    // Finance marks it bounced: the bKash account is closed.
    const finance = await signedInStaff(server, { role: 'finance', name: 'Nusrat Jahan' });
    const desk2 = await signedInContext(browser, finance.token, { kind: 'staff', lang: 'en' });
    contexts.push(desk2.context);
    await desk2.page.goto(`${server.baseUrl}/ops/payouts?tab=invoices`);
    await desk2.page.getByRole('button', { name: 'Mark bounced' }).first().click();
    const bounce = desk2.page.getByRole('dialog');
    await bounce.getByLabel('Why the payment bounced').fill('bKash wallet closed');
    await bounce.getByRole('button', { name: 'Mark bounced' }).click();
    await expect
      .poll(() => bodyText(desk2.page), { timeout: 10_000 })
      .toContain(`${invoice.number} marked bounced`);
    await shots(desk2.page, 'payouts-invoices', 'en');

    // The banner tells the owner why, and where to fix it.
    await page.goto(`${server.baseUrl}/payments`);
    await expect.poll(() => bodyText(page), { timeout: 15_000 }).toContain('Reason: bKash wallet closed');
    await shots(page, 'payments-bounced', 'en');
    await setBkash(merchant, '01811000222');
    await page.reload();
    await expect
      .poll(() => bodyText(page), { timeout: 15_000 })
      .toContain('The new details will be used in the next payment run');
    await closeToasts(page).catch(() => undefined);

    // The next day's run pays the money again, to the new number; finance marks it paid.
    await nextDayPayoutJob();
    // A console session lasts 12 hours: finance signs in again the next day.
    const financeNextDay = await signedInStaff(server, { role: 'finance', name: 'Nusrat Jahan' });
    const again = await api<{ items: { id: string; number: string; status: string; netAmount: number }[] }>(
      'GET',
      `/shops/${merchant.shopId}/invoices`,
      { token: merchant.token },
    );
    expect(again.items.map((i) => i.status).sort()).toEqual(['bounced', 'payment_processing']);
    const second = again.items.find((i) => i.status === 'payment_processing');
    expect(second?.netAmount).toBe(invoice.netAmount);
    const bkashFile = await fetch(
      `${server.baseUrl}/api/v1/ops/payout-runs/${(await api<{ items: { id: string }[] }>('GET', '/ops/payout-runs', { token: financeNextDay.token })).items[0]?.id}/bkash-file`,
      { headers: { authorization: `Bearer ${financeNextDay.token}` } },
    ).then((r) => r.text());
    expect(bkashFile).toContain('01811000222,');
    await api('POST', `/ops/invoices/${second?.id}/paid`, {
      token: financeNextDay.token,
      body: { reference: 'BK-7781' },
    });
    await page.reload();
    await expect.poll(() => bodyText(page), { timeout: 15_000 }).toContain('Paid');
    const summary = await api<{ paidAmount: number; processingAmount: number }>(
      'GET',
      `/shops/${merchant.shopId}/payments/summary`,
      { token: merchant.token },
    );
    expect(summary).toMatchObject({ paidAmount: invoice.netAmount, processingAmount: 0 });
    await shots(page, 'payments-paid', 'en');
    const books = await api<{ total: number }>('GET', '/ops/ledger/trial-balance', {
      token: financeNextDay.token,
    });
    expect(books.total).toBe(0);
  });
});
