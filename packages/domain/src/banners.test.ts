import { describe, expect, it } from 'vitest';
import {
  bannerImageMaxBytes,
  bannerInputSchema,
  bannerMessages,
  bannerReaches,
  bannerStatus,
  checkBannerImage,
} from './banners';
import { messageOf } from './messages';

const valid = {
  kind: 'popup',
  audience: 'all',
  startsAt: '2026-11-29T00:00:00+06:00',
  endsAt: '2026-12-05T23:59:00+06:00',
  titleEn: 'Free pickup this week',
  titleBn: 'এই সপ্তাহে ফ্রি পিকআপ',
  bodyEn: 'Book 20 parcels and the pickup is on us.',
  bodyBn: '২০টি পার্সেল বুক করুন, পিকআপ আমাদের পক্ষ থেকে।',
};

const messagesOf = (input: unknown) => {
  const result = bannerInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

// A 1×1 PNG, whole: signature, IHDR, IDAT, IEND with right CRCs.
const hex =
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf500f00038601805a347d6b0000000049454e44ae426082';
const png = Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('the banner form', () => {
  it('takes a whole banner and keeps the dates as dates', () => {
    const parsed = bannerInputSchema.parse(valid);
    expect(parsed.startsAt).toEqual(new Date('2026-11-28T18:00:00Z'));
    expect(parsed).toMatchObject({ merchantTypes: [], shopIds: [], link: null });
  });

  it('wants the end after the start', () => {
    expect(messagesOf({ ...valid, endsAt: valid.startsAt })).toEqual([
      `endsAt: ${bannerMessages.endAfterStart}`,
    ]);
    expect(messageOf(bannerMessages.endAfterStart)).toEqual({ key: 'banners.endAfterStart' });
  });

  it('wants the text in both languages', () => {
    expect(messagesOf({ ...valid, titleBn: '  ', bodyEn: undefined })).toEqual([
      'titleBn: Title (Bengali) is required',
      'bodyEn: Text (English) is required',
    ]);
  });

  it('wants an audience whose fields fit it, and drops the fields of another', () => {
    expect(messagesOf({ ...valid, audience: 'merchant_types' })).toEqual([
      `merchantTypes: ${bannerMessages.merchantTypes}`,
    ]);
    expect(messagesOf({ ...valid, audience: 'shops', shopIds: [] })).toEqual([
      `shopIds: ${bannerMessages.shops}`,
    ]);
    expect(messagesOf({ ...valid, audience: 'merchant_types', merchantTypes: ['retail'] })).toHaveLength(1);
    expect(messagesOf({ ...valid, audience: 'everyone' })).toEqual([`audience: ${bannerMessages.audience}`]);
    const typed = bannerInputSchema.parse({
      ...valid,
      audience: 'merchant_types',
      merchantTypes: ['b2b', 'b2b', 'ltl'],
      shopIds: ['0b6d3f0e-8a57-4d5c-9c38-1f0a5c1b2d3e'],
    });
    expect(typed).toMatchObject({ merchantTypes: ['b2b', 'ltl'], shopIds: [] });
    const listed = bannerInputSchema.parse({
      ...valid,
      audience: 'shops',
      merchantTypes: ['b2b'],
      shopIds: ['0b6d3f0e-8a57-4d5c-9c38-1f0a5c1b2d3e'],
    });
    expect(listed).toMatchObject({ merchantTypes: [], shopIds: ['0b6d3f0e-8a57-4d5c-9c38-1f0a5c1b2d3e'] });
  });

  it('takes a panel page or an https address as its link', () => {
    expect(bannerInputSchema.parse({ ...valid, link: '/parcels/new' }).link).toBe('/parcels/new');
    expect(bannerInputSchema.parse({ ...valid, link: 'https://dak.example/eid' }).link).toBe(
      'https://dak.example/eid',
    );
    expect(bannerInputSchema.parse({ ...valid, link: '' }).link).toBeNull();
    for (const link of ['javascript:alert(1)', '//evil.example', 'http://dak.example', 'https:// x']) {
      expect(messagesOf({ ...valid, link }), link).toEqual([`link: ${bannerMessages.link}`]);
    }
  });
});

describe('who a banner reaches', () => {
  it('all, by merchant type, or a list of shops', () => {
    const b2b = { merchantType: 'b2b' } as const;
    expect(bannerReaches({ audience: 'all', merchantTypes: [], shopListed: false }, b2b)).toBe(true);
    expect(
      bannerReaches({ audience: 'merchant_types', merchantTypes: ['b2b'], shopListed: false }, b2b),
    ).toBe(true);
    expect(bannerReaches({ audience: 'merchant_types', merchantTypes: ['b2c'], shopListed: true }, b2b)).toBe(
      false,
    );
    expect(bannerReaches({ audience: 'shops', merchantTypes: [], shopListed: true }, b2b)).toBe(true);
    expect(bannerReaches({ audience: 'shops', merchantTypes: ['b2b'], shopListed: false }, b2b)).toBe(false);
  });

  it('is scheduled, live or ended by its window, and ended for good once ended', () => {
    const banner = { startsAt: new Date('2026-11-29T00:00:00Z'), endsAt: new Date('2026-11-30T00:00:00Z') };
    expect(bannerStatus({ ...banner, endedAt: null }, new Date('2026-11-28T23:59:59Z'))).toBe('scheduled');
    expect(bannerStatus({ ...banner, endedAt: null }, new Date('2026-11-29T00:00:00Z'))).toBe('live');
    expect(bannerStatus({ ...banner, endedAt: null }, new Date('2026-11-30T00:00:00Z'))).toBe('ended');
    expect(
      bannerStatus(
        { ...banner, endedAt: new Date('2026-11-29T01:00:00Z') },
        new Date('2026-11-29T02:00:00Z'),
      ),
    ).toBe('ended');
  });
});

describe('the banner image', () => {
  it('is a PNG, JPEG or WebP by its bytes, whatever it is called', () => {
    expect(checkBannerImage(png)).toEqual({ ok: true, contentType: 'image/png', extension: 'png' });
    const pdf = bytesOf('%PDF-1.7\n%%EOF\n');
    expect(checkBannerImage(pdf)).toMatchObject({
      ok: false,
      problem: 'type',
      message: bannerMessages.imageType,
    });
    expect(checkBannerImage(png.subarray(0, 40))).toMatchObject({ ok: false, problem: 'corrupt' });
  });

  it('is at most 1 MB and not empty', () => {
    expect(checkBannerImage(new Uint8Array(bannerImageMaxBytes + 1))).toMatchObject({ problem: 'tooLarge' });
    expect(checkBannerImage(png, true)).toMatchObject({ problem: 'tooLarge' });
    expect(checkBannerImage(undefined)).toMatchObject({ problem: 'required' });
    expect(checkBannerImage(new Uint8Array(0))).toMatchObject({ problem: 'required' });
  });
});
