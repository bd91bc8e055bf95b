import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { merchantWithPickup, shots, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, shot, startServer } from './helpers';

/**
 * Issue 16, item 3: the booking form without antd stays usable by keyboard and by a screen reader.
 * On a 360 px phone in Bengali: submitting the empty form puts each field's message under it,
 * linked (aria-invalid, aria-describedby) and the focus on the first; the delivery area is picked
 * by typing, the arrow keys and Enter (Enter picks, it does not submit); axe finds nothing serious.
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

describe('the booking form by keyboard', () => {
  it('shows linked messages, picks an area with the keys and passes axe', async () => {
    const merchant = await merchantWithPickup(server.baseUrl);
    const { context, page } = await signedInContext(browser, merchant.token, {
      lang: 'bn',
      viewport: { width: 360, height: 740 },
    });
    await page.goto(`${server.baseUrl}/parcels/new`);
    const phone = page.getByLabel('কাস্টমারের ফোন নম্বর');
    await expect.poll(() => phone.isVisible(), { timeout: 20_000 }).toBe(true);
    await shots(page, 'book-parcel-empty', 'bn', { scrollTop: true });

    // Submit empty: every required field says so, linked to its input; the focus goes to the first.
    await page.getByRole('button', { name: 'পার্সেল বুক করুন' }).click();
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    const described = (await phone.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${described.split(' ')[0]}"]`).textContent();
    expect(message?.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('parcel_customerPhone');
    const area = page.getByRole('combobox', { name: 'ডেলিভারি এরিয়া' });
    expect(await area.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('ওজন').getAttribute('aria-invalid')).toBe('true');
    await shots(page, 'book-parcel-errors', 'bn', { scrollTop: true });
    const errorsFound = await seriousAxeViolations(page);
    expect(errorsFound.map((v) => `${v.id} ${v.html}`)).toEqual([]);

    // The area by keyboard: type, the list opens, ArrowDown then Enter picks; the form stays.
    await area.focus();
    await page.keyboard.type('Dhanmondi');
    await expect.poll(() => area.getAttribute('aria-expanded'), { timeout: 15_000 }).toBe('true');
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor({ timeout: 15_000 });
    const first = (await options.first().textContent()) ?? '';
    await shot(page, 'book-parcel-area-list-1280-bn');
    await page.keyboard.press('ArrowDown');
    expect(await area.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await page.keyboard.press('Enter');
    expect(await area.inputValue()).toBe(first);
    expect(await area.getAttribute('aria-expanded')).toBe('false');
    expect(await area.getAttribute('aria-invalid')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/parcels/new');
    // Escape while typing puts the chosen area back.
    await page.keyboard.type('Gul');
    await page.keyboard.press('Escape');
    expect(await area.inputValue()).toBe(first);

    // Bengali digits in the weight are read as grams (the hint converts them to kilograms).
    await page.getByLabel('ওজন').fill('১৫০০');
    await expect.poll(() => page.locator('#parcel_weightGrams_extra').textContent()).toBe('= ১.৫ কেজি');
    expect(await page.getByLabel('ওজন').getAttribute('aria-invalid')).toBeNull();
    const found = await seriousAxeViolations(page);
    expect(found.map((v) => `${v.id} ${v.html}`)).toEqual([]);
    await context.close();
  }, 120_000);
});
