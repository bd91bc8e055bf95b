import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  type Merchant,
  merchantWithPickup,
  shots,
  signedInContext,
  signedInStaff,
  snap,
} from './fixtures';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, startServer } from './helpers';

/**
 * The merchant's Track parcel screen (issue 5, item 7) and the proof-of-delivery photo on the
 * parcel page: a parcel goes all the way to the customer through the API (hub moves, a rider's
 * run, a photo proof from the rider), then the merchant tracks it in English and in Bengali.
 */
let server: RunningServer;
let browser: Browser;
let merchant: Merchant;
let delivered: { id: string; trackingId: string };
let foreign: { id: string; trackingId: string };
let photoBytes: Buffer;

const api = <T>(method: string, path: string, options: ApiInit = {}) =>
  apiRequest<T>(server.baseUrl, path, { ...options, method });

/** A real JPEG drawn by the browser: a green door with a parcel on the step, as a rider would shoot. */
async function doorstepPhoto(): Promise<Buffer> {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#d9c7a3';
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#2f6b4f';
    g.fillRect(220, 60, 200, 340);
    g.fillStyle = '#e0b84c';
    g.beginPath();
    g.arc(395, 240, 9, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#8a8a8a';
    g.fillRect(160, 400, 320, 80);
    g.fillStyle = '#b0793f';
    g.fillRect(270, 330, 110, 80);
    g.strokeStyle = '#6b4a22';
    g.lineWidth = 4;
    g.strokeRect(270, 330, 110, 80);
    g.fillStyle = '#ffffff';
    g.font = 'bold 22px sans-serif';
    g.fillText('House 5, Road 3', 24, 40);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  await page.close();
  return Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
  const riderPhone = freshPhone();
  const rider = await api<{ id: string }>('POST', '/ops/riders', {
    token: admin.token,
    body: { name: 'Rubel Mia', phone: riderPhone, hubId: 'hub-dhaka-gulshan' },
  });
  await api('POST', '/ops/auth/rider-login', { body: { phone: riderPhone } });
  const riderSession = await api<{ token: string }>('POST', '/ops/auth/verify', {
    body: { phone: riderPhone, code: await otpFromOutbox(server.baseUrl, riderPhone) },
  });

  merchant = await merchantWithPickup(server.baseUrl);
  delivered = await bookParcel(server.baseUrl, merchant, {
    customerName: 'Rahima Begum',
    customerAddress: 'House 5, Road 3, Gulshan 1',
    deliveryAreaId: 'dhaka-city--gulshan',
    invoiceId: 'INV-1001',
    cashCollectionAmount: 1250,
    sellingPrice: 1250,
  });
  const moves = (trackingId: string, statuses: string[]) =>
    statuses.reduce(
      (done, status) =>
        done.then(() =>
          api('POST', `/ops/parcels/${trackingId}/status`, { token: admin.token, body: { status } }),
        ),
      Promise.resolve() as Promise<unknown>,
    );
  await moves(delivered.trackingId, ['at_sorting', 'in_transit', 'at_delivery_hub']);
  const run = await api<{ results: { ok: boolean }[] }>('POST', '/ops/delivery-runs', {
    token: admin.token,
    body: { riderId: rider.id, trackingIds: [delivered.trackingId] },
  });
  expect(run.results).toEqual([{ trackingId: delivered.trackingId, ok: true }]);

  // The rider's phone uploads the photo, then closes the parcel with it.
  photoBytes = await doorstepPhoto();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photoBytes)], { type: 'image/jpeg' }), 'door.jpg');
  const upload = await fetch(`${server.baseUrl}/api/v1/rider/proofs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${riderSession.token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const { id: photoId } = (await upload.json()) as { id: string };
  await api('POST', `/rider/parcels/${delivered.trackingId}/deliver`, {
    token: riderSession.token,
    body: { photoId, amountCollected: 1250 },
  });

  // Another shop's parcel, picked up and sorted.
  const other = await merchantWithPickup(server.baseUrl, {
    merchantName: 'Kamal Hossain',
    shopName: 'Kamal Gadgets',
  });
  foreign = await bookParcel(server.baseUrl, other, {
    customerName: 'Secret Customer',
    customerPhone: '01912345678',
    invoiceId: 'KG-77',
  });
  await moves(foreign.trackingId, ['at_sorting']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types an ID into the Track parcel box (English labels) and presses Track. */
async function track(page: Page, id: string) {
  await page.getByLabel('Tracking ID or invoice ID').fill(id);
  await page.getByRole('button', { name: 'Track', exact: true }).click();
}

/** Whether the <img> has really been decoded (not a broken image). */
const decoded = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('the merchant tracks parcels', () => {
  it('in English: own parcel by tracking ID and invoice ID, another shop’s, unknown; the photo on the parcel page', async () => {
    const { context, page } = await signedInContext(browser, merchant.token, { lang: 'en' });
    // The photo's address as the page asked for it (it shows the bytes from a blob: URL, which the
    // CSP's connect-src rightly keeps page scripts from fetching again).
    const photoUrls: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/parcels/${delivered.id}/proof`) && response.status() === 200) {
        photoUrls.push(response.url());
      }
    });
    await page.goto(`${server.baseUrl}/parcels`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Track parcel' })
      .click();
    await page.waitForURL('**/track-parcel');
    await page.getByRole('heading', { level: 1, name: 'Track parcel' }).waitFor();

    // Nothing typed: said so, nothing asked of the server.
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.getByRole('alert').getByText('Enter a tracking ID or invoice ID').waitFor();

    // Pasted with spaces and in lower case, as from a chat message.
    await track(page, ` ${delivered.trackingId.toLowerCase()} `);
    const result = page.getByTestId('track-result');
    await result.waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(delivered.trackingId.toLowerCase());
    expect(await page.getByTestId('tracked-id').textContent()).toBe(delivered.trackingId);
    expect(await page.getByTestId('track-ownership').textContent()).toBe('Your shop’s parcel');
    await result.getByRole('heading', { name: 'Delivered' }).waitFor();
    expect(await page.getByTestId('track-customer').textContent()).toBe('Rahima Begum');
    await result.getByText('INV-1001').waitFor();
    await result.getByText('Gulshan, Dhaka').waitFor();
    await result.getByText('৳1,250').waitFor();
    const events = page.getByTestId('track-event');
    expect(await events.count()).toBe(6);
    expect(await events.first().locator('.track-timeline__message').textContent()).toBe('Delivered');
    expect(await events.first().textContent()).toContain('Gulshan Hub');
    expect(await events.last().locator('.track-timeline__message').textContent()).toBe(
      'Booked; waiting for pickup from the merchant',
    );
    await events.nth(1).getByText('Out for delivery with a rider').waitFor();
    // The time in Dhaka: the day and a 24-hour clock, whatever the browser's own zone.
    expect(await events.first().locator('time').textContent()).toMatch(
      /^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/,
    );
    // The delivery photo shows here too.
    await page.getByRole('button', { name: 'Open the delivery photo larger' }).waitFor();
    await expect.poll(() => decoded(page, '.proof-photo__thumb img')).toBe(true);
    await shots(page, 'track-parcel', 'en', { waitForLoad: true });

    // By the shop's own invoice ID.
    await track(page, 'INV-1001');
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBe('INV-1001');
    await expect
      .poll(() => page.getByTestId('tracked-id').textContent(), { timeout: 10_000 })
      .toBe(delivered.trackingId);

    // Another shop's parcel: public tracking only.
    await track(page, foreign.trackingId);
    await expect
      .poll(() => page.getByTestId('track-ownership').textContent(), { timeout: 10_000 })
      .toBe('Another shop’s parcel');
    await result.getByText('you see only what the public tracking page shows').waitFor();
    await result.getByRole('heading', { name: 'On the way' }).waitFor();
    await result.getByText('01912-****78').waitFor();
    expect(await page.getByTestId('track-customer').count()).toBe(0);
    expect(await page.getByText('Secret Customer').count()).toBe(0);
    expect(await page.getByText('KG-77').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open parcel details' }).count()).toBe(0);
    expect(await page.getByTestId('track-event').first().textContent()).toContain('Mirpur Hub');
    await snap(page, 'track-parcel-other-1280-en');

    // Another shop's invoice ID finds nothing, and says so plainly.
    await track(page, 'KG-77');
    await page
      .getByText('No parcel found for “KG-77”. Check the tracking ID or invoice ID and try again.')
      .waitFor();
    expect(await page.getByTestId('track-result').count()).toBe(0);
    await snap(page, 'track-parcel-not-found-1280-en');

    // Back to the delivered one, then its page: the photo, larger on a click.
    await track(page, delivered.trackingId);
    await page.getByRole('link', { name: 'Open parcel details' }).click();
    await page.waitForURL(`**/parcels/${delivered.id}`);
    const proof = page.getByRole('region', { name: 'Proof of delivery' });
    await proof.getByText('Photo taken by the rider at delivery').waitFor();
    await expect.poll(() => decoded(page, '.proof-photo__thumb img')).toBe(true);
    // The same bytes the rider sent, fetched with the session.
    await expect.poll(() => photoUrls.length).toBeGreaterThan(0);
    const photo = await page.request.get(photoUrls[0] as string, {
      headers: { authorization: `Bearer ${merchant.token}` },
    });
    expect((await photo.body()).equals(photoBytes)).toBe(true);
    await shots(page, 'parcel-proof', 'en', { waitForLoad: true, scrollTop: true });
    await proof.getByRole('button', { name: 'Open the delivery photo larger' }).click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    await expect.poll(() => decoded(page, '.ant-image-preview-img')).toBe(true);
    await snap(page, 'parcel-proof-open-1280-en');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // On a small laptop the bar keeps the links that fit; the rest are under "More".
    await page.setViewportSize({ width: 1024, height: 700 });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Track parcel' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await nav.getByRole('button', { name: 'More' }).click();
    await page.locator('#main-nav-more').getByRole('link', { name: 'Settings' }).waitFor();
    await snap(page, 'nav-more-1024-en');
    await page.locator('#main-nav-more').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await context.close();
  });

  it('in Bengali on a phone: prefilled from ?id=, Bengali steps and digits; the photo on the parcel page', async () => {
    const { context, page } = await signedInContext(browser, merchant.token, {
      lang: 'bn',
      viewport: { width: 360, height: 740 },
    });
    await page.goto(`${server.baseUrl}/track-parcel?id=${delivered.trackingId}`);
    await page.getByRole('heading', { level: 1, name: 'পার্সেল ট্র্যাক করুন' }).waitFor();
    expect(await page.getByLabel('ট্র্যাকিং আইডি বা ইনভয়েস আইডি').inputValue()).toBe(delivered.trackingId);
    const result = page.getByTestId('track-result');
    await result.getByRole('heading', { name: 'ডেলিভারি সম্পন্ন' }).waitFor();
    expect(await page.getByTestId('track-ownership').textContent()).toBe('আপনার শপের পার্সেল');
    await result.getByText('৳১,২৫০').waitFor();
    await result.getByText('গুলশান, ঢাকা').waitFor();
    const events = page.getByTestId('track-event');
    expect(await events.first().locator('.track-timeline__message').textContent()).toBe('ডেলিভারি সম্পন্ন');
    expect(await events.first().textContent()).toContain('গুলশান হাব');
    expect(await events.last().locator('.track-timeline__message').textContent()).toBe(
      'বুক করা হয়েছে; মার্চেন্টের কাছ থেকে পিকআপের অপেক্ষায়',
    );
    const time = await events.first().locator('time').textContent();
    expect(time).toMatch(/^[০-৯]{1,2} \S+ [০-৯]{4}, [০-৯]{2}:[০-৯]{2}$/);
    await expect.poll(() => decoded(page, '.proof-photo__thumb img')).toBe(true);
    await shots(page, 'track-parcel', 'bn', { waitForLoad: true, scrollTop: true });
    await page.setViewportSize({ width: 360, height: 740 });

    // The menu on a phone reaches the screen too.
    await page.getByRole('button', { name: 'মেনু' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'পার্সেল ট্র্যাক' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'পার্সেলের বিস্তারিত দেখুন' }).click();
    await page.waitForURL(`**/parcels/${delivered.id}`);
    await page.getByRole('region', { name: 'ডেলিভারির প্রমাণ' }).waitFor();
    await expect.poll(() => decoded(page, '.proof-photo__thumb img')).toBe(true);
    await shots(page, 'parcel-proof', 'bn', { waitForLoad: true, scrollTop: true });
    await context.close();
  });
});
