import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { bookingMerchant, bookParcel, walk } from '../../../test/operations-fixtures';
import { seedSiteContent } from '../../db/seed/site-content';
import { createCoverageService } from '../coverage/coverage.service';
import { createGeoService } from '../geo/geo.service';
import { createPricingService } from '../pricing/pricing.service';
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

  it('courier, enterprise, FAQ and blog show a clear empty state before staff write anything', async () => {
    const courier = await page('/courier?districtId=chattogram');
    expect(courier.status).toBe(200);
    expect(titleOf(courier.html)).toBe('Courier booths and hubs — send a parcel with Dak');
    expect(courier.html).toContain('What to bring');
    // Hubs come from the geography data, so a district has its hub even without booths.
    expect(courier.html).toContain('Chattogram');
    const enterprise = await page('/bn/enterprise');
    expect(titleOf(enterprise.html)).toBe('এন্টারপ্রাইজ লজিস্টিকস ও ট্রাক ভাড়া — ডাক');
    expect(enterprise.html).toContain('কোটেশন চান');
    expect(enterprise.html).toContain('উপযুক্ত গাড়ি ও কোটেশন');
    const faq = await page('/faq');
    expect(faq.status).toBe(200);
    expect(faq.html).toContain('No questions here yet');
    const blog = await page('/bn/blog');
    expect(blog.status).toBe(200);
    expect(titleOf(blog.html)).toBe('ব্লগ — ডাক');
    expect(blog.html).toContain('এখনো কোনো লেখা নেই');
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

describe('pages filled from the content, leads and tracking routes', () => {
  beforeAll(async () => {
    await seedSiteContent(t.database.db);
  });

  it('curl of the home, coverage and a blog post returns HTML with their text', async () => {
    const home = await page('/');
    expect(home.html).toContain('Fast courier service');
    expect(home.html).toContain('Delivery charge calculator');
    const coverage = await page('/coverage?q=chattogram');
    expect(coverage.html).toContain('Coverage area');
    expect(coverage.html).toContain('Results for “chattogram”');
    const post = await page('/blog/cash-on-delivery-paid-next-day');
    expect(post.status).toBe(200);
    expect(post.headers['content-type']).toContain('text/html');
    expect(titleOf(post.html)).toBe('Your cash on delivery, paid the next working day — Dak');
    expect(descriptionOf(post.html)).toContain('From the customer’s hand to your account');
    expect(post.html).toContain('<h1>Your cash on delivery, paid the next working day</h1>');
    expect(post.html).toContain('<h2>From the customer’s hand to your account</h2>');
    expect(post.html).toContain('<strong>less the delivery charge and the 1% COD charge</strong>');
    const bn = await page('/bn/blog/cash-on-delivery-paid-next-day');
    expect(titleOf(bn.html)).toBe('ক্যাশ অন ডেলিভারির টাকা পরের কর্মদিবসেই — ডাক');
    expect(bn.html).toContain('<html lang="bn">');
    const list = await page('/blog');
    expect(list.html).toContain('href="/blog/cash-on-delivery-paid-next-day"');
    expect(list.html).toContain('How the money your customers pay reaches your bank');
  });

  it('the courier page finds the booths and the hub by district and area, in both languages', async () => {
    const district = await page('/courier?districtId=chattogram');
    expect(district.html).toContain('Dak Booth Agrabad');
    expect(district.html).toContain('Dak Booth GEC Circle');
    expect(district.html).toContain('Agrabad Commercial Area, Chattogram 4100');
    expect(district.html).toContain('href="tel:+8801811000201"');
    expect(district.html).toContain('01811-000201');
    expect(district.html).toContain('Pay by bKash');
    expect(district.html).not.toContain('Dak Booth Zindabazar');
    // The district's areas to narrow down by.
    expect(district.html).toContain('<option value="chattogram-city--agrabad">Agrabad</option>');
    const area = await page('/courier?districtId=chattogram&areaId=chattogram-city--agrabad');
    expect(area.html).toContain('Dak Booth Agrabad');
    expect(area.html).not.toContain('Dak Booth GEC Circle');
    // Unnarrowed: every booth, and the hubs wait for a district.
    const all = await page('/courier');
    expect(all.html).toContain('Dak Booth Zindabazar');
    expect(all.html).toContain('Dak Booth Agrabad');
    expect(all.html).not.toContain('Chattogram City Hub');
    expect(all.html).toContain('choose a district to see it');
    expect(district.html).toContain('Chattogram City Hub');
    const bn = await page('/bn/courier?districtId=chattogram');
    expect(bn.html).toContain('ডাক বুথ আগ্রাবাদ');
    expect(bn.html).toContain('বিকাশে পেমেন্ট');
    expect(bn.html).toContain('০১৮১১-০০০২০১');
  });

  it('the enterprise page lists truck types with capacity and indicative prices; FAQ by category', async () => {
    const trucks = (await t.app.inject({ method: 'GET', url: '/api/v1/public/truck-types' })).json<{
      items: { name: string; capacityKg: number }[];
    }>().items;
    expect(trucks.length).toBeGreaterThan(0);
    const enterprise = await page('/enterprise');
    for (const truck of trucks) expect(enterprise.html).toContain(truck.name);
    expect(enterprise.html).toContain('Prices are indicative');
    expect(enterprise.html).toContain('Indicative price');
    expect(enterprise.html).toMatch(/Carries up to [\d,]+ kg/);
    const faq = await page('/faq');
    expect(faq.html).toContain('Can I send a single parcel without a merchant account?');
    expect(faq.html).toContain('About Dak');
    expect(faq.html).not.toContain('No questions here yet');
    const bn = await page('/bn/faq');
    expect(bn.html).toContain('মার্চেন্ট অ্যাকাউন্ট ছাড়া কি একটি পার্সেল পাঠানো যায়?');
  });

  it('the sitemap lists the published posts in both languages, not drafts', async () => {
    await t.database.db
      .updateTable('blog_posts')
      .set({ status: 'draft' })
      .where('slug', '=', 'packing-parcels-that-arrive-safe')
      .execute();
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.html).toContain('<loc>http://localhost:80/blog/cash-on-delivery-paid-next-day</loc>');
    expect(sitemap.html).toContain('<loc>http://localhost:80/bn/blog/cash-on-delivery-paid-next-day</loc>');
    expect(sitemap.html).not.toContain('packing-parcels-that-arrive-safe');
  });

  it('a parcel booked through the API shows its timeline, newest first, in English and Bengali', async () => {
    const admin = await signInStaff(t, 'admin');
    const merchant = await bookingMerchant(t);
    const { trackingId } = await bookParcel(t, merchant, { customerPhone: '01912345678' });
    await walk(t, admin.token, trackingId, ['at_sorting', 'in_transit']);
    const en = await page(`/track/${trackingId.toLowerCase()}`);
    expect(en.status).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.html).toContain('<meta name="robots" content="noindex" />');
    expect(titleOf(en.html)).toBe(`Track parcel ${trackingId} — Dak`);
    expect(en.html).toContain('On the way');
    expect(en.html).toContain('01912-****78');
    expect(en.html).toContain('Mirpur Hub');
    const newest = en.html.indexOf('On the way to the delivery hub');
    expect(newest).toBeGreaterThan(0);
    expect(newest).toBeLessThan(en.html.indexOf('Picked up; at the sorting hub'));
    const bn = await page(`/bn/track/${trackingId}`);
    expect(bn.html).toContain('পথে আছে');
    expect(bn.html).toContain('পিকআপ হয়েছে; সর্টিং হাবে আছে');
    expect(bn.html).toContain('মিরপুর হাব');
    expect(bn.html).toContain('০১৯১২-****৭৮');
  });

  it('a published post keeps its site links and drops every link that could leave the site (issue 11)', async () => {
    const editor = await signInStaff(t, 'marketing');
    const tricks = [
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '\x01javascript:alert(1)',
      '\tjavascript:alert(1)',
      'java\tscript:alert(1)',
      '\u00a0javascript:alert(1)',
      'https:\\\\evil.example',
      'data:text/html,x',
    ];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ops/blog',
      headers: { authorization: `Bearer ${editor.token}` },
      payload: {
        slug: 'link-tricks',
        titleEn: 'Links in a post',
        titleBn: 'পোস্টের লিংক',
        excerptEn: 'Where the links in a post may go.',
        excerptBn: 'পোস্টের লিংক কোথায় যেতে পারে।',
        bodyEn: [
          '[home](/coverage?q=x) [site](https://dak.example/a) [mail](mailto:hi@dak.example) [call](tel:09610000000)',
          ...tricks.map((href, i) => `[trick${i}](${href})`),
        ].join(' '),
        bodyBn: 'পোস্টের লিংক কোথায় যেতে পারে, তার নিয়ম।',
        status: 'published',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { html } = await page('/blog/link-tricks');
    const hrefs = [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
      .filter(
        (m) =>
          m[2] === 'home' ||
          m[2] === 'site' ||
          m[2] === 'mail' ||
          m[2] === 'call' ||
          m[2]?.startsWith('trick'),
      )
      .map((m) => [m[2], m[1]]);
    expect(hrefs).toEqual([
      ['home', '/coverage?q=x'],
      ['site', 'https://dak.example/a'],
      ['mail', 'mailto:hi@dak.example'],
      ['call', 'tel:09610000000'],
    ]);
    for (let i = 0; i < tricks.length; i++) expect(html).toContain(`trick${i}`);
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

describe('the track page over the lookup limit (issue 11)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_TRACKING_PER_IP_PER_MINUTE: '2' });
  });
  afterAll(() => limited.close());

  it('says "try again in a minute" with a 429, in English and Bengali, never "no such parcel"', async () => {
    const get = (url: string) => limited.app.inject({ method: 'GET', url });
    expect((await get('/track/DK22222222X')).statusCode).toBe(404);
    expect((await get('/track/DK22222222X')).statusCode).toBe(404);
    const en = await get('/track/DK22222222X');
    expect(en.statusCode).toBe(429);
    expect(en.headers['retry-after']).toBe('60');
    expect(en.body).toContain('Please try again in a minute.');
    expect(en.body).not.toContain('We could not find this parcel');
    const bn = await get('/bn/track/DK22222222X');
    expect(bn.statusCode).toBe(429);
    expect(bn.body).toContain('এক মিনিট পরে আবার চেষ্টা করুন');
    expect(bn.body).not.toContain('এই পার্সেলটি খুঁজে পাওয়া যায়নি');
    limited.clock.advance(61_000);
    expect((await get('/track/DK22222222X')).statusCode).toBe(404);
  });
});
