import { beforeAll, describe, expect, it } from 'vitest';
import { caller, multipart, pdfDocument, pngImage, signInStaff } from '../../../test/fixtures';
import { registerMerchant, useTestApp } from '../../../test/helpers';
import { demoBooths, demoFaq, demoPosts, demoTruckTypes, seedSiteContent } from '../../db/seed/site-content';

const t = useTestApp();
const call = caller(t);
let editor: string;
beforeAll(async () => {
  expect(await seedSiteContent(t.database.db)).toEqual([
    'booths',
    'truck_types',
    'faq_entries',
    'blog_posts',
  ]);
  editor = (await signInStaff(t, 'marketing')).token;
});

const booth = {
  nameEn: 'Dak Booth Nasirabad',
  nameBn: 'ডাক বুথ নাসিরাবাদ',
  addressEn: 'Shop 3, Nasirabad Housing Society Road, Panchlaish, Chattogram',
  addressBn: 'দোকান ৩, নাসিরাবাদ হাউজিং সোসাইটি রোড, পাঁচলাইশ, চট্টগ্রাম',
  districtId: 'chattogram',
  areaId: 'chattogram-city--panchlaish',
  phone: '01811000299',
  hoursEn: 'Every day, 10 am to 8 pm',
  hoursBn: 'প্রতিদিন, সকাল ১০টা থেকে রাত ৮টা',
  services: ['send_parcel', 'pay_bkash'],
};

const post = {
  slug: 'eid-delivery-schedule',
  titleEn: 'Eid delivery schedule',
  titleBn: 'ঈদের ডেলিভারি সময়সূচি',
  excerptEn: 'Last pickup dates before Eid, district by district.',
  excerptBn: 'ঈদের আগে শেষ পিকআপের তারিখ, জেলা অনুযায়ী।',
  bodyEn: '## Last pickups\n\nBook by **the 25th** for delivery before Eid.',
  bodyBn: '## শেষ পিকআপ\n\nঈদের আগে ডেলিভারির জন্য **২৫ তারিখের** মধ্যে বুক করুন।',
};

describe('public booths and hubs', () => {
  it('lists the booths and hubs of a district, booths first, cacheable', async () => {
    const res = await call('GET', '/public/booths?districtId=chattogram');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const items = res.json().items as { kind: string; name: string; districtId: string; phone: string }[];
    const booths = items.filter((i) => i.kind === 'booth');
    expect(booths.map((b) => b.name).sort()).toEqual(
      demoBooths
        .filter((b) => b.district_id === 'chattogram')
        .map((b) => b.name_en)
        .sort(),
    );
    expect(items.filter((i) => i.kind === 'hub').map((h) => h.name)).toEqual(
      expect.arrayContaining(['Chattogram Hub', 'Chattogram City Hub']),
    );
    expect(items.findIndex((i) => i.kind === 'hub')).toBe(booths.length);
    expect(items.every((i) => i.districtId === 'chattogram')).toBe(true);
    expect(items[0]).toMatchObject({
      addressBn: expect.any(String),
      hoursBn: expect.any(String),
      services: expect.arrayContaining(['send_parcel']),
    });
  });

  it('by area: the booths there and the hub that serves it; by words in English or Bengali', async () => {
    const area = (await call('GET', '/public/booths?areaId=chattogram-city--agrabad')).json().items;
    expect(area.map((i: { kind: string; name: string }) => `${i.kind}:${i.name}`)).toEqual([
      'booth:Dak Booth Agrabad',
      'hub:Chattogram City Hub',
    ]);
    const words = (await call('GET', `/public/booths?q=${encodeURIComponent('জিন্দাবাজার')}`)).json().items;
    expect(words.map((i: { name: string }) => i.name)).toEqual(['Dak Booth Zindabazar']);
    const like = (await call('GET', '/public/booths?q=%25')).json().items;
    expect(like).toEqual([]);
    expect((await call('GET', `/public/booths?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('staff manage booths', () => {
  it('adds, changes and removes a booth; the public list follows', async () => {
    const created = await call('POST', '/ops/booths', editor, booth);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ phone: '8801811000299', active: true });
    let names = (await call('GET', '/public/booths?districtId=chattogram'))
      .json()
      .items.map((i: { name: string }) => i.name);
    expect(names).toContain('Dak Booth Nasirabad');

    const hidden = await call('PUT', `/ops/booths/${id}`, editor, { ...booth, active: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    names = (await call('GET', '/public/booths?districtId=chattogram'))
      .json()
      .items.map((i: { name: string }) => i.name);
    expect(names).not.toContain('Dak Booth Nasirabad');
    expect(
      (await call('GET', '/ops/booths', editor)).json().items.map((b: { id: string }) => b.id),
    ).toContain(id);

    expect((await call('DELETE', `/ops/booths/${id}`, editor)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `/ops/booths/${id}`, editor)).statusCode).toBe(404);
  });

  it('refuses bad booths with clear messages and writes nothing', async () => {
    const before = (await call('GET', '/ops/booths', editor)).json().count;
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '01212345678' }, 'Invalid phone number'],
      [{ addressEn: 'Agrabad' }, 'Address (English) must be at least 10 characters'],
      [{ services: [] }, 'Choose at least one service'],
      [{ services: ['teleport'] }, 'Unknown service'],
      [{ districtId: 'atlantis' }, 'Choose a district'],
      [{ areaId: 'dhaka-city--mirpur-10' }, 'Choose an area of the chosen district'],
    ];
    for (const [change, message] of cases) {
      const res = await call('POST', '/ops/booths', editor, { ...booth, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await call('GET', '/ops/booths', editor)).json().count).toBe(before);
  });
});

describe('truck types', () => {
  it('lists the active types in order with indicative prices; staff edit them', async () => {
    const res = await call('GET', '/public/truck-types');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const items = res.json().items;
    expect(items.map((i: { lengthFeet: number }) => i.lengthFeet)).toEqual(
      demoTruckTypes.map((d) => d.length_feet),
    );
    expect(items[0]).toEqual({
      id: expect.any(String),
      name: '7 ft pickup',
      nameBn: '৭ ফুট পিকআপ',
      capacityKg: 1000,
      lengthFeet: 7,
      description: expect.any(String),
      descriptionBn: expect.any(String),
      indicativePriceTaka: 2500,
      priceUnit: 'trip',
    });

    const all = (await call('GET', '/ops/truck-types', editor)).json().items;
    const lorry = all.find((i: { lengthFeet: number }) => i.lengthFeet === 23);
    const changed = await call('PUT', `/ops/truck-types/${lorry.id}`, editor, {
      ...lorry,
      indicativePriceTaka: '19500',
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().indicativePriceTaka).toBe(19500);
    const after = (await call('GET', '/public/truck-types')).json().items;
    expect(after.map((i: { lengthFeet: number }) => i.lengthFeet)).not.toContain(23);

    const bad = await call('POST', '/ops/truck-types', editor, {
      ...lorry,
      indicativePriceTaka: 12.5,
      priceUnit: 'hour',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(
      /Indicative price must be a whole number|Price unit must be trip or day/,
    );
    const added = await call('POST', '/ops/truck-types', editor, {
      nameEn: '10 ft open van',
      nameBn: '১০ ফুট খোলা ভ্যান',
      capacityKg: 1500,
      lengthFeet: 10,
      descriptionEn: 'Open van for short city trips.',
      descriptionBn: 'শহরের ছোট যাত্রার খোলা ভ্যান।',
      indicativePriceTaka: 3500,
      priceUnit: 'trip',
      position: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await call('DELETE', `/ops/truck-types/${added.json().id}`, editor)).statusCode).toBe(200);
  });
});

describe('FAQ', () => {
  it('shows published entries only, in order; drafts stay in the console', async () => {
    const pub = await call('GET', '/public/faq');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().items).toHaveLength(demoFaq.length);
    expect(pub.json().items[0]).toMatchObject({
      questionEn: 'When will my parcel be picked up?',
      questionBn: 'আমার পার্সেল কখন পিকআপ হবে?',
      category: 'pickup',
      position: 10,
    });

    const draft = await call('POST', '/ops/faq', editor, {
      questionEn: 'Do you deliver on Fridays?',
      questionBn: 'শুক্রবারে কি ডেলিভারি হয়?',
      answerEn: 'Inside Dhaka city, yes; elsewhere deliveries resume on Saturday.',
      answerBn: 'ঢাকা শহরে হ্যাঁ; অন্যত্র শনিবার থেকে আবার ডেলিভারি হয়।',
      category: 'delivery',
      position: 5,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().status).toBe('draft');
    const entry = draft.json() as Record<string, unknown>;
    const id = entry.id;
    expect((await call('GET', '/public/faq')).json().items).toHaveLength(demoFaq.length);

    const published = await call('PUT', `/ops/faq/${id}`, editor, { ...entry, status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const items = (await call('GET', '/public/faq')).json().items;
    expect(items[0].questionEn).toBe('Do you deliver on Fridays?');

    const bad = await call('POST', '/ops/faq', editor, {
      ...entry,
      questionBn: ' ',
      category: 'misc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Question \(Bengali\) is required|Choose a category/);

    expect((await call('DELETE', `/ops/faq/${id}`, editor)).statusCode).toBe(200);
    expect((await call('GET', '/public/faq')).json().items).toHaveLength(demoFaq.length);
  });
});

describe('blog', () => {
  it('lists published posts newest first and shows one by slug', async () => {
    const list = await call('GET', '/public/blog');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { slug: string }) => p.slug)).toEqual(
      [...demoPosts].sort((a, b) => b.published_at.getTime() - a.published_at.getTime()).map((p) => p.slug),
    );
    const one = await call('GET', '/public/blog/cash-on-delivery-paid-next-day');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      titleEn: 'Your cash on delivery, paid the next working day',
      bodyBn: expect.stringContaining('পরের কর্মদিবসে'),
      coverImageUrl: null,
      publishedAt: '2026-10-05T04:00:00.000Z',
    });
    expect((await call('GET', '/public/blog/no-such-post')).statusCode).toBe(404);
  });

  it('keeps drafts private, publishes with a date, refuses a taken slug', async () => {
    const draft = await call('POST', '/ops/blog', editor, post);
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', publishedAt: null });
    const id = draft.json().id;
    expect((await call('GET', `/public/blog/${post.slug}`)).statusCode).toBe(404);
    expect((await call('GET', '/public/blog')).json().items).toHaveLength(demoPosts.length);

    const taken = await call('POST', '/ops/blog', editor, {
      ...post,
      slug: 'cash-on-delivery-paid-next-day',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Another post already uses this slug');
    const badSlug = await call('POST', '/ops/blog', editor, { ...post, slug: 'Eid Schedule!' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.message).toBe(
      'Slug may contain lower-case letters, digits and single hyphens only',
    );

    t.clock.advance(3600_000);
    const published = await call('PUT', `/ops/blog/${id}`, editor, { ...post, status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const publishedAt = published.json().publishedAt;
    expect(publishedAt).toBe(t.clock.now().toISOString());
    expect((await call('GET', '/public/blog')).json().items[0].slug).toBe(post.slug);

    // Back to draft: hidden again; published again later: keeps its first date.
    await call('PUT', `/ops/blog/${id}`, editor, { ...post, status: 'draft' });
    expect((await call('GET', `/public/blog/${post.slug}`)).statusCode).toBe(404);
    t.clock.advance(3600_000);
    const again = await call('PUT', `/ops/blog/${id}`, editor, { ...post, status: 'published' });
    expect(again.json().publishedAt).toBe(publishedAt);
    expect((await call('GET', `/ops/blog/${id}`, editor)).json().slug).toBe(post.slug);
  });

  it('takes a cover image checked by its bytes and serves it publicly', async () => {
    const upload = (bytes: Buffer, filename = 'cover.png', contentType = 'image/png') => {
      const body = multipart({}, [{ field: 'file', filename, contentType, bytes }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/ops/media',
        headers: { ...body.headers, authorization: `Bearer ${editor}` },
        payload: body.payload,
      });
    };
    const pdf = await upload(pdfDocument(), 'cover.png');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe('The image must be a JPEG, PNG or WebP picture');
    const big = await upload(pngImage(2 * 1024 * 1024 + 10));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('The image must be at most 2 MB');
    const truncated = await upload(pngImage().subarray(0, 30));
    expect(truncated.statusCode).toBe(400);

    const ok = await upload(pngImage());
    expect(ok.statusCode, ok.body).toBe(201);
    const { id, url } = ok.json();
    expect(url).toBe(`/api/v1/public/media/${id}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(pngImage())).toBe(true);

    const withCover = await call('POST', '/ops/blog', editor, {
      ...post,
      slug: 'with-cover',
      coverMediaId: id,
      status: 'published',
    });
    expect(withCover.statusCode, withCover.body).toBe(201);
    expect((await call('GET', '/public/blog/with-cover')).json().coverImageUrl).toBe(url);
    const unknownCover = await call('POST', '/ops/blog', editor, {
      ...post,
      slug: 'unknown-cover',
      coverMediaId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCover.statusCode).toBe(400);
    expect(unknownCover.json().error.message).toBe('Upload the cover image again');
    expect((await call('GET', '/public/media/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the content room', () => {
  it('is for admin and marketing staff only', async () => {
    const admin = (await signInStaff(t, 'admin')).token;
    expect((await call('GET', '/ops/faq', admin)).statusCode).toBe(200);
    for (const role of ['support', 'sales', 'finance'] as const) {
      const other = (await signInStaff(t, role)).token;
      expect((await call('GET', '/ops/faq', other)).statusCode, role).toBe(403);
      expect((await call('POST', '/ops/blog', other, post)).statusCode, role).toBe(403);
    }
    const merchant = await registerMerchant(t.app);
    expect((await call('GET', '/ops/booths', merchant.token)).statusCode).toBe(403);
    expect((await call('GET', '/ops/booths')).statusCode).toBe(401);
  });
});
