import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithPickup, shots, signedInContext } from './fixtures';
import { launchBrowser, type RunningServer, startServer } from './helpers';

/**
 * Bengali letters and the taka sign never show as boxes, at any weight, on a device with no
 * Bengali font of its own (this machine: DejaVu only). Chromium tells which font drew each text
 * node (CSS.getPlatformFontsForNode): every element with Bengali in its own text must be drawn in
 * part by the web font, and text made only of Bengali letters and ৳ only by it. A system font
 * drawing them means boxes.
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

type Drawn = {
  text: string;
  /** Everything the element draws: its descendants' text and generated content too. */
  drawnText: string;
  weight: string;
  /** The computed font-family, to say which rule gave it. */
  family: string;
  fonts: { familyName: string; postScriptName?: string; isCustomFont: boolean; glyphCount: number }[];
};

const bengali = /[\u0980-\u09FF]/;

/**
 * Adds probes for every weight the UI could ask for (in the body's font, an antd button's and a
 * heading's) and for every monospace family (our tracking-id stack, a bare <code> as the blog's
 * markdown writes it, antd's code text where the page has antd's Typography), then asks Chromium
 * which fonts drew each element whose own text has Bengali in it.
 */
async function drawnFonts(page: Page, buttonClass = 'ant-btn ant-btn-primary'): Promise<Drawn[]> {
  await page.evaluate((buttonClassName) => {
    const probes = document.createElement('div');
    probes.id = 'font-probes';
    for (const weight of [300, 400, 500, 600, 700, 800, 900]) {
      const span = document.createElement('span');
      span.style.fontWeight = String(weight);
      span.textContent = 'ডাক ৳১,২৫০';
      probes.append(span);
    }
    const heading = document.createElement('h2');
    heading.textContent = 'পেমেন্ট ৳';
    const button = document.createElement('button');
    button.className = buttonClassName;
    button.textContent = 'সংরক্ষণ ৳';
    probes.append(heading, button);
    // Monospace: a tracking ID's stack (merchant.css, track.css), the user agent's <code>.
    const mono = document.createElement('span');
    mono.className = 'tracking-id';
    mono.textContent = 'আইডি ১২৩৪';
    const code = document.createElement('code');
    code.textContent = 'কোড ৳৫০';
    probes.append(mono, code);
    // antd's <Typography.Text code>: its scoped class copied from the page's own Typography.
    const typography = document.querySelector('.ant-typography');
    if (typography) {
      const text = document.createElement('span');
      text.className = typography.className;
      const antdCode = document.createElement('code');
      antdCode.textContent = 'কোড ১২';
      text.append(antdCode);
      probes.append(text);
    }
    document.body.append(probes);
  }, buttonClass);
  await page.evaluate(() => document.fonts.ready);
  const marked = await page.evaluate((pattern) => {
    const re = new RegExp(pattern);
    let n = 0;
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const own = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('');
      if (re.test(own) && (element as HTMLElement).offsetParent !== null) {
        element.setAttribute('data-font-check', String(n++));
      }
    }
    return n;
  }, bengali.source);
  expect(marked).toBeGreaterThan(0);
  // Let the fonts the probes asked for arrive before asking which were used.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-font-check]',
  });
  const markOf = async (nodeId: number) => {
    const { attributes } = await cdp.send('DOM.getAttributes', { nodeId });
    return attributes[attributes.indexOf('data-font-check') + 1];
  };
  const drawn: Drawn[] = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const { text, weight, family, drawnText } = await page.evaluate(
      (i) => {
        const element = document.querySelector(`[data-font-check="${i}"]`) as HTMLElement;
        const own = Array.from(element.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('');
        // All it draws: its descendants' text too (Chromium counts their glyphs with its own),
        // ::before and ::after (antd's hidden label colon), the spaces at the ends.
        const generated = ['::before', '::after']
          .map((pseudo) => getComputedStyle(element, pseudo))
          .filter((style) => style.display !== 'none' && /^".*"$/.test(style.content))
          .map((style) => style.content.slice(1, -1))
          .join('');
        return {
          text: own.replace(/\s+/g, ' ').trim(),
          drawnText: generated + (element.textContent ?? '').replace(/\s+/g, ' '),
          weight: getComputedStyle(element).fontWeight,
          family: getComputedStyle(element).fontFamily,
        };
      },
      await markOf(nodeId),
    );
    drawn.push({ text, drawnText, weight, family, fonts });
  }
  await cdp.detach();
  return drawn;
}

/**
 * The elements whose Bengali a system font drew (boxes here), with what drew them: no web font at
 * all, or a system font drawing more glyphs than the text has non-Bengali characters (spaces,
 * Latin letters, digits), each Bengali letter or ৳ it drew being one more (a box).
 */
function boxed(drawn: Drawn[]) {
  return drawn
    .filter(({ fonts }) => fonts.length > 0)
    .filter(({ drawnText, fonts }) => {
      const other = [...drawnText].filter((c) => !bengali.test(c)).length;
      const bySystem = fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
      return !fonts.some((font) => font.isCustomFont) || bySystem > other;
    })
    .map(
      ({ text, weight, family, fonts }) =>
        `${weight} "${text}" in ${family}: drawn by ${fonts.map((f) => `${f.familyName} (${f.glyphCount})`).join(', ')}`,
    );
}

describe('Bengali and the taka sign on a device without a Bengali font', () => {
  it.each(['bn', 'en'] as const)(
    'draws the brand, headings, buttons and bold money in the web font (%s)',
    async (lang) => {
      const merchant = await merchantWithPickup(server.baseUrl);
      const { context, page } = await signedInContext(browser, merchant.token, { lang });
      await page.goto(`${server.baseUrl}/payments`);
      await page.getByTestId('summary-paid').waitFor({ timeout: 20_000 });
      await page.evaluate(() => document.fonts.ready);
      const brand = page.locator('.top-nav__brand span');
      if (lang === 'bn') await expect.poll(() => brand.textContent()).toBe('ডাক');
      await shots(page, 'bengali-font-payments', lang);

      const drawn = await drawnFonts(page);
      // The bold values of the cards (৳0 / ৳০) and, in Bengali, the 700 brand are among those checked.
      expect(drawn.some((d) => d.text.startsWith('৳') && d.weight === '600')).toBe(true);
      // The monospace probes were checked: our stack, the bare <code>, antd's code.
      expect(drawn.filter((d) => /monospace/.test(d.family)).map((d) => d.text)).toEqual(
        expect.arrayContaining(['আইডি ১২৩৪', 'কোড ৳৫০', 'কোড ১২']),
      );
      if (lang === 'bn') expect(drawn.some((d) => d.text === 'ডাক' && d.weight === '700')).toBe(true);
      expect(boxed(drawn)).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it('draws the first screen, sign-in then dashboard, in the web font at its own weights (bn)', async () => {
    const merchant = await merchantWithPickup(server.baseUrl, { password: 'Boutique-2026' });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('dak.lang')) window.localStorage.setItem('dak.lang', 'bn');
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-password').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await shots(page, 'bengali-font-login', 'bn');
    // The sign-in page's heading (h1) and its buttons, and the brand, before any probe.
    const login = await drawnFonts(page);
    expect(login.some((d) => d.text === 'লগ ইন' && Number(d.weight) >= 600)).toBe(true);
    expect(boxed(login)).toEqual([]);

    await page.locator('input[autocomplete="tel"]').fill(merchant.phone);
    await page.getByTestId('login-password').fill('Boutique-2026');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByTestId('dashboard-range').waitFor({ timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);
    await shots(page, 'bengali-font-dashboard', 'bn');
    const dashboard = await drawnFonts(page);
    expect(boxed(dashboard)).toEqual([]);
    // Each weight in its own face: the brand (700) in the bold file, buttons (600) in the
    // semibold one, not one file standing in for both.
    const faceOf = (d: Drawn) =>
      d.fonts.filter((f) => f.isCustomFont).map((f) => f.postScriptName ?? f.familyName);
    const brand = dashboard.find((d) => d.text === 'ডাক' && d.weight === '700');
    const button = dashboard.find((d) => d.family.includes('Dak Bengali') && d.weight === '600');
    expect(brand && faceOf(brand)).toEqual([expect.stringMatching(/-Bold$/)]);
    expect(button && faceOf(button)).toEqual([expect.stringMatching(/-SemiBold$/)]);
    await context.close();
  }, 120_000);

  it('draws the public site in the web font (bn)', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/bn`);
    await page.waitForLoadState('networkidle');
    const drawn = await drawnFonts(page, 'btn btn--primary');
    expect(drawn.some((d) => Number(d.weight) >= 600)).toBe(true);
    // The logo (700), a heading, the button, and the markdown's <code> in a monospace family.
    expect(drawn.some((d) => d.text === 'ডাক' && d.weight === '700')).toBe(true);
    expect(drawn.some((d) => d.text === 'কোড ৳৫০' && /monospace/.test(d.family))).toBe(true);
    expect(boxed(drawn)).toEqual([]);
    await context.close();
  }, 60_000);
});
