import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import {
  type ApiInit,
  apiRequest,
  bookParcel,
  type Lang,
  merchantWithPickup,
  shots,
  signedInContext,
  signedInStaff,
  snap,
} from './fixtures';
import { freshPhone, launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Issue 14, item 5: the console's home shows a hub manager the work waiting at their hubs (Mirpur
 * picks up, Gulshan delivers), each figure a link to the screen that acts on it with the hub
 * chosen; a parcel that arrives while the page is open shows when the tab gets focus again.
 */

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

const gulshan = 'hub-dhaka-gulshan';
const mirpur = 'hub-dhaka-mirpur';

/** The shell's role tag: panel-a11y's reviewed exception (antd's tag colours), not this page's. */
const antdTag = /class="ant-tag ant-tag-filled ant-tag-(green|gold)\b/;

const figure = (page: Page, name: string, hub: string) => page.getByTestId(`figure-${name}-${hub}`);

describe('the operations overview', () => {
  it('shows each hub’s waiting work, refreshes it, and leads to the screen that acts on it', {
    timeout: 240_000,
  }, async () => {
    const admin = await signedInStaff(server, { role: 'admin', name: 'Farhana Haque' });
    const manager = await signedInStaff(server, { role: 'hub_manager', name: 'Mizanur Rahman' });
    await api('PUT', `/ops/staff/${manager.id}/hubs`, {
      token: admin.token,
      body: { hubIds: [gulshan, mirpur] },
    });
    const merchant = await merchantWithPickup(server.baseUrl);
    const move = async (trackingId: string, steps: (string | Record<string, unknown>)[]) => {
      for (const step of steps) {
        const body = typeof step === 'string' ? { status: step } : step;
        await api('POST', `/ops/parcels/${trackingId}/status`, { token: admin.token, body });
      }
    };
    const toGulshan = () =>
      bookParcel(server.baseUrl, merchant, {
        customerAddress: 'House 5, Road 3, Gulshan 1',
        deliveryAreaId: 'dhaka-city--gulshan',
      });
    const arrive = ['at_sorting', 'in_transit', 'at_delivery_hub'];
    // Gulshan: two waiting for a run, one on a run, one failed the merchant has not decided on.
    for (let i = 0; i < 2; i++) await move((await toGulshan()).trackingId, arrive);
    const onRun = await toGulshan();
    await move(onRun.trackingId, arrive);
    const failed = await toGulshan();
    await move(failed.trackingId, [
      ...arrive,
      'out_for_delivery',
      { status: 'delivery_attempted', reason: 'customer_unreachable' },
    ]);
    const riderPhone = freshPhone();
    const rider = await api<{ id: string }>('POST', '/ops/riders', {
      token: admin.token,
      body: { name: 'Rubel Mia', phone: riderPhone, hubId: gulshan },
    });
    await api('POST', '/ops/delivery-runs', {
      token: manager.token,
      body: { riderId: rider.id, trackingIds: [onRun.trackingId] },
    });
    // Mirpur: one scanned in to sort, one still to pick up with no rider.
    await move((await toGulshan()).trackingId, ['at_sorting']);
    await toGulshan();

    const { context, page } = await signedInContext(browser, manager.token, { kind: 'staff', lang: 'en' });
    await page.goto(`${server.baseUrl}/ops`);
    const toDeliver = figure(page, 'toDeliver', gulshan);
    await expect.poll(() => toDeliver.textContent()).toBe('At the hub, for a run2');
    expect(await figure(page, 'runsToday', gulshan).textContent()).toBe('1 delivery run out0/1 done');
    expect(await figure(page, 'failedAwaitingMerchant', gulshan).textContent()).toContain('1');
    expect(await figure(page, 'toSort', mirpur).textContent()).toBe('At sorting, to bag1');
    expect(await figure(page, 'pickupsUnassigned', mirpur).textContent()).toBe(
      'Pickups with no rider (1 parcel)1',
    );

    // A parcel arrives at Gulshan while the page is open: back on the tab, the figure follows.
    await move((await toGulshan()).trackingId, arrive);
    await page.evaluate(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await expect.poll(() => toDeliver.textContent(), { timeout: 10_000 }).toBe('At the hub, for a run3');

    const axeFound: string[] = [];
    for (const lang of ['en', 'bn'] as Lang[]) {
      const view = await signedInContext(browser, manager.token, { kind: 'staff', lang });
      await view.page.goto(`${server.baseUrl}/ops`);
      const figures = figure(view.page, 'toDeliver', gulshan);
      await expect
        .poll(() => figures.textContent())
        .toBe(lang === 'bn' ? 'হাবে, রানের অপেক্ষায়৩' : 'At the hub, for a run3');
      for (const width of [360, 1280]) {
        await view.page.setViewportSize({ width, height: 800 });
        axeFound.push(
          ...(await seriousAxeViolations(view.page))
            .filter((v) => !(v.id === 'color-contrast' && antdTag.test(v.html)))
            .map((v) => `${lang} ${width} ${v.id} ${v.html}`),
        );
      }
      await shots(view.page, 'ops-overview', lang, { waitForLoad: true });
      await view.context.close();
    }
    expect(axeFound).toEqual([]);

    // An admin sees every hub: cards where work waits, the quiet ones counted.
    const desk = await signedInContext(browser, admin.token, { kind: 'staff', lang: 'en' });
    await desk.page.goto(`${server.baseUrl}/ops`);
    await figure(desk.page, 'toDeliver', gulshan).waitFor();
    await desk.page.getByText(/^Nothing is waiting at \d+ other hubs\.$/).waitFor();
    await snap(desk.page, 'ops-overview-admin-1280-en');
    await desk.context.close();

    // The figure leads to the runs screen with the hub chosen, where the parcels wait.
    await figure(page, 'toDeliver', gulshan).click();
    await page.waitForURL(`**/ops/runs?hub=${gulshan}`);
    await page.locator('#ops-run-hub').locator('..').getByText('Gulshan', { exact: false }).first().waitFor();
    await page.getByText(onRun.trackingId).or(page.getByText('Rubel Mia')).first().waitFor();
    await page.goBack();
    await figure(page, 'pickupsUnassigned', mirpur).click();
    await page.waitForURL(`**/ops/pickups?hub=${mirpur}`);
    await page.getByRole('cell', { name: /Mirpur warehouse/ }).waitFor();
    await context.close();
  });
});
