import type { Tracking } from '@dak/domain/public-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createCoverageService } from '../coverage/coverage.service';
import { createGeoService } from '../geo/geo.service';
import { createPricingService } from '../pricing/pricing.service';
import { siteDocument } from './site.document';
import { createSiteLoaders } from './site.loaders';
import { createSiteRendererLoader } from './site.renderer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, headers: res.headers };
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe('public pages are rendered on the server', () => {
  it('GET / has the pitch, the tracking box and the calculator in the HTML, with its title', async () => {
    const { status, html, headers } = await page('/');
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(titleOf(html)).toBe('Dak — fast courier service, tech-first logistics');
    expect(descriptionOf(html)).toContain('tech-first logistics for online and offline businesses');
    expect(html).toContain('Fast courier service');
    expect(html).toContain('Tech-first logistics for online and offline businesses');
    expect(html).toContain('Tracking ID');
    expect(html).toContain('Delivery charge calculator');
    // The cut-off and the promise, from the price plan.
    expect(html).toContain('Request a pickup before 15:00');
    expect(html).toContain('href="/register"');
    expect(html).toContain('<link rel="alternate" hreflang="bn" href="http://localhost:80/bn"');
  });

  it('GET /bn is the same page in Bengali, with Bengali title, description and digits', async () => {
    const { status, html } = await page('/bn');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="bn">');
    expect(titleOf(html)).toBe('ডাক — দ্রুত কুরিয়ার সার্ভিস, প্রযুক্তিনির্ভর লজিস্টিকস');
    expect(descriptionOf(html)).toContain('অনলাইন ও অফলাইন ব্যবসার');
    expect(html).toContain('ডেলিভারি চার্জ ক্যালকুলেটর');
    expect(html).toContain('১৫:০০-এর আগে পিকআপ');
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/bn"');
  });

  it('a calculation in the address is rendered with its charge (what the language switch carries)', async () => {
    const from = 'dhaka-city--mirpur-10';
    const to = (await t.app.inject({ method: 'GET', url: '/api/v1/areas/search?q=sylhet%20sadar' })).json<{
      items: { id: string }[];
    }>().items[0]?.id;
    const { html } = await page(`/bn?w=1.2&price=1000&from=${from}&to=${to}`);
    // Outside the city, 1.2 kg: ৳130 + ৳25; COD 1% of ৳1,000 = ৳10; total ৳165.
    expect(html).toContain('৳১৫৫');
    expect(html).toContain('৳১০');
    expect(html).toContain('৳১৬৫');
    expect(html).toContain('মিরপুর ১০');
  });

  it('GET /coverage has the counts from the data; a search renders its answer', async () => {
    const summary = (await t.app.inject({ method: 'GET', url: '/api/v1/coverage/summary' })).json<{
      upazilas: number;
    }>();
    const plain = await page('/coverage');
    expect(plain.status).toBe(200);
    expect(titleOf(plain.html)).toBe('Coverage area — Dak delivers across Bangladesh');
    expect(plain.html).toContain('>64<');
    expect(plain.html).toContain(`>${summary.upazilas}<`);

    const { html } = await page('/coverage?q=sylhet&from=mirpur%2010');
    expect(html).toContain('Results for “sylhet”');
    expect(html).toContain('Covered');
    expect(html).toContain('Charge up to 500 g from Mirpur 10, Dhaka');
    expect(html).toContain('৳110');

    const bn = await page(`/bn/coverage?q=${encodeURIComponent('সিলেট')}`);
    expect(bn.html).toContain('<html lang="bn">');
    expect(titleOf(bn.html)).toBe('কভারেজ এরিয়া — সারা বাংলাদেশে ডাক');
    expect(bn.html).toContain('“সিলেট” এর ফলাফল');
    expect(bn.html).toContain('>৬৪<');
  });

  it('an unknown tracking ID is a clear 404 page; /track?id= redirects to the page', async () => {
    const { status, html } = await page('/track/DK22222222X');
    expect(status).toBe(404);
    expect(html).toContain('We could not find this parcel');
    expect(html).toContain('No parcel has the tracking ID DK22222222X');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const bn = await page('/bn/track/dk22222222x');
    expect(bn.html).toContain('এই পার্সেলটি খুঁজে পাওয়া যায়নি');
    const redirect = await t.app.inject({ method: 'GET', url: '/bn/track?id=dk7mq2xh4bk' });
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe('/bn/track/DK7MQ2XH4BK');
  });

  it('courier, enterprise, FAQ and blog render a useful page while their content API is not there', async () => {
    const courier = await page('/courier?districtId=chattogram');
    expect(courier.status).toBe(200);
    expect(titleOf(courier.html)).toBe('Courier booths and hubs — send a parcel with Dak');
    expect(courier.html).toContain('What to bring');
    expect(courier.html).toMatch(/Chattogram/);
    const enterprise = await page('/bn/enterprise');
    expect(titleOf(enterprise.html)).toBe('এন্টারপ্রাইজ লজিস্টিকস ও ট্রাক ভাড়া — ডাক');
    expect(enterprise.html).toContain('কোটেশন চান');
    const faq = await page('/faq');
    expect(faq.html).toContain('How much does a delivery cost?');
    // The answer quotes the price plan, not typed numbers.
    expect(faq.html).toContain('Within a city ৳60 up to 500 g and ৳70 up to 1 kg');
    const blog = await page('/bn/blog');
    expect(blog.status).toBe(200);
    expect(titleOf(blog.html)).toBe('ব্লগ — ডাক');
    const post = await page('/blog/no-such-post');
    expect(post.status).toBe(404);
    expect(post.html).toContain('Page not found');
  });

  it('serves robots.txt and a sitemap with every public page in both languages', async () => {
    const robots = await page('/robots.txt');
    expect(robots.html).toContain('Disallow: /ops');
    expect(robots.html).toContain('Disallow: /dashboard');
    expect(robots.html).toContain('Sitemap: http://localhost:80/sitemap.xml');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of [
      '/',
      '/bn',
      '/coverage',
      '/bn/coverage',
      '/courier',
      '/enterprise',
      '/faq',
      '/bn/blog',
    ]) {
      expect(sitemap.html).toContain(`<loc>http://localhost:80${path}</loc>`);
    }
    expect(sitemap.html).toContain('hreflang="bn" href="http://localhost:80/bn/faq"');
  });
});

describe('pages against the contracts of routes built on other branches', () => {
  it('renders the timeline, newest first, in the page language', async () => {
    const geo = createGeoService({ db: t.database.db });
    const rateLimiter = { consume: async () => undefined } as never;
    const pricing = createPricingService({
      db: t.database.db,
      clock: t.clock,
      geo,
      rateLimiter,
      limits: t.config.rateLimits,
    });
    const coverage = createCoverageService({
      db: t.database.db,
      geo,
      pricing,
      rateLimiter,
      limits: t.config.rateLimits,
    });
    const tracking: Tracking = {
      trackingId: 'DK7MQ2XH4BK',
      status: 'in_transit',
      statusGroup: 'forward_in_progress',
      events: [
        {
          status: 'pickup_pending',
          at: '2026-11-22T04:00:00Z',
          hub: null,
          message_en: 'Parcel booked',
          message_bn: 'পার্সেল বুক হয়েছে',
        },
        {
          status: 'in_transit',
          at: '2026-11-22T10:00:00Z',
          hub: 'Mirpur hub',
          message_en: 'On the way to Sylhet',
          message_bn: 'সিলেটের পথে',
        },
      ],
    };
    // The tracking route is another module's (the contract in issue 6): answered here as it will.
    const loaders = createSiteLoaders({
      geo,
      pricing,
      coverage,
      api: async (url) =>
        url === '/api/v1/tracking/DK7MQ2XH4BK'
          ? { status: 200, body: tracking }
          : { status: 404, body: null },
    });
    const data = await loaders.track('dk7mq2xh4bk');
    expect(data.tracking?.trackingId).toBe('DK7MQ2XH4BK');
    const renderer = await createSiteRendererLoader(undefined)();
    const props = {
      lang: 'bn' as const,
      path: '/track/DK7MQ2XH4BK',
      search: '',
      plan: await loaders.plan(),
      page: data,
    };
    const html = siteDocument({
      props,
      page: renderer.render(props),
      assets: null,
      origin: 'https://dak.example',
      noindex: true,
    });
    expect(html).toContain('পথে আছে');
    expect(html.indexOf('সিলেটের পথে')).toBeLessThan(html.indexOf('পার্সেল বুক হয়েছে'));
    expect(html).toContain('Mirpur hub');
    expect(html).toContain('<title>পার্সেল DK7MQ2XH4BK ট্র্যাক করুন — ডাক</title>');
    const unknown = await loaders.track('DK22222222X');
    expect(unknown.tracking).toBeNull();
  });

  it('renders a blog post from markdown without letting it inject markup', async () => {
    const geo = createGeoService({ db: t.database.db });
    const rateLimiter = { consume: async () => undefined } as never;
    const limits = t.config.rateLimits;
    const pricing = createPricingService({ db: t.database.db, clock: t.clock, geo, rateLimiter, limits });
    const coverage = createCoverageService({ db: t.database.db, geo, pricing, rateLimiter, limits });
    const post = {
      slug: 'cod-tips',
      titleEn: 'Five tips for cash on delivery',
      titleBn: 'ক্যাশ অন ডেলিভারির পাঁচটি টিপস',
      bodyEn:
        '## Call first\n\nCall the customer **before** dispatch. <script>alert(1)</script>\n\n- Pack well\n- [Price it](/coverage)\n- [Bad link](javascript:alert(1))',
      bodyBn: '## আগে ফোন করুন\n\nপাঠানোর **আগে** কাস্টমারকে ফোন করুন।',
      coverImageUrl: null,
      publishedAt: '2026-11-20T06:00:00Z',
    };
    const loaders = createSiteLoaders({
      geo,
      pricing,
      coverage,
      api: async (url) =>
        url === '/api/v1/public/blog/cod-tips' ? { status: 200, body: post } : { status: 404, body: null },
    });
    const data = await loaders.blogPost('cod-tips');
    if (!data) throw new Error('post not loaded');
    const renderer = await createSiteRendererLoader(undefined)();
    const props = {
      lang: 'en' as const,
      path: '/blog/cod-tips',
      search: '',
      plan: await loaders.plan(),
      page: data,
    };
    const html = renderer.render(props).html;
    expect(html).toContain('<h2>Call first</h2>');
    expect(html).toContain('<strong>before</strong>');
    expect(html).toContain('<a href="/coverage">Price it</a>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(renderer.render({ ...props, lang: 'bn' }).title).toBe('ক্যাশ অন ডেলিভারির পাঁচটি টিপস — ডাক');
    expect(await loaders.blogPost('missing')).toBeNull();
  });
});
