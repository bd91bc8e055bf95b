import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers';

/**
 * The journeys' browser asks for reduced motion in every context, so antd's dialogs open without
 * their zoom: a click on a dialog's button mid-zoom can land on the mask, which closes the dialog
 * (CI failed so on the add-member code step). Chromium's own switch for it does nothing headless.
 */
describe('the test browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const reduced = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  it('asks for reduced motion in a new context and in a new page', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    expect(await (await context.newPage()).evaluate(reduced)).toBe(true);
    await context.close();
    const page = await browser.newPage();
    expect(await page.evaluate(reduced)).toBe(true);
    await page.close();
  });

  it('keeps a context that asks for motion on purpose', async () => {
    const context = await browser.newContext({ reducedMotion: 'no-preference' });
    expect(await (await context.newPage()).evaluate(reduced)).toBe(false);
    await context.close();
  });
});
