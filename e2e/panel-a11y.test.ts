import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe';
import { watchCsp } from './csp';
import {
  apiRequest,
  bookParcel,
  type Lang,
  type Merchant,
  merchantWithPickup,
  signedInContext,
  signedInStaff,
} from './fixtures';
import { freshPhone, launchBrowser, otpFromOutbox, type RunningServer, shot, startServer } from './helpers';

/**
 * Every route of the merchant panel, the console and the rider's view, as each is meant to be
 * seen (an owner with a shop, an admin, a rider), at 360 and 1280 px in English and Bengali:
 * axe finds no serious or critical violation, and the tab carries the page's own name.
 */

let server: RunningServer;
let browser: Browser;
let csp: { violations: string[] };
let owner: Merchant;
let parcelId = '';
let adminToken = '';
let riderToken = '';

type Route = { path: () => string; title: { en: string; bn: string } };
const route = (path: string | (() => string), en: string, bn: string): Route => ({
  path: typeof path === 'string' ? () => path : path,
  title: { en: `${en} — Dak`, bn: `${bn} — ডাক` },
});

const signedOut: Route[] = [
  route('/login', 'Log in', 'লগ ইন'),
  route('/register', 'Create account', 'অ্যাকাউন্ট খুলুন'),
  route('/reset-password', 'Reset password', 'পাসওয়ার্ড রিসেট'),
  route('/ops/login', 'Staff sign-in', 'স্টাফ লগ ইন'),
  route('/rider/login', 'Rider sign-in', 'রাইডার লগ ইন'),
  route('/503', 'Service unavailable', 'সার্ভিস পাওয়া যাচ্ছে না'),
];

const merchant: Route[] = [
  route('/dashboard', 'Dashboard', 'ড্যাশবোর্ড'),
  route('/shops', 'My shops', 'আমার শপ'),
  route('/shops/new', 'New shop', 'নতুন শপ'),
  route(() => `/shops/${owner.shopId}/settings`, 'Shop settings', 'শপ সেটিংস'),
  route(() => `/shops/${owner.shopId}/pickup-locations`, 'Pickup locations', 'পিকআপ লোকেশন'),
  route(() => `/shops/${owner.shopId}/team`, 'Team', 'টিম'),
  route('/developer-apis', 'Developer APIs', 'ডেভেলপার API'),
  route('/developer-apis?tab=webhooks', 'Developer APIs', 'ডেভেলপার API'),
  route('/developer-apis?tab=switching', 'Developer APIs', 'ডেভেলপার API'),
  route('/parcels', 'Parcels', 'পার্সেল'),
  route('/parcels/new', 'Book a parcel', 'পার্সেল বুক করুন'),
  route('/parcels/bulk', 'Bulk upload', 'বাল্ক আপলোড'),
  route(() => `/parcels/${parcelId}`, 'Parcel', 'পার্সেল'),
  route('/returned-parcels', 'Returned parcels', 'রিটার্ন পার্সেল'),
  route('/track-parcel', 'Track parcel', 'পার্সেল ট্র্যাক'),
  route('/call-logs', 'Call logs', 'কল লগ'),
  route('/customers', 'Customers', 'কাস্টমার'),
  route('/payments', 'Payments', 'পেমেন্ট'),
  route('/transactions', 'Transactions', 'লেনদেন'),
  route('/settings', 'Settings', 'সেটিংস'),
  route('/nid', 'NID verification', 'এনআইডি যাচাই'),
];

const consoleRoutes: Route[] = [
  route('/ops', 'Overview', 'সারসংক্ষেপ'),
  route('/ops/shops', 'Shops', 'শপ'),
  route(() => `/ops/shops/${owner.shopId}`, 'Shop', 'শপ'),
  route('/ops/nid', 'NID review', 'এনআইডি যাচাই'),
  route('/ops/banks', 'Bank branches', 'ব্যাংক শাখা'),
  route('/ops/terms', 'Terms and conditions', 'শর্তাবলী'),
  route('/ops/flags', 'Feature flags', 'ফিচার ফ্ল্যাগ'),
  route('/ops/sms', 'SMS outbox', 'এসএমএস আউটবক্স'),
  route('/ops/content', 'Site content', 'সাইটের কনটেন্ট'),
  route('/ops/banners', "Banners and what's new", 'ব্যানার ও নতুন কী'),
  route('/ops/leads', 'Enterprise leads', 'এন্টারপ্রাইজ লিড'),
  route('/ops/hubs', 'Hubs', 'হাব'),
  route('/ops/riders', 'Riders', 'রাইডার'),
  route('/ops/pickups', 'Pickups', 'পিকআপ'),
  route('/ops/hub-scan', 'Hub work', 'হাবের কাজ'),
  route('/ops/runs', 'Delivery runs', 'ডেলিভারি রান'),
  route('/ops/returns', 'Return approvals', 'রিটার্ন অনুমোদন'),
  route('/ops/parcel-status', 'Parcel status', 'পার্সেল স্ট্যাটাস'),
  route('/ops/cash', 'Cash desk', 'ক্যাশ ডেস্ক'),
  route('/ops/payouts', 'Payouts', 'পেমেন্ট'),
];

const rider: Route[] = [
  route('/rider/run', 'Deliveries', 'ডেলিভারি'),
  route('/rider/pickups', 'Pickups', 'পিকআপ'),
];

/**
 * Findings not fixed yet, each named and reviewed: the rule, where (a route, or an element every
 * route shares) and why it stays for now. Every other serious or critical violation fails the test.
 */
const knownExceptions: { rule: string; path?: string; html?: RegExp; reason: string }[] = [
  {
    rule: 'color-contrast',
    html: /class="ant-tag ant-tag-filled ant-tag-(green|gold)\b/,
    reason:
      "antd's coloured tags (status, role, Active) write in the palette's 7th shade on its pale fill, " +
      'under 4.5:1; a CSS rule with the 9th shade did not take (antd sets the colour its own way): to do',
  },
  {
    rule: 'aria-required-children',
    path: '/parcels',
    reason: "antd's Tabs (the status filter) puts its overflow menu button inside role=tablist",
  },
  {
    rule: 'aria-required-children',
    path: '/ops/payouts',
    reason: "antd's Tabs, as on /parcels: the overflow menu button inside role=tablist",
  },
  {
    rule: 'aria-required-children',
    path: '/developer-apis',
    reason:
      "antd's Tabs, as on /parcels: at 360 px the three tabs overflow into the menu button inside role=tablist",
  },
  {
    rule: 'scrollable-region-focusable',
    path: '/ops/pickups',
    reason: "antd's Table scrolls sideways with no focusable cell while empty (no parcel waits)",
  },
];

const excepted = (rule: string, path: string, html: string) =>
  knownExceptions.some(
    (e) => e.rule === rule && (!e.path || e.path === path.split('?')[0]) && (!e.html || e.html.test(html)),
  );

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  csp = watchCsp(browser);
  owner = await merchantWithPickup(server.baseUrl, { shopName: 'Nasrin Fashion' });
  parcelId = (
    await bookParcel(server.baseUrl, owner, {
      customerName: 'Sadia Islam',
      customerPhone: '01912345678',
      customerAddress: 'House 4, Road 2, Zindabazar',
      deliveryAreaId: 'sylhet--sylhet-sadar',
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 1200,
    })
  ).id;
  const admin = await signedInStaff(server, { role: 'admin', name: 'Sadia Rahman' });
  adminToken = admin.token;
  const riderPhone = freshPhone();
  await apiRequest(server.baseUrl, '/ops/riders', {
    method: 'POST',
    token: adminToken,
    body: { name: 'Rubel Mia', phone: riderPhone, hubId: 'hub-dhaka-gulshan' },
  });
  await apiRequest(server.baseUrl, '/ops/auth/rider-login', { method: 'POST', body: { phone: riderPhone } });
  const code = await otpFromOutbox(server.baseUrl, riderPhone);
  riderToken = (
    await apiRequest<{ token: string }>(server.baseUrl, '/ops/auth/verify', {
      method: 'POST',
      body: { phone: riderPhone, code },
    })
  ).token;
}, 180_000);
// No page may need what the Content-Security-Policy forbids.
afterEach(() => {
  expect(csp.violations).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const busy = '.ant-spin-spinning, .ant-skeleton, .light-skeleton, .page-loading';

/** Visits each route in one context: waits until it has settled, checks the title, runs axe, screenshots. */
async function audit(context: BrowserContext, routes: Route[], audience: string, width: number, lang: Lang) {
  const page = await context.newPage();
  const findings: string[] = [];
  for (const item of routes) {
    const path = item.path();
    await page.goto(`${server.baseUrl}${path}`);
    // Not 'networkidle': a merchant's page keeps the notification stream open, so it never idles.
    await page.waitForLoadState('load');
    // The app renders once the page's language is in, and its frame's and page's chunks (lazy).
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    await page.waitForFunction((s) => !document.querySelector(s), busy);
    // A button enabled as its data arrives fades in for 0.2 s; axe must not judge it half-way.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    // A tab in the query (?tab=…) is part of the route; other pages may add their own query.
    expect(new URL(page.url()).pathname, 'stayed on the route').toBe(path.split('?')[0]);
    await expect.poll(() => page.title(), { message: path, timeout: 5_000 }).toBe(item.title[lang]);
    for (const violation of await seriousAxeViolations(page)) {
      if (excepted(violation.id, path, violation.html)) continue;
      findings.push(`${path}: ${violation.id} ${violation.html}`);
    }
    const name = path
      .replace(/^\//, '')
      .replace(/[/:?=]/g, '-')
      .replace(/[0-9a-f-]{36}/, 'id');
    await shot(page, `a11y-${audience}-${name}-${width}-${lang}`);
  }
  await context.close();
  expect(findings).toEqual([]);
}

const viewport = (width: number) => ({ width, height: 800 });

/** The language is the visitor's choice (the rider's view otherwise switches to Bengali the first time). */
function chosenLanguage(lang: Lang) {
  window.localStorage.setItem('dak.lang', lang);
  window.localStorage.setItem('dak.riderLangChosen', 'chosen');
}

describe('every panel route: axe (serious, critical) and its own title', () => {
  for (const width of [360, 1280]) {
    for (const lang of ['en', 'bn'] as const) {
      it(`signed out, ${width} px, ${lang}`, async () => {
        const context = await browser.newContext({ viewport: viewport(width) });
        await context.addInitScript(chosenLanguage, lang);
        await audit(context, signedOut, 'public', width, lang);
      });
      it(`an owner with a shop, ${width} px, ${lang}`, async () => {
        const { context } = await signedInContext(browser, owner.token, { lang, viewport: viewport(width) });
        await audit(context, merchant, 'merchant', width, lang);
      }, 240_000);
      it(`an admin in the console, ${width} px, ${lang}`, async () => {
        const { context } = await signedInContext(browser, adminToken, {
          kind: 'staff',
          lang,
          viewport: viewport(width),
        });
        await audit(context, consoleRoutes, 'console', width, lang);
      }, 240_000);
      it(`a rider, ${width} px, ${lang}`, async () => {
        const { context } = await signedInContext(browser, riderToken, {
          kind: 'staff',
          lang,
          viewport: viewport(width),
        });
        await context.addInitScript(chosenLanguage, lang);
        await audit(context, rider, 'rider', width, lang);
      });
    }
  }
});
