import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bannerMessages } from '@dak/domain/banners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, caller, multipart, pdfDocument, pngImage, signInStaff } from '../../../test/fixtures';
import { registerMerchant, type TestApp, useTestApp } from '../../../test/helpers';

const filesDir = await mkdtemp(join(tmpdir(), 'dak-banner-files-'));
afterAll(() => rm(filesDir, { recursive: true, force: true }));
const t: TestApp = useTestApp({ FILES_DIR: filesDir });
const call = caller(t);

type Merchant = Awaited<ReturnType<typeof registerMerchant>>;
let editor: string;
/** b2c, b2b and another b2c shop. */
let a: Merchant;
let b: Merchant;
let c: Merchant;

const hour = 3600_000;
const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

const banner = (overrides: Record<string, unknown> = {}) => ({
  kind: 'popup',
  audience: 'all',
  startsAt: iso(-hour),
  endsAt: iso(48 * hour),
  titleEn: 'Eid pickups until the 25th',
  titleBn: 'ঈদের পিকআপ ২৫ তারিখ পর্যন্ত',
  bodyEn: 'Book before the 25th for delivery before Eid.',
  bodyBn: 'ঈদের আগে ডেলিভারির জন্য ২৫ তারিখের আগে বুক করুন।',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/ops/banners', editor, banner(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; status: string; kind: string }>();
}

type Live = { header: { id: string } | null; popups: { id: string }[]; whatsNew: { id: string }[] };
async function live(m: Merchant): Promise<Live> {
  const res = await call('GET', `/shops/${m.shop.id}/banners`, m.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (list: { id: string }[]) => list.map((x) => x.id);

/** The header banners not ended, as the database has them. */
const openHeaders = () =>
  t.database.db
    .selectFrom('banners')
    .select('id')
    .where('kind', '=', 'header')
    .where('ended_at', 'is', null)
    .execute();

beforeAll(async () => {
  editor = (await signInStaff(t, 'marketing')).token;
  [a, b, c] = await Promise.all([registerMerchant(t.app), registerMerchant(t.app), registerMerchant(t.app)]);
  await t.database.db
    .updateTable('shops')
    .set({ merchant_type: 'b2b' })
    .where('id', '=', b.shop.id)
    .execute();
});

describe('the banner room', () => {
  it('is for admin and marketing staff only', async () => {
    const admin = (await signInStaff(t, 'admin')).token;
    expect((await call('GET', '/ops/banners', admin)).statusCode).toBe(200);
    expect((await call('GET', '/ops/banners', editor)).statusCode).toBe(200);
    for (const role of ['support', 'finance', 'hub_manager', 'sales'] as const) {
      const other = (await signInStaff(t, role)).token;
      expect((await call('GET', '/ops/banners', other)).statusCode, role).toBe(403);
      expect((await call('POST', '/ops/banners', other, banner())).statusCode, role).toBe(403);
    }
    expect((await call('POST', '/ops/banners', a.token, banner())).statusCode).toBe(403);
    expect((await call('GET', '/ops/banners')).statusCode).toBe(401);
  });

  it('refuses an end before the start and a shop that does not exist, in the spec\u2019s words', async () => {
    const backwards = await call('POST', '/ops/banners', editor, banner({ endsAt: iso(-2 * hour) }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe(bannerMessages.endAfterStart);
    expect(backwards.json().error.key).toBe('banners.endAfterStart');
    const ghost = await call(
      'POST',
      '/ops/banners',
      editor,
      banner({ audience: 'shops', shopIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().error.message).toBe(bannerMessages.shopNotFound);
  });
});

describe('what a shop sees', () => {
  it('by audience: all, a merchant type, a list of shops', async () => {
    const everyone = await create({ kind: 'whats_new' });
    const b2b = await create({ kind: 'whats_new', audience: 'merchant_types', merchantTypes: ['b2b'] });
    const listed = await create({ kind: 'whats_new', audience: 'shops', shopIds: [c.shop.id] });
    const seenBy = async (m: Merchant) =>
      ids((await live(m)).whatsNew).filter((id) => [everyone.id, b2b.id, listed.id].includes(id));
    expect(await seenBy(a)).toEqual([everyone.id]);
    expect((await seenBy(b)).sort()).toEqual([everyone.id, b2b.id].sort());
    expect((await seenBy(c)).sort()).toEqual([everyone.id, listed.id].sort());
  });

  it('in its window only, and not after staff end it', async () => {
    const later = await create({ kind: 'whats_new', startsAt: iso(2 * hour), endsAt: iso(4 * hour) });
    const status = async () => (await call('GET', `/ops/banners/${later.id}`, editor)).json().status;
    expect(later.status).toBe('scheduled');
    expect(ids((await live(a)).whatsNew)).not.toContain(later.id);
    // Not started: not readable by id either.
    expect((await call('GET', `/shops/${a.shop.id}/banners/${later.id}`, a.token)).statusCode).toBe(404);
    t.clock.advance(2 * hour);
    expect(ids((await live(a)).whatsNew)).toContain(later.id);
    expect(await status()).toBe('live');
    t.clock.advance(2 * hour);
    expect(ids((await live(a)).whatsNew)).not.toContain(later.id);
    expect(await status()).toBe('ended');

    const ended = await create({ kind: 'whats_new' });
    expect(ids((await live(a)).whatsNew)).toContain(ended.id);
    const end = await call('POST', `/ops/banners/${ended.id}/end`, editor);
    expect(end.json()).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
    expect(ids((await live(a)).whatsNew)).not.toContain(ended.id);
    const edit = await call('PUT', `/ops/banners/${ended.id}`, editor, banner({ kind: 'whats_new' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(bannerMessages.ended);
  });

  it('a banner meant for other shops is not found, nor its image, nor can it be marked seen', async () => {
    const forC = await create({ audience: 'shops', shopIds: [c.shop.id] });
    const image = multipart({}, [
      { field: 'file', filename: 'x.png', contentType: 'image/png', bytes: pngImage() },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/ops/banners/${forC.id}/image`,
      headers: { ...image.headers, authorization: `Bearer ${editor}` },
      payload: image.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call('GET', `/shops/${c.shop.id}/banners/${forC.id}`, c.token)).statusCode).toBe(200);
    for (const path of ['', '/image']) {
      const res = await call('GET', `/shops/${a.shop.id}/banners/${forC.id}${path}`, a.token);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.message).toBe(path ? bannerMessages.notFound : bannerMessages.notFound);
    }
    expect((await call('POST', `/shops/${a.shop.id}/banners/${forC.id}/seen`, a.token)).statusCode).toBe(404);
    // Someone who does not work in shop C cannot ask under it.
    expect((await call('GET', `/shops/${c.shop.id}/banners/${forC.id}`, a.token)).statusCode).toBe(404);
    expect((await call('GET', `/shops/${c.shop.id}/banners`)).statusCode).toBe(401);
  });
});

describe('popups', () => {
  it('are listed for a user until they were shown once, on any device and in any shop', async () => {
    const popup = await create({ kind: 'popup' });
    const member = await addMember(t, a.shop.id, 'viewer');
    expect(ids((await live(a)).popups)).toContain(popup.id);
    const seen = await call('POST', `/shops/${a.shop.id}/banners/${popup.id}/seen`, a.token);
    expect(seen.statusCode, seen.body).toBe(200);
    const again = await call('POST', `/shops/${a.shop.id}/banners/${popup.id}/seen`, a.token);
    expect(again.statusCode).toBe(200);
    expect(ids((await live(a)).popups)).not.toContain(popup.id);
    // The same person in another session (a second device) is not shown it again.
    const login = await call('POST', '/auth/login', undefined, { phone: a.phone, password: a.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(ids((await live({ ...a, token: login.json().token })).popups)).not.toContain(popup.id);
    // Another user of the same shop still is; the spec's read by id still answers.
    expect(ids((await live(member)).popups)).toContain(popup.id);
    expect((await call('GET', `/shops/${a.shop.id}/banners/${popup.id}`, a.token)).json().id).toBe(popup.id);
    const rows = await t.database.db
      .selectFrom('banner_popups_seen')
      .selectAll()
      .where('banner_id', '=', popup.id)
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([a.user.id]);
    // Only a popup is marked seen.
    const header = await create({ kind: 'whats_new' });
    expect((await call('POST', `/shops/${a.shop.id}/banners/${header.id}/seen`, a.token)).statusCode).toBe(
      404,
    );
  });
});

describe('one header banner kept', () => {
  it('a new header banner ends the one before; a banner made a header ends it too', async () => {
    const first = await create({ kind: 'header' });
    expect((await live(a)).header?.id).toBe(first.id);
    const second = await create({ kind: 'header', titleEn: 'Second header' });
    expect((await call('GET', `/ops/banners/${first.id}`, editor)).json().status).toBe('ended');
    expect((await live(a)).header?.id).toBe(second.id);
    const popup = await create({ kind: 'popup' });
    const made = await call('PUT', `/ops/banners/${popup.id}`, editor, banner({ kind: 'header' }));
    expect(made.statusCode, made.body).toBe(200);
    expect(ids(await openHeaders())).toEqual([popup.id]);
    expect((await live(a)).header?.id).toBe(popup.id);
  });

  it('two staff creating header banners at once: both succeed, one is kept', async () => {
    const admin = (await signInStaff(t, 'admin')).token;
    const results = await Promise.all(
      [editor, admin, editor, admin].map((token, i) =>
        call('POST', '/ops/banners', token, banner({ kind: 'header', titleEn: `Header at once ${i}` })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const open = await openHeaders();
    expect(open).toHaveLength(1);
    expect(results.map((r) => r.json().id)).toContain(open[0]?.id);
  });
});

describe('the image', () => {
  const upload = (id: string, bytes: Buffer, contentType = 'image/png') => {
    const body = multipart({}, [{ field: 'file', filename: 'banner.png', contentType, bytes }]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/ops/banners/${id}/image`,
      headers: { ...body.headers, authorization: `Bearer ${editor}` },
      payload: body.payload,
    });
  };
  const stored = async () => readdir(join(filesDir, 'banners')).catch(() => [] as string[]);

  it('bad bytes are refused whatever the name says, and nothing is stored', async () => {
    const target = await create({ kind: 'whats_new' });
    const before = await stored();
    const pdf = await upload(target.id, pdfDocument());
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe(bannerMessages.imageType);
    const truncated = await upload(target.id, pngImage().subarray(0, 30));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.message).toBe(bannerMessages.imageCorrupt);
    const big = await upload(target.id, pngImage(1024 * 1024 + 10));
    expect(big.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
    const row = await t.database.db
      .selectFrom('banners')
      .select(['image_storage_key', 'image_content_type'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ image_storage_key: null, image_content_type: null });
    expect(
      (await call('GET', `/shops/${a.shop.id}/banners/${target.id}`, a.token)).json().imageUrl,
    ).toBeNull();
  });

  it('a checked image is served to the shop with its stored type and nosniff; a new one replaces it', async () => {
    const target = await create({ kind: 'whats_new' });
    const ok = await upload(target.id, pngImage(), 'application/octet-stream');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().imageUrl).toBe(`/api/v1/ops/banners/${target.id}/image`);
    const shown = (await call('GET', `/shops/${a.shop.id}/banners/${target.id}`, a.token)).json();
    expect(shown.imageUrl).toBe(`/api/v1/shops/${a.shop.id}/banners/${target.id}/image`);
    const served = await t.app.inject({
      method: 'GET',
      url: shown.imageUrl,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(pngImage())).toBe(true);
    const count = (await stored()).length;
    expect((await upload(target.id, pngImage(10))).statusCode).toBe(200);
    expect((await stored()).length).toBe(count);
    expect((await t.app.inject({ method: 'GET', url: shown.imageUrl })).statusCode).toBe(401);
  });
});
