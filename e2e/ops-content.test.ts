import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInit, apiRequest, signedInContext, signedInStaff, snap } from './fixtures';
import { launchBrowser, type RunningServer, screenshotDir, startServer } from './helpers';
import { bandedPng } from './png';

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

/** A 640 × 360 PNG cover: a green band over a pale field, so the screenshot shows a picture. */
function coverPng(): Buffer {
  return bandedPng({
    width: 640,
    height: 360,
    band: [120, 240],
    field: [232, 241, 236],
    bandColour: (x) => [0, 106 + Math.round((x / 640) * 60), 78],
  });
}

const bodyText = async (page: Page) => (await page.textContent('body')) ?? '';

/**
 * Chooses an option of an antd select by its label. A click during the list's opening animation
 * is ignored by antd, so it waits for the list to settle and checks the choice took.
 */
async function pick(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  const shown = page.locator('.ant-select', { has: input }).locator('.ant-select-content');
  for (let attempt = 0; attempt < 3; attempt++) {
    await input.click();
    const item = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first();
    await item.waitFor();
    await page.waitForTimeout(300);
    await item.click();
    if ((await shown.getAttribute('title')) === option) return;
  }
  throw new Error(`could not choose ${option} in ${label}`);
}

/** A dialog as the viewport shows it (a full-page picture of a modal misplaces the page). */
async function snapView(page: Page, name: string) {
  await page.waitForTimeout(400);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

describe('the content and leads rooms', () => {
  it('a staff member writes a FAQ entry and a blog post, and moves a lead to contacted', {
    timeout: 180_000,
  }, async () => {
    const lead = await api<{ id: string }>('POST', '/public/enterprise-leads', {
      body: {
        name: 'Karim Ahmed',
        email: 'karim@agrofresh.example',
        phone: '01712345678',
        company: 'Agro Fresh Ltd.',
        requirement: 'Two 14 ft covered vans from Savar to Chattogram every week, starting next month.',
      },
    });
    const token = (await signedInStaff(server, { role: 'admin', name: 'Sadia Rahman' })).token;
    const { context, page } = await signedInContext(browser, token, {
      kind: 'staff',
      viewport: { width: 1280, height: 900 },
      lang: 'en',
    });

    // FAQ: the seeded entries, then a new one, published.
    await page.goto(`${server.baseUrl}/ops/content`);
    await expect
      .poll(() => bodyText(page), { timeout: 15_000 })
      .toContain('When will my parcel be picked up?');
    await snap(page, 'ops-content-faq-1280-en');
    await page.getByRole('button', { name: 'New FAQ entry' }).click();
    const faq = page.getByRole('dialog');
    await faq.getByLabel('Question (English)').fill('Do you deliver on Fridays?');
    await faq.getByLabel('Question (Bengali)').fill('শুক্রবারে কি ডেলিভারি হয়?');
    await faq.getByLabel('Answer (English)').fill('Inside **Dhaka city**, yes. <script>alert(1)</script>');
    await faq.getByLabel('Answer (Bengali)').fill('ঢাকা শহরে হ্যাঁ; অন্যত্র শনিবার থেকে।');
    await faq.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => faq.textContent()).toContain('Choose a category');
    await pick(page, 'Category', 'Delivery');
    await faq.getByLabel('Order').fill('5');
    await pick(page, 'Status', 'Published');
    await snapView(page, 'ops-content-faq-dialog-1280-en');
    await faq.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => faq.isVisible(), { timeout: 10_000 }).toBe(false);
    const publicFaq = await api<{ items: { questionEn: string; answerEn: string }[] }>('GET', '/public/faq');
    expect(publicFaq.items[0]).toMatchObject({ questionEn: 'Do you deliver on Fridays?' });
    // The answer opens as safe markdown: bold is bold, the script tag is text.
    await page
      .getByRole('row', { name: /Do you deliver on Fridays/ })
      .getByRole('button', { name: /expand/i })
      .click();
    await expect
      .poll(() => page.locator('.content-markdown strong', { hasText: 'Dhaka city' }).count())
      .toBe(1);
    expect(await page.locator('.content-markdown script').count()).toBe(0);
    expect(await bodyText(page)).toContain('<script>alert(1)</script>');

    // Blog: a new post with a cover image, published.
    await page.getByRole('tab', { name: 'Blog' }).click();
    await expect.poll(() => bodyText(page)).toContain('Five ways to pack parcels that arrive safe');
    await snap(page, 'ops-content-blog-1280-en');
    await page.getByRole('button', { name: 'New post' }).click();
    const post = page.getByRole('dialog');
    await post.getByLabel('Title (English)').fill('Eid delivery schedule');
    await post.getByLabel('Title (Bengali)').fill('ঈদের ডেলিভারি সময়সূচি');
    await post.getByLabel('Web address (slug)').fill('Eid Schedule');
    await post.getByLabel('Excerpt (English)').fill('Last pickup dates before Eid, district by district.');
    await post.getByLabel('Excerpt (Bengali)').fill('ঈদের আগে শেষ পিকআপের তারিখ, জেলা অনুযায়ী।');
    await post
      .getByLabel('Text (English)')
      .fill('## Last pickups\n\nBook by **the 25th** for delivery before Eid.');
    await post.getByLabel('Text (Bengali)').fill('## শেষ পিকআপ\n\n**২৫ তারিখের** মধ্যে বুক করুন।');
    await post
      .locator('input[type=file]')
      .setInputFiles({ name: 'eid.png', mimeType: 'image/png', buffer: coverPng() });
    await expect
      .poll(
        async () =>
          (await post
            .locator('img.content-cover__image')
            .evaluate((img: HTMLImageElement) => img.naturalWidth)
            .catch(() => 0)) > 0,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await post.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => post.textContent())
      .toContain('Slug may contain lower-case letters, digits and single hyphens only');
    await post.getByLabel('Web address (slug)').fill('eid-delivery-schedule');
    await pick(page, 'Status', 'Published');
    await post.getByRole('tab', { name: 'Preview' }).first().click();
    await expect
      .poll(() => post.locator('.content-markdown h2', { hasText: 'Last pickups' }).count())
      .toBe(1);
    await snapView(page, 'ops-content-blog-dialog-1280-en');
    await post.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => post.isVisible(), { timeout: 10_000 }).toBe(false);
    const published = await api<{ titleEn: string; coverImageUrl: string | null }>(
      'GET',
      '/public/blog/eid-delivery-schedule',
    );
    expect(published.titleEn).toBe('Eid delivery schedule');
    expect(published.coverImageUrl).toMatch(/^\/api\/v1\/public\/media\//);
    const cover = await fetch(`${server.baseUrl}${published.coverImageUrl}`);
    expect(cover.headers.get('content-type')).toBe('image/png');

    await page.getByRole('tab', { name: 'Booths' }).click();
    await expect.poll(() => bodyText(page)).toContain('Dak Booth Agrabad');
    await snap(page, 'ops-content-booths-1280-en');
    // A booth's hours change, and the public list says so.
    await page.getByRole('button', { name: 'Edit Dak Booth Agrabad' }).click();
    const booth = page.getByRole('dialog');
    await expect.poll(() => booth.getByLabel('Area').isVisible()).toBe(true);
    await snapView(page, 'ops-content-booth-dialog-1280-en');
    await booth.getByLabel('Opening hours (English)').fill('Every day, 8 am to 10 pm');
    await booth.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => booth.isVisible(), { timeout: 10_000 }).toBe(false);
    const agrabad = await api<{ items: { name: string; hours: string; phone: string }[] }>(
      'GET',
      '/public/booths?areaId=chattogram-city--agrabad',
    );
    expect(agrabad.items[0]).toMatchObject({
      name: 'Dak Booth Agrabad',
      hours: 'Every day, 8 am to 10 pm',
      phone: '8801811000201',
    });
    await page.getByRole('tab', { name: 'Trucks' }).click();
    await expect.poll(() => bodyText(page)).toContain('23 ft lorry');
    await snap(page, 'ops-content-trucks-1280-en');

    // Leads: the new enquiry, moved to contacted with a note.
    await page.goto(`${server.baseUrl}/ops/leads`);
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Agro Fresh Ltd.');
    await snap(page, 'ops-leads-1280-en');
    await page.getByRole('button', { name: 'Update the lead of Agro Fresh Ltd.' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Note is required');
    await dialog.getByLabel('Note').fill('Called Karim; sending a quote for 8 trips a month.');
    await snapView(page, 'ops-leads-move-1280-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    const leads = await api<{ items: { id: string; status: string; history: { note: string }[] }[] }>(
      'GET',
      '/ops/leads?status=contacted',
      { token },
    );
    expect(leads.items.find((l) => l.id === lead.id)).toMatchObject({
      status: 'contacted',
      history: [{ note: 'Called Karim; sending a quote for 8 trips a month.' }],
    });
    await page.goto(`${server.baseUrl}/ops/leads?status=contacted`);
    await expect.poll(() => bodyText(page), { timeout: 10_000 }).toContain('Agro Fresh Ltd.');
    await page
      .getByRole('row', { name: /Agro Fresh/ })
      .getByRole('button', { name: /expand/i })
      .click();
    await expect.poll(() => bodyText(page)).toContain('sending a quote for 8 trips');
    await snap(page, 'ops-leads-contacted-1280-en');
    await context.close();

    // The same rooms on a 360 px phone and in Bengali.
    for (const [viewport, size] of [
      [{ width: 360, height: 740 }, '360'],
      [{ width: 1280, height: 900 }, '1280'],
    ] as const) {
      for (const lang of ['en', 'bn'] as const) {
        if (size === '1280' && lang === 'en') continue;
        const view = await signedInContext(browser, token, { kind: 'staff', viewport, lang });
        const mark = lang === 'bn' ? 'প্রশ্নোত্তর' : 'When will my parcel be picked up?';
        await view.page.goto(`${server.baseUrl}/ops/content`);
        await expect.poll(() => bodyText(view.page), { timeout: 15_000 }).toContain(mark);
        await snap(view.page, `ops-content-faq-${size}-${lang}`);
        for (const tab of ['blog', 'booths', 'trucks'] as const) {
          await view.page.goto(`${server.baseUrl}/ops/content?tab=${tab}`);
          await expect
            .poll(() => view.page.locator('.ops-table tbody tr').count(), { timeout: 10_000 })
            .toBeGreaterThan(1);
          await snap(view.page, `ops-content-${tab}-${size}-${lang}`);
        }
        await view.page.goto(`${server.baseUrl}/ops/leads`);
        await expect.poll(() => bodyText(view.page), { timeout: 10_000 }).toContain('Agro Fresh Ltd.');
        await snap(view.page, `ops-leads-${size}-${lang}`);
        if (size === '360') {
          await view.page.goto(`${server.baseUrl}/ops/content`);
          await view.page
            .getByRole('button', { name: lang === 'bn' ? 'নতুন প্রশ্নোত্তর' : 'New FAQ entry' })
            .click();
          await view.page
            .getByRole('dialog')
            .getByRole('button', { name: lang === 'bn' ? 'সংরক্ষণ' : 'Save' })
            .click();
          await snapView(view.page, `ops-content-faq-dialog-${size}-${lang}`);
        }
        await view.context.close();
      }
    }
  });

  it('a marketing member has the content room but not the leads room', async () => {
    const token = (await signedInStaff(server, { role: 'marketing', name: 'Tania Akter' })).token;
    expect(
      (await fetch(`${server.baseUrl}/api/v1/ops/faq`, { headers: { Authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/api/v1/ops/leads`, { headers: { Authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(403);
    const { context, page } = await signedInContext(browser, token, {
      kind: 'staff',
      viewport: { width: 1280, height: 800 },
      lang: 'en',
    });
    await page.goto(`${server.baseUrl}/ops`);
    const nav = page.locator('.ops-shell__aside');
    await expect.poll(() => nav.textContent(), { timeout: 10_000 }).toContain('Site content');
    expect(await nav.textContent()).not.toContain('Enterprise leads');
    await context.close();
  });
});
